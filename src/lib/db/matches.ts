import { Dexie } from 'dexie';
import type { GameId } from '../rules/common';
import { database, durably, type PasspadDb } from './db';
import { MissingMatch } from './errors';
import { playersFor } from './players';
import { askToPersist } from './persist';
import { measuredPlay } from './played';
import { retally } from './totals';
import { deleteEntries, readEntries, writeEntries } from './entries';
import { TRACKED, trackMatch } from './changed';
import type { LogEntry, MatchRow, MatchStatus } from './schema';
import { newId } from '../wire/ids';
import { NOTES_MAX_LENGTH } from '../wire/limits';

export interface NewMatch {
	game: GameId;
	config: unknown;
	/** names in seat order, clockwise from seat 0 */
	names: string[];
	/** v5: the group it is recorded for (docs/group.md), or none: this phone only */
	group?: string | null;
}

/** A new match and any new roster players, in one transaction. */
export async function createMatch(
	input: NewMatch,
	now = Date.now(),
	db: PasspadDb = database()
): Promise<MatchRow> {
	const match = await db.transaction('rw', [db.players, db.matches, ...TRACKED(db)], async () => {
		const players = await playersFor(input.names, now, db);
		const row: MatchRow = {
			id: newId(),
			game: input.game,
			config: input.config,
			seats: players.map((player) => ({ playerId: player.id, name: player.name })),
			playerIds: players.map((player) => player.id),
			status: 'active',
			notes: '',
			playedMs: 0,
			playedByHand: false,
			createdAt: now,
			updatedAt: now,
			revision: 0,
			length: 0,
			redo: [],
			result: null,
			group: input.group ?? null
		};
		await db.matches.add(row);
		// a match of a group: its players go first, with it (group/changes.ts)
		await trackMatch(db, row);
		return row;
	});
	// a match is saved: ask that the browser never clear it to make space (not awaited: the
	// match starts at once, whatever the browser answers)
	void askToPersist();
	return match;
}

export function getMatch(id: string, db: PasspadDb = database()): Promise<MatchRow | undefined> {
	return db.matches.get(id);
}

/** Newest first, a page at a time: history never loads every match. */
export function matchesByStatus(
	status: MatchStatus,
	limit: number,
	offset = 0
): Promise<MatchRow[]> {
	return database()
		.matches.where('[status+updatedAt]')
		.between([status, Dexie.minKey], [status, Dexie.maxKey])
		.reverse()
		.offset(offset)
		.limit(limit)
		.toArray();
}

export function recentMatches(limit: number, offset = 0): Promise<MatchRow[]> {
	return database().matches.orderBy('updatedAt').reverse().offset(offset).limit(limit).toArray();
}

export function countMatches(): Promise<number> {
	return database().matches.count();
}

/** A deleted match as it was, kept in memory so Undo can write it back whole. */
export interface RemovedMatch {
	match: MatchRow;
	/** its log, times included (the time played is measured from them) */
	entries: LogEntry[];
}

/**
 * Deletes a match and its whole log in one transaction (never a row without its log, nor a
 * log without its row), and returns both for Undo. Its live links and what waited to be sent
 * to its table go with it (a table of a match no longer here takes nothing from this phone);
 * its group is told (changed.ts).
 */
export async function removeMatch(id: string, db: PasspadDb = database()): Promise<RemovedMatch> {
	const tables = [db.matches, db.logs, db.totals, db.links, db.sends, db.changed];
	return db.transaction('rw', tables, async () => {
		const match = await db.matches.get(id);
		if (!match) throw new MissingMatch(id);
		const entries = await readEntries(db, id);
		await deleteEntries(db, id);
		await db.matches.delete(id);
		await retally(db.totals, [[match, undefined]]);
		await db.links.delete(id);
		await db.sends.where('match').equals(id).delete();
		await trackMatch(db, match);
		return { match, entries };
	});
}

/** A match and its whole log go together (removeMatch, without keeping them). */
export async function deleteMatch(id: string): Promise<void> {
	await removeMatch(id);
}

/**
 * Undo of a delete: the row and its log written back as they were, in one transaction. Refused
 * (ConstraintError) when a match with that id is here again, so nothing is ever written over.
 */
export async function restoreMatch(
	removed: RemovedMatch,
	db: PasspadDb = database()
): Promise<void> {
	await durably(db, () =>
		db.transaction('rw', db.matches, db.logs, db.totals, db.changed, async () => {
			await db.matches.add(removed.match);
			await writeEntries(db, removed.match.id, removed.entries);
			await retally(db.totals, [[undefined, removed.match]]);
			await trackMatch(db, removed.match);
		})
	);
}

/** Why a match cannot be abandoned or resumed: it is in another state. */
export class WrongStatus extends Error {
	constructor(
		readonly matchId: string,
		readonly status: MatchStatus
	) {
		super(`Match ${matchId} is ${status}.`);
		this.name = 'WrongStatus';
	}
}

/**
 * Changes a match's status alone, in one transaction. The log and `updatedAt` (when it was last
 * played, which history and statistics order and filter by) stay; `revision` moves on so an
 * open match screen sees the change.
 */
async function setStatus(
	id: string,
	from: MatchStatus,
	change: (match: MatchRow) => MatchRow,
	db: PasspadDb
): Promise<MatchRow> {
	return db.transaction('rw', db.matches, db.totals, db.changed, async () => {
		const match = await db.matches.get(id);
		if (!match) throw new MissingMatch(id);
		if (match.status !== from) throw new WrongStatus(id, match.status);
		const next = { ...change(match), revision: match.revision + 1 };
		await db.matches.put(next);
		// only finished matches count, and none of these statuses is: kept in step all the same
		await retally(db.totals, [[match, next]]);
		await trackMatch(db, next);
		return next;
	});
}

/**
 * Ends a match being played as abandoned: kept in history with its whole log, off the list
 * of matches to continue, counted in no result (stats.ts). A finished match has a result and
 * cannot be abandoned.
 */
export function abandonMatch(
	id: string,
	now = Date.now(),
	db: PasspadDb = database()
): Promise<MatchRow> {
	return setStatus(
		id,
		'active',
		(match) => ({ ...match, status: 'abandoned', abandonedAt: now }),
		db
	);
}

/** Takes an abandoned match back up where it stopped. */
export function resumeMatch(id: string, db: PasspadDb = database()): Promise<MatchRow> {
	return setStatus(
		id,
		'abandoned',
		({ abandonedAt: _abandoned, ...match }) => ({ ...match, status: 'active' }),
		db
	);
}

/**
 * The first phone's copy of a match handed over to another phone: kept in history,
 * off the list to continue, counted in no result. An entry made here after all takes it back
 * up (log.ts).
 */
export function handOverMatch(
	id: string,
	now = Date.now(),
	db: PasspadDb = database()
): Promise<MatchRow> {
	return setStatus(id, 'active', (match) => ({ ...match, status: 'handed', handedAt: now }), db);
}

/** The players' note on a match (where, what happened); '' removes it. */
export async function setNotes(
	id: string,
	notes: string,
	db: PasspadDb = database()
): Promise<MatchRow> {
	return db.transaction('rw', db.matches, db.changed, async () => {
		const match = await db.matches.get(id);
		if (!match) throw new MissingMatch(id);
		const next = {
			...match,
			notes: notes.trim().slice(0, NOTES_MAX_LENGTH),
			revision: match.revision + 1
		};
		await db.matches.put(next);
		await trackMatch(db, next);
		return next;
	});
}

/**
 * The time played set by hand (then kept as the players said), or, with null, measured again
 * from the log's times (played.ts).
 */
export async function setTimePlayed(
	id: string,
	ms: number | null,
	db: PasspadDb = database()
): Promise<MatchRow> {
	return db.transaction('rw', db.matches, db.logs, db.changed, async () => {
		const match = await db.matches.get(id);
		if (!match) throw new MissingMatch(id);
		const measured = async () => measuredPlay(await readEntries(db, id), match.createdAt);
		const next: MatchRow = {
			...match,
			playedMs: ms === null ? await measured() : Math.max(0, Math.round(ms)),
			playedByHand: ms !== null,
			revision: match.revision + 1
		};
		await db.matches.put(next);
		await trackMatch(db, next);
		return next;
	});
}
