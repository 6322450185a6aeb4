/**
 * A match's version from the group, written here like an import or a hand-over: already proven
 * by the caller, each in one transaction with its `synced` row, so an open match's store follows
 * it as another tab's write (docs/group.md, "What is written where").
 */
import type { PasspadDb } from '../db';
import { deleteEntries, writeEntries, writeEntriesOf } from '../entries';
import { retally } from '../totals';
import type { BackupFile } from '../backup-validate';
import type { LogEntry, MatchRow, PlayerRow, Subject, SyncedRow } from '../schema';
import { RECORD_TABLES } from './here';
import { seatPlayer } from './players';
import { agreed, type SyncedFields } from './synced';

/** A proven match (the backup's proof: status and result from the replay). */
export type ProvenEntry = BackupFile['matches'][number];

/**
 * A match here that belongs to another group (or none): the group's version never replaces it.
 * Said as a value, not thrown: a write that fails inside a caller's transaction would end it.
 */
export const OTHER_GROUP = 'other-group';

/**
 * A match's version from the group, proven by the caller, in one transaction: this phone's
 * copy and its log replaced whole, its revision moved on (an open store follows it as another
 * tab's write), who wins what moved, the synced row written. A match here of another group is
 * never replaced (OTHER_GROUP, nothing written).
 */
export async function writeMatch(
	db: PasspadDb,
	group: string,
	match: ProvenEntry,
	fields: SyncedFields
): Promise<MatchRow | typeof OTHER_GROUP> {
	const subject: Subject = `match.${match.id}`;
	return db.transaction('rw', RECORD_TABLES(db), async () => {
		const old = await db.matches.get(match.id);
		// a copy in no group (a followed match) may become the group's: reconcile.ts decides
		if (old && old.group !== group && old.group != null) return OTHER_GROUP;
		const seats = [];
		for (const seat of match.seats) {
			const player = await seatPlayer(db, group, seat.playerId, seat.name, match.createdAt);
			seats.push({ playerId: player.id, name: player.name });
		}
		// a merge may have made two seats one player: the group's ids stay apart then
		const ids = seats.map((seat) => seat.playerId);
		const apart = new Set(ids).size === ids.length;
		const seated = apart
			? seats
			: match.seats.map((seat) => ({ playerId: seat.playerId, name: seat.name }));
		const { log, ...rest } = match;
		const next: MatchRow = {
			...rest,
			seats: seated,
			playerIds: seated.map((seat) => seat.playerId),
			length: log.length,
			redo: [],
			revision: old ? old.revision + 1 : 0,
			group
		};
		await db.matches.put(next);
		await writeEntries(db, match.id, log);
		await retally(db.totals, [[old, next]]);
		await agreed(db, group, subject, fields, next.revision);
		return next;
	});
}

/** A match the group deleted, in one transaction: its row and its log go together. */
export async function writeDeleted(
	db: PasspadDb,
	group: string,
	matchId: string,
	fields: SyncedFields
): Promise<void | typeof OTHER_GROUP> {
	return db.transaction('rw', RECORD_TABLES(db), async () => {
		const old = await db.matches.get(matchId);
		if (old && old.group !== group) return OTHER_GROUP;
		if (old) {
			await deleteEntries(db, matchId);
			await db.matches.delete(matchId);
			await retally(db.totals, [[old, undefined]]);
		}
		await agreed(db, group, `match.${matchId}`, fields, -1);
	});
}

/** A proven match new here whose seats all name players here, with its synced fields. */
export interface NewMatch {
	match: ProvenEntry;
	fields: SyncedFields;
}

/**
 * Matches new here (readBatch's `fresh`), each proven by the caller and seating only players
 * here, written together in one transaction (the caller's, when it has one): their rows, logs
 * and synced rows in bulk, who wins what moved once for them all. What writeMatch does for
 * one, without a read per match: nothing here to replace, no player to make or follow.
 */
export async function writeNewMatches(
	db: PasspadDb,
	group: string,
	matches: readonly NewMatch[],
	players: ReadonlyMap<string, PlayerRow>
): Promise<void> {
	if (matches.length === 0) return;
	await db.transaction('rw', RECORD_TABLES(db), async () => {
		const rows: MatchRow[] = [];
		const logs: { matchId: string; entries: LogEntry[] }[] = [];
		const synced: SyncedRow[] = [];
		for (const { match, fields } of matches) {
			const { log, ...rest } = match;
			const seats = match.seats.map((seat) => ({
				playerId: seat.playerId,
				name: players.get(seat.playerId)!.name
			}));
			rows.push({
				...rest,
				seats,
				playerIds: seats.map((seat) => seat.playerId),
				length: log.length,
				redo: [],
				revision: 0,
				group
			});
			logs.push({ matchId: match.id, entries: log });
			synced.push({ group, subject: `match.${match.id}`, ...fields, revision: 0 });
		}
		// bulkAdd: a row here after all (another tab) fails the whole transaction, never replaced
		await db.matches.bulkAdd(rows);
		// a log is one row (schema v6): the batch's logs in one request
		await writeEntriesOf(db, logs);
		await db.synced.bulkAdd(synced);
		await retally(
			db.totals,
			rows.map((row) => [undefined, row])
		);
	});
}
