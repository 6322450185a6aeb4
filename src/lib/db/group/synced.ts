/**
 * Where the group's version of each thing stands here (its `synced` row), and how far this
 * phone has read the group's stream (docs/group.md, "What is written where").
 */
import type { PasspadDb } from '../db';
import type { GroupRow, Subject, SyncedRow } from '../schema';
import { letSealGo } from './seals';

/** Where the group's version of a thing stands after a write. */
export type SyncedFields = Pick<SyncedRow, 'seq' | 'msgId' | 'hash'>;

/** The thing is as the group's version says: its synced row, its pending versions dropped. */
export async function agreed(
	db: PasspadDb,
	group: string,
	subject: Subject,
	fields: SyncedFields,
	revision: number,
	mergedInto?: string
) {
	const row: SyncedRow = { group, subject, ...fields, revision };
	if (mergedInto) row.mergedInto = mergedInto;
	await db.synced.put(row);
	await db.outbox.where('[group+subject]').equals([group, subject]).delete();
	// a conflict settled by taking the group's version ends with it
	await db.conflicts.delete([group, subject]);
	// the copy is the group's version now, which may carry a seal this phone never had
	await letSealGo(db, group, subject);
}

/** The synced row alone (a version that says what this phone has, a refused message's sequence). */
export async function writeSynced(db: PasspadDb, row: SyncedRow): Promise<void> {
	await db.synced.put(row);
}

/**
 * The record subject's last version as a row says it (group-rows.ts, `record`): the row's own
 * when it is a version's, else kept beside the seal's (its digest unknown when not kept).
 */
export function recordOf(row: SyncedRow | undefined): NonNullable<SyncedRow['record']> {
	if (!row) return { seq: 0, hash: null };
	if (!row.onWire) return { seq: row.seq, hash: row.hash };
	return row.record ?? { seq: 0, hash: null };
}

/**
 * A version read on the record's subject of a match whose copy is a seal's: the sequence a
 * version sent of the match expects moves on to it, its digest `hash` when known (one older
 * than the seal is not parsed for it).
 */
export async function moveRecordSeq(
	db: PasspadDb,
	group: string,
	subject: Subject,
	seq: number,
	hash: string | null = null
): Promise<void> {
	const row = await db.synced.get([group, subject]);
	if (!row?.onWire || recordOf(row).seq >= seq) return;
	await db.synced.put({ ...row, record: { seq, hash } });
}

/** Moves the subject's last sequence on, keeping what was last taken. */
export async function moveSeq(
	db: PasspadDb,
	group: string,
	subject: Subject,
	seq: number
): Promise<void> {
	await db.transaction('rw', db.synced, async () => {
		const row = await db.synced.get([group, subject]);
		if (row && row.seq >= seq) return;
		await db.synced.put(
			row ? { ...row, seq } : { group, subject, seq, msgId: '', revision: -1, hash: null }
		);
	});
}

export function groupsHere(db: PasspadDb): Promise<GroupRow[]> {
	return db.groups.toArray();
}

/** Which reading of the group's stream: its record's, or its wire's (the matches' entries). */
export type Reading = 'readTo' | 'wireReadTo';

/** How far this phone has taken the group's stream (0: nothing yet). */
export async function readToOf(
	db: PasspadDb,
	group: string,
	reading: Reading = 'readTo'
): Promise<number> {
	return (await db.groups.get(group))?.[reading] ?? 0;
}

/**
 * Everything up to `seq` has been taken (its transaction committed): a later start reads on
 * from there. Only ever forward; a group this phone no longer has keeps nothing.
 */
export async function keepReadTo(
	db: PasspadDb,
	group: string,
	seq: number,
	reading: Reading = 'readTo'
): Promise<void> {
	await db.transaction('rw', db.groups, async () => {
		const row = await db.groups.get(group);
		if (row && (row[reading] ?? 0) < seq) {
			await db.groups.update(group, reading === 'readTo' ? { readTo: seq } : { wireReadTo: seq });
		}
	});
}
