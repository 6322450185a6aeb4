/**
 * What changed here of a group's record, tracked in the transaction that changes it (schema
 * v10, docs/group.md, "On the phone: what leaves"): one row a thing, `[group+subject]`, its
 * `n` moved on by every write. Nothing is found by scanning (docs/wire.md, "On the phone: one
 * replicator"; Dexie Cloud's mutation tracking is the model): the group's sender reads these
 * rows, builds each thing's version from what it is at send time (a burst of taps is one
 * version), and the row goes only with the group's acknowledgement of the version built from
 * it, or once the version proves to be the group's already.
 *
 * Every function here runs inside the caller's transaction, whose scope holds `changed` (and
 * `synced` for a player's or a followed match's groups: TRACKED).
 */
import type { PasspadDb } from './db';
import type { ChangedRow, MatchRow, Subject } from './schema';

/** The tables a write that tracks a change needs in its transaction's scope. */
export const TRACKED = (db: PasspadDb) => [db.changed, db.synced];

/**
 * The thing of the group changed here: its row written, or its `n` moved on. `n` only grows,
 * and from the clock (in thousandths of a millisecond), so a row written again after its last
 * change was settled never takes a number a sender already built a version from.
 */
export async function track(db: PasspadDb, group: string, subject: Subject): Promise<void> {
	const row = await db.changed.get([group, subject]);
	await db.changed.put({ group, subject, n: Math.max((row?.n ?? 0) + 1, Date.now() * 1000) });
}

/** A match of a group changed (written, deleted or put back); a match in no group is nobody's. */
export async function trackMatch(db: PasspadDb, match: Pick<MatchRow, 'id' | 'group'>) {
	if (match.group !== null) await track(db, match.group, `match.${match.id}`);
}

/** Many matches written at once (an import): the groups' ones tracked in two bulk requests. */
export async function trackMatches(
	db: PasspadDb,
	matches: readonly Pick<MatchRow, 'id' | 'group'>[]
) {
	const keys = matches.flatMap((match): [string, Subject][] =>
		match.group === null ? [] : [[match.group, `match.${match.id}`]]
	);
	if (keys.length === 0) return;
	const rows = await db.changed.bulkGet(keys);
	const now = Date.now() * 1000;
	await db.changed.bulkPut(
		keys.map(([group, subject], at) => ({
			group,
			subject,
			n: Math.max((rows[at]?.n ?? 0) + 1, now)
		}))
	);
}

/**
 * A player changed: for every group that has the player (a synced row says the group heard of
 * it). A player no group has yet goes with the first match of a group that seats it.
 */
export async function trackPlayer(db: PasspadDb, id: string): Promise<void> {
	const subject: Subject = `player.${id}`;
	for (const row of await db.synced.where('subject').equals(subject).toArray()) {
		await track(db, row.group, subject);
	}
}

/**
 * Live play's say on a match moved (its pen, its link: db/links.ts): every group that heard
 * of the match looks at it again, so a pen that comes here for a followed match adopts it
 * (group/role.ts) and a follower starts or stops sending.
 */
export async function trackHeard(db: PasspadDb, match: string): Promise<void> {
	const subject: Subject = `match.${match}`;
	for (const row of await db.synced.where('subject').equals(subject).toArray()) {
		await track(db, row.group, subject);
	}
}

/** The group's things changed here, players first (a match never names a player the group lacks). */
export async function changedOf(db: PasspadDb, group: string): Promise<ChangedRow[]> {
	const rows = await db.changed.where('group').equals(group).toArray();
	const rank = (row: ChangedRow) =>
		row.subject.startsWith('player.') ? 0 : row.subject.startsWith('match.') ? 2 : 1;
	return rows.sort((a, b) => rank(a) - rank(b));
}

/** How many of the group's things wait to be looked at. */
export function changedCount(db: PasspadDb, group: string): Promise<number> {
	return db.changed.where('group').equals(group).count();
}

/**
 * The change at `n` is done with (acknowledged by the group, or nothing to send): its row goes
 * unless a write moved it on since (then that write's version is still to send).
 */
export async function settled(db: PasspadDb, group: string, subject: Subject, n: number) {
	const row = await db.changed.get([group, subject]);
	if (row && row.n <= n) await db.changed.delete([group, subject]);
}

/** A thing to look at again (its version dropped unsent, to be built anew), in its own transaction. */
export function trackAgain(db: PasspadDb, group: string, subject: Subject): Promise<void> {
	return db.transaction('rw', db.changed, () => track(db, group, subject));
}

/** `settled` in its own transaction. */
export function settle(db: PasspadDb, group: string, subject: Subject, n: number): Promise<void> {
	return db.transaction('rw', db.changed, () => settled(db, group, subject, n));
}
