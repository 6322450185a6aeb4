/**
 * A match's log as stored (schema v6, one string since v11: log-row.ts): one row per match, its
 * entries in order. Every reader and writer of a log goes through it. A match with no
 * actions has no row, so a missing row reads as an empty log and an emptied log is deleted.
 * Each function runs in the caller's transaction when there is one (docs/architecture.md: one
 * transaction per action, with the match row and its length check).
 */
import type { PasspadDb } from './db';
import type { LogEntry } from './schema';
import { entriesOfRow, logRow } from './log-row';

export type { LogEntry };

/** A match's log, in order ([] when it has none). */
export async function readEntries(db: PasspadDb, matchId: string): Promise<LogEntry[]> {
	return entriesOfRow(await db.logs.get(matchId));
}

/** Several matches' logs, in the order of `ids` (one request). */
export async function readEntriesOf(db: PasspadDb, ids: readonly string[]): Promise<LogEntry[][]> {
	return (await db.logs.bulkGet([...ids])).map(entriesOfRow);
}

/** Every log here, by match (a backup's export). */
export async function allEntries(db: PasspadDb): Promise<Map<string, LogEntry[]>> {
	return new Map((await db.logs.toArray()).map((row) => [row.matchId, entriesOfRow(row)]));
}

/** A match's log replaced whole by `entries` (none: the row goes). */
export async function writeEntries(
	db: PasspadDb,
	matchId: string,
	entries: readonly LogEntry[]
): Promise<void> {
	if (entries.length === 0) await db.logs.delete(matchId);
	else await db.logs.put(logRow(matchId, entries));
}

/** Many matches' logs written at once, each replacing any there (one request). */
export async function writeEntriesOf(
	db: PasspadDb,
	logs: readonly { matchId: string; entries: readonly LogEntry[] }[]
): Promise<void> {
	const rows = logs
		.filter((log) => log.entries.length > 0)
		.map((log) => logRow(log.matchId, log.entries));
	if (rows.length > 0) await db.logs.bulkPut(rows);
}

/** A match's log removed (its match goes, or is replaced). */
export async function deleteEntries(db: PasspadDb, matchId: string): Promise<void> {
	await db.logs.delete(matchId);
}
