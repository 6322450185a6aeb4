import { database, durably, type PasspadDb } from './db';
import { readEntries, writeEntries } from './entries';
import { LogConflict, MissingMatch } from './errors';
import { entryPlayed, gapPlayed, padEntry } from './played';
import { retally } from './totals';
import { queueSend } from './links';
import { trackMatch } from './changed';
import type { LogEntry, MatchResult, MatchRow, PlayStatus, SendChange } from './schema';

/** What the rules say about the log after a write: kept on the match row for lists. */
export interface LogSummary {
	status: PlayStatus;
	result: MatchResult | null;
}

export interface Log {
	match: MatchRow;
	actions: unknown[];
}

/** The match and its actions in seq order, read in one transaction so they agree. */
export async function loadLog(matchId: string, db: PasspadDb = database()): Promise<Log> {
	return db.transaction('r', db.matches, db.logs, async () => {
		const match = await db.matches.get(matchId);
		if (!match) throw new MissingMatch(matchId);
		const entries = await readEntries(db, matchId);
		return { match, actions: entries.map((entry) => entry.action) };
	});
}

/**
 * What a write adds to the time played (played.ts): a round entered on the pad, the round
 * since the last entry (the first, since the match's start); any other write, the gap since
 * the last write, unless the table went idle. Nothing before a first refereed move.
 */
function playedBefore(
	match: MatchRow,
	before: readonly LogEntry[],
	after: readonly LogEntry[],
	now: number
): number {
	const added = after.length > before.length ? after.at(-1) : undefined;
	if (added && padEntry(added.action))
		return entryPlayed(added.action, before.at(-1)?.at ?? match.createdAt, now);
	return match.length === 0 ? 0 : gapPlayed(match.updatedAt, now);
}

/**
 * Every write checks that the log still has the length the writer saw: a second tab that
 * wrote first makes this one reload instead of forking the match. The log's row is read,
 * changed and put back in the same transaction as the match row (`change` gets its entries
 * and returns the new ones with the row's new fields).
 */
async function writeLog(
	matchId: string,
	expected: number,
	summary: LogSummary,
	change: (
		match: MatchRow,
		entries: LogEntry[]
	) => { entries: LogEntry[]; fields: Partial<MatchRow> },
	send: readonly SendChange[],
	db: PasspadDb
): Promise<MatchRow> {
	const write = () =>
		db.transaction(
			'rw',
			[db.matches, db.logs, db.totals, db.links, db.sends, db.changed, db.groups],
			async () => {
				const match = await db.matches.get(matchId);
				if (!match) throw new MissingMatch(matchId);
				if (match.length !== expected) throw new LogConflict(matchId, expected, match.length);
				const entries = await readEntries(db, matchId);
				const changed = change(match, entries);
				await writeEntries(db, matchId, changed.entries);
				// an entry on an abandoned or handed-over match is play: it resumes here (the status is
				// the rules' again), rather than an entry refused and lost
				const { abandonedAt: _abandoned, handedAt: _handed, ...played } = match;
				const now = Date.now();
				const next = {
					...played,
					...changed.fields,
					updatedAt: now,
					// the time since the last write is play, unless the table went idle (played.ts) or
					// the players set the time by hand
					playedMs: match.playedByHand
						? match.playedMs
						: match.playedMs + playedBefore(match, entries, changed.entries, now),
					revision: match.revision + 1
				};
				await db.matches.put(next);
				// a match that finishes, or is finished no longer (undo, edit), moves who wins what
				await retally(db.totals, [[match, next]]);
				// what a live table must be sent is written with the change (links.ts)
				if (send.length > 0) await queueSend(db, next, expected, send);
				// and what its group must be sent, tracked with it (changed.ts)
				await trackMatch(db, next);
				return next;
			}
		);
	// the write that leaves the match finished (its last action, a redo, an edit) is on disk
	// before the screen says the match is over
	return summary.status === 'finished' ? durably(db, write) : write();
}

/** Appends one accepted action as seq `expected`, in one transaction; clears redo. */
export function appendAction(
	matchId: string,
	expected: number,
	action: unknown,
	summary: LogSummary,
	send: readonly SendChange[] = [],
	/** the phone's database (the app's one; a test's phone its own) */
	db: PasspadDb = database()
): Promise<MatchRow> {
	return writeLog(
		matchId,
		expected,
		summary,
		(_match, entries) => ({
			entries: [...entries, { action, at: Date.now() }],
			fields: { length: expected + 1, redo: [], ...summary }
		}),
		send,
		db
	);
}

/** Removes the last action and keeps it for redo. */
export function undoAction(
	matchId: string,
	expected: number,
	summary: LogSummary,
	send: readonly SendChange[] = [],
	/** the phone's database (the app's one; a test's phone its own) */
	db: PasspadDb = database()
): Promise<MatchRow> {
	return writeLog(
		matchId,
		expected,
		summary,
		(match, entries) => {
			if (expected === 0) throw new RangeError('Nothing to undo.');
			if (entries.length !== expected) throw new MissingMatch(matchId);
			return {
				entries: entries.slice(0, -1),
				fields: {
					length: expected - 1,
					redo: [...match.redo, entries[expected - 1].action],
					...summary
				}
			};
		},
		send,
		db
	);
}

/** Puts back the last undone action. */
export function redoAction(
	matchId: string,
	expected: number,
	summary: LogSummary,
	send: readonly SendChange[] = [],
	/** the phone's database (the app's one; a test's phone its own) */
	db: PasspadDb = database()
): Promise<MatchRow> {
	return writeLog(
		matchId,
		expected,
		summary,
		(match, entries) => {
			const action = match.redo.at(-1);
			if (match.redo.length === 0) throw new RangeError('Nothing to redo.');
			return {
				entries: [...entries, { action, at: Date.now() }],
				fields: { length: expected + 1, redo: match.redo.slice(0, -1), ...summary }
			};
		},
		send,
		db
	);
}

/**
 * Edit the past: the whole log replaced by one the rules have already replayed, in one
 * transaction (the caller proves it legal first; a failing log is never written).
 */
export function replaceLog(
	matchId: string,
	expected: number,
	actions: readonly unknown[],
	summary: LogSummary,
	send: readonly SendChange[] = [],
	/** the phone's database (the app's one; a test's phone its own) */
	db: PasspadDb = database()
): Promise<MatchRow> {
	return writeLog(
		matchId,
		expected,
		summary,
		(_match, entries) => {
			// each place keeps its time; a place the old log did not reach is now
			const now = Date.now();
			return {
				entries: actions.map((action, seq) => ({ action, at: entries[seq]?.at ?? now })),
				fields: { length: actions.length, redo: [], ...summary }
			};
		},
		send,
		db
	);
}
