/**
 * A match's log row in either of its stored forms (schema.ts, v6 and v11): the one place that
 * knows them. Written as one JSON string since v11: IndexedDB clones a row on the page's main
 * thread as it stores it, and a string is one copy where a log of a few hundred small objects
 * is a few hundred (docs/group.md, "Figures": a phone joining a group writes thousands of logs).
 */
import type { LogEntry, LogRow } from './schema';

/** The row of a log not empty: its entries as plain `{ action, at }`, nothing else of a caller's. */
export function logRow(matchId: string, entries: readonly LogEntry[]): LogRow {
	return { matchId, json: JSON.stringify(entries.map(({ action, at }) => ({ action, at }))) };
}

/** A row's entries, in order, whichever form it was written in ([] for no row). */
export function entriesOfRow(row: LogRow | undefined): LogEntry[] {
	if (!row) return [];
	return 'json' in row ? (JSON.parse(row.json) as LogEntry[]) : row.entries;
}
