import { Dexie } from 'dexie';
import { database, durably } from './db';
import { LogConflict, MissingMatch } from './errors';
import { gapPlayed } from './played';
import { retally } from './totals';
import type { MatchResult, MatchRow, PlayStatus } from './schema';

/** What the rules say about the log after a write: kept on the match row for lists. */
export interface LogSummary {
	status: PlayStatus;
	result: MatchResult | null;
}

export interface Log {
	match: MatchRow;
	actions: unknown[];
}

function range(matchId: string) {
	return database()
		.actions.where('[matchId+seq]')
		.between([matchId, Dexie.minKey], [matchId, Dexie.maxKey]);
}

/** The match and its actions in seq order, read in one transaction so they agree. */
export async function loadLog(matchId: string): Promise<Log> {
	const db = database();
	return db.transaction('r', db.matches, db.actions, async () => {
		const match = await db.matches.get(matchId);
		if (!match) throw new MissingMatch(matchId);
		const rows = await range(matchId).toArray();
		return { match, actions: rows.map((row) => row.action) };
	});
}

/**
 * Every write checks that the log still has the length the writer saw: a second tab that
 * wrote first makes this one reload instead of forking the match.
 */
async function writeLog(
	matchId: string,
	expected: number,
	summary: LogSummary,
	change: (match: MatchRow) => Promise<Partial<MatchRow>>
): Promise<MatchRow> {
	const db = database();
	const write = () =>
		db.transaction('rw', db.matches, db.actions, db.totals, async () => {
			const match = await db.matches.get(matchId);
			if (!match) throw new MissingMatch(matchId);
			if (match.length !== expected) throw new LogConflict(matchId, expected, match.length);
			// an entry on an abandoned or handed-over match is play: it resumes here (the status is
			// the rules' again), rather than an entry refused and lost
			const { abandonedAt: _abandoned, handedAt: _handed, ...played } = match;
			const now = Date.now();
			const next = {
				...played,
				...(await change(match)),
				updatedAt: now,
				// the time since the last write is play, unless the table went idle (played.ts) or
				// the players set the time by hand
				playedMs:
					match.playedByHand || match.length === 0
						? match.playedMs
						: match.playedMs + gapPlayed(match.updatedAt, now),
				revision: match.revision + 1
			};
			await db.matches.put(next);
			// a match that finishes, or is finished no longer (undo, edit), moves who wins what
			await retally(db.totals, [[match, next]]);
			return next;
		});
	// the write that leaves the match finished (its last action, a redo, an edit) is on disk
	// before the screen says the match is over
	return summary.status === 'finished' ? durably(db, write) : write();
}

/** Appends one accepted action as seq `expected`, in one transaction; clears redo. */
export function appendAction(
	matchId: string,
	expected: number,
	action: unknown,
	summary: LogSummary
): Promise<MatchRow> {
	return writeLog(matchId, expected, summary, async () => {
		await database().actions.add({ matchId, seq: expected, action, at: Date.now() });
		return { length: expected + 1, redo: [], ...summary };
	});
}

/** Removes the last action and keeps it for redo. */
export function undoAction(
	matchId: string,
	expected: number,
	summary: LogSummary
): Promise<MatchRow> {
	return writeLog(matchId, expected, summary, async (match) => {
		if (expected === 0) throw new RangeError('Nothing to undo.');
		const key: [string, number] = [matchId, expected - 1];
		const row = await database().actions.get(key);
		if (!row) throw new MissingMatch(matchId);
		await database().actions.delete(key);
		return { length: expected - 1, redo: [...match.redo, row.action], ...summary };
	});
}

/** Puts back the last undone action. */
export function redoAction(
	matchId: string,
	expected: number,
	summary: LogSummary
): Promise<MatchRow> {
	return writeLog(matchId, expected, summary, async (match) => {
		const action = match.redo.at(-1);
		if (match.redo.length === 0) throw new RangeError('Nothing to redo.');
		await database().actions.add({ matchId, seq: expected, action, at: Date.now() });
		return { length: expected + 1, redo: match.redo.slice(0, -1), ...summary };
	});
}

/**
 * Edit the past: the whole log replaced by one the rules have already replayed, in one
 * transaction (the caller proves it legal first; a failing log is never written).
 */
export function replaceLog(
	matchId: string,
	expected: number,
	actions: readonly unknown[],
	summary: LogSummary
): Promise<MatchRow> {
	return writeLog(matchId, expected, summary, async () => {
		const rows = await range(matchId).toArray();
		const at = new Map(rows.map((row) => [row.seq, row.at]));
		await range(matchId).delete();
		const now = Date.now();
		await database().actions.bulkAdd(
			actions.map((action, seq) => ({ matchId, seq, action, at: at.get(seq) ?? now }))
		);
		return { length: actions.length, redo: [], ...summary };
	});
}
