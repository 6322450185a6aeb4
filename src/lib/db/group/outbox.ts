/**
 * The versions built here waiting to be sent to the group (the outbox), until the group
 * acknowledges them (docs/group.md, "What is written where").
 */
import type { PasspadDb } from '../db';
import type { OutboxRow, SyncedRow } from '../schema';
import { settled } from '../changed';

/**
 * A version built here joins the outbox: after the last one of its thing, or in its place
 * while that one was never sent (so a match played offline leaves one version, not one a tap).
 */
export async function enqueue(
	db: PasspadDb,
	entry: Omit<OutboxRow, 'seq' | 'attempted'>,
	/** a contest or a settlement: sent even while the thing is in conflict */
	force = false
) {
	await db.transaction('rw', db.outbox, db.conflicts, async () => {
		if (!force && (await db.conflicts.get([entry.group, entry.subject]))) return;
		const pending = await db.outbox
			.where('[group+subject]')
			.equals([entry.group, entry.subject])
			.sortBy('seq');
		const last = pending.at(-1);
		if (!force && last?.hash === entry.hash) return;
		if (last && !last.attempted) {
			// the new version keeps the old one's place, so the order players-then-matches holds
			await db.outbox.put({ ...last, ...entry, attempted: false });
			return;
		}
		await db.outbox.add({ ...entry, attempted: false });
	});
}

export function firstPending(db: PasspadDb, group: string): Promise<OutboxRow | undefined> {
	return db.outbox.where('group').equals(group).first();
}

/**
 * How many of the group's things changed here are not sent yet: a version in the outbox, or a
 * change tracked and not built yet (changed.ts: a match waiting for the group's wire, or to be
 * sealed), each thing once. A thing in conflict is counted as a conflict, not here. Keys only:
 * no version's body is read.
 */
export async function pendingCount(db: PasspadDb, group: string): Promise<number> {
	const range = [
		[group, ''],
		[group, '\uffff']
	] as const;
	const [queued, changed, conflicts] = await Promise.all([
		db.outbox
			.where('[group+subject]')
			.between(...range)
			.keys(),
		db.changed
			.where('[group+subject]')
			.between(...range)
			.primaryKeys(),
		db.conflicts
			.where('[group+subject]')
			.between(...range)
			.primaryKeys()
	]);
	const subjectOf = (key: unknown) => (key as [string, string])[1];
	const inConflict = new Set(conflicts.map(subjectOf));
	const waiting = new Set(queued.map(subjectOf));
	for (const subject of changed.map(subjectOf)) {
		if (!inConflict.has(subject)) waiting.add(subject);
	}
	return waiting.size;
}

export async function markAttempted(db: PasspadDb, seq: number): Promise<void> {
	await db.outbox.update(seq, { attempted: true });
}

/**
 * The group acknowledged a version written here: it is the group's, the entry leaves the
 * outbox, and the change it was built from is done with (changed.ts), in one transaction.
 */
export async function acknowledged(db: PasspadDb, entry: OutboxRow, seq: number): Promise<void> {
	await db.transaction('rw', db.outbox, db.synced, db.changed, async () => {
		const synced = await db.synced.get([entry.group, entry.subject]);
		const merged = (entry.body as { mergedInto?: string | null }).mergedInto;
		const row: SyncedRow = {
			group: entry.group,
			subject: entry.subject,
			seq: Math.max(seq, synced?.seq ?? 0),
			msgId: entry.msgId,
			revision: entry.revision,
			hash: entry.hash
		};
		if (merged) row.mergedInto = merged;
		else if (synced?.mergedInto && entry.subject.startsWith('player.')) {
			row.mergedInto = synced.mergedInto;
		}
		if ((synced?.seq ?? 0) <= seq) await db.synced.put(row);
		if (entry.seq !== undefined) await db.outbox.delete(entry.seq);
		if (entry.changed !== undefined) await settled(db, entry.group, entry.subject, entry.changed);
	});
}

export async function dropPending(db: PasspadDb, seq: number): Promise<void> {
	await db.outbox.delete(seq);
}
