import type { Table } from 'dexie';
import type { GameId } from '../rules/common';
import type { MatchRow, TotalRow } from './schema';

/**
 * Who wins what, kept, so statistics need no count over every match: per player and game, their finished matches and wins. Every
 * write that changes a match's status, result or players calls `retally` with the row before
 * and after, in the same transaction, so the kept totals always equal a count over the match
 * rows (totals.test.ts checks it after random writes). A match counts only when finished:
 * abandoned, handed over and unfinished matches are in no total.
 */

type Counts = Pick<TotalRow, 'played' | 'won' | 'shared'>;
type Deltas = Map<string, { playerId: string; game: GameId } & Counts>;

const keyOf = (playerId: string, game: GameId) => JSON.stringify([playerId, game]);

/** The player's side in a finished match, or -1 when they are not on any side of its result. */
export function sideOf(row: MatchRow, playerId: string): number {
	const seat = row.playerIds.indexOf(playerId);
	if (seat < 0 || !row.result) return -1;
	return row.result.sides.findIndex((seats) => seats.includes(seat));
}

/** Adds (sign 1) or takes away (sign -1) what one match row counts in the totals. */
function count(deltas: Deltas, row: MatchRow | undefined, sign: 1 | -1): void {
	if (!row || row.status !== 'finished' || !row.result) return;
	for (const playerId of new Set(row.playerIds)) {
		const side = sideOf(row, playerId);
		if (side < 0) continue;
		const won = row.result.winners.includes(side);
		const key = keyOf(playerId, row.game);
		const delta = deltas.get(key) ?? { playerId, game: row.game, played: 0, won: 0, shared: 0 };
		delta.played += sign;
		if (won) delta.won += sign;
		if (won && row.result.shared) delta.shared += sign;
		deltas.set(key, delta);
	}
}

/**
 * Totals counted from scratch, a match row at a time (a period's who wins what, tests), the
 * same count as the kept ones.
 */
export function totalsCounter() {
	const deltas: Deltas = new Map();
	return {
		add: (row: MatchRow) => count(deltas, row, 1),
		totals: (): TotalRow[] => [...deltas.values()]
	};
}

/** The totals of a set of match rows, counted from scratch. */
export function countTotals(rows: Iterable<MatchRow>): TotalRow[] {
	const counted = totalsCounter();
	for (const row of rows) counted.add(row);
	return counted.totals();
}

/** Match rows changed in one transaction: each as it was (undefined: new) and as it is now. */
export type Change = readonly [before: MatchRow | undefined, after: MatchRow | undefined];

/**
 * Moves the kept totals by what the changed rows counted before and count now. Call it inside
 * the transaction that writes the rows, with the `totals` table in its scope. A total that falls
 * to no match played is removed.
 */
export async function retally(totals: Table<TotalRow>, changes: readonly Change[]): Promise<void> {
	const deltas: Deltas = new Map();
	for (const [before, after] of changes) {
		count(deltas, before, -1);
		count(deltas, after, 1);
	}
	const moved = [...deltas.values()].filter(
		(delta) => delta.played !== 0 || delta.won !== 0 || delta.shared !== 0
	);
	if (moved.length === 0) return;
	const kept = await totals.bulkGet(moved.map((delta) => [delta.playerId, delta.game]));
	const put: TotalRow[] = [];
	const gone: [string, GameId][] = [];
	for (const [at, delta] of moved.entries()) {
		const was = kept[at] ?? { ...delta, played: 0, won: 0, shared: 0 };
		const next = {
			playerId: delta.playerId,
			game: delta.game,
			played: was.played + delta.played,
			won: was.won + delta.won,
			shared: was.shared + delta.shared
		};
		if (next.played > 0) put.push(next);
		else gone.push([delta.playerId, delta.game]);
	}
	if (put.length > 0) await totals.bulkPut(put);
	if (gone.length > 0) await totals.bulkDelete(gone);
}

/**
 * Writes the totals again from the finished match rows (the v4 upgrader; tests that write rows
 * straight): pass `matches.where('status').equals('finished')`.
 */
export async function recountTotals(
	finished: { each(callback: (row: MatchRow) => void): PromiseLike<unknown> },
	totals: Table<TotalRow>
): Promise<void> {
	const counted = totalsCounter();
	await finished.each(counted.add);
	await totals.clear();
	await totals.bulkAdd(counted.totals());
}
