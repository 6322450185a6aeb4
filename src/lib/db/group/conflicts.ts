/**
 * Both versions of a thing kept, until a person settles (docs/group.md, "Every write says what it replaces: conflicts are shown, never merged"): the
 * conflict row, and keeping both as two matches.
 */
import type { PasspadDb } from '../db';
import { readEntries, writeEntries } from '../entries';
import { retally } from '../totals';
import { trackMatch } from '../changed';
import type { ConflictRow, MatchRow, Subject } from '../schema';
import { letSealGo } from './seals';

/** Both versions kept: the conflict row, the subject's pending versions dropped. */
export async function writeConflict(db: PasspadDb, row: ConflictRow): Promise<void> {
	await db.transaction('rw', db.conflicts, db.outbox, db.synced, async () => {
		await db.conflicts.put(row);
		await db.outbox.where('[group+subject]').equals([row.group, row.subject]).delete();
		const synced = await db.synced.get([row.group, row.subject]);
		if (synced && synced.seq < row.theirsSeq)
			await db.synced.put({ ...synced, seq: row.theirsSeq });
		if (!synced) {
			await db.synced.put({
				group: row.group,
				subject: row.subject,
				seq: row.theirsSeq,
				msgId: '',
				revision: -1,
				hash: null
			});
		}
	});
}

export function conflictsOf(db: PasspadDb, group: string): Promise<ConflictRow[]> {
	return db.conflicts.where('group').equals(group).toArray();
}

/** A conflict settled keeping this phone's side: chosen knowing the group's, and its seal. */
export async function dropConflict(db: PasspadDb, group: string, subject: Subject) {
	await db.transaction('rw', db.conflicts, db.seals, async () => {
		await db.conflicts.delete([group, subject]);
		await letSealGo(db, group, subject);
	});
}

/**
 * Keep both (docs/group.md): this phone's version of a match becomes a new match of the group
 * (a new id, its log copied), in one transaction; the caller then takes the group's version.
 */
export async function copyMatch(db: PasspadDb, id: string, newId: string): Promise<MatchRow> {
	return db.transaction('rw', db.matches, db.logs, db.totals, db.changed, async () => {
		const match = await db.matches.get(id);
		if (!match) throw new Error(`Match ${id} is not here.`);
		const copy: MatchRow = { ...match, id: newId, revision: 0 };
		await db.matches.add(copy);
		await writeEntries(db, newId, await readEntries(db, id));
		await retally(db.totals, [[undefined, copy]]);
		// the copy is a new match of the group: sent like one made here (changed.ts)
		await trackMatch(db, copy);
		return copy;
	});
}
