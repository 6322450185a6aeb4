/**
 * An evening as this phone keeps it (db/schema.ts, EveningRow), moved on by pure steps: started
 * with its first round drawn, the next round drawn for whoever is here, a swap by hand, a table's
 * match noted (docs/evening.md).
 */
import type { EveningRoundRow, EveningRow } from '../db/schema';
import type { GameId } from '../rules/common';
import { drawRound } from './draw';
import { seatingOf } from './seating';
import { swapPlayers } from './swap';
import type { Scale } from './tag';
import { nameKey } from '../wire/schemas';

/** A guest typed in by name, until a match makes them a player. */
export const guestKey = (name: string) => `guest:${name}`;

/** An evening's seed: its draws are the same for it on every replay (docs/evening.md). */
export const newSeed = (): number => crypto.getRandomValues(new Uint32Array(1))[0];

export interface NewEvening {
	readonly id: string;
	readonly group: string;
	readonly players: readonly { key: string; name: string }[];
	readonly game: GameId;
	readonly rounds: number;
	readonly scale: Scale;
	readonly seed: number;
	readonly now: number;
}

function drawn(row: EveningRow, game: GameId): EveningRoundRow {
	const round = drawRound({
		seating: seatingOf(game),
		present: row.present,
		before: row.drawn,
		seed: row.seed
	});
	return { game, out: round.out, tables: round.tables.map((table) => ({ ...table, match: null })) };
}

/** The evening, its first round drawn. */
export function startEvening(input: NewEvening): EveningRow {
	const row: EveningRow = {
		id: input.id,
		group: input.group,
		createdAt: input.now,
		updatedAt: input.now,
		seed: input.seed,
		rounds: input.rounds,
		game: input.game,
		scale: input.scale,
		players: [...input.players],
		present: input.players.map((player) => player.key),
		drawn: []
	};
	return { ...row, drawn: [drawn(row, input.game)] };
}

/** Whether another round may be drawn: the evening has rounds left. */
export const roundsLeft = (row: EveningRow) => row.drawn.length < row.rounds;

/**
 * The next round drawn for whoever is here now (late arrivals in, leavers out), for the game
 * chosen; newcomers join the evening's players.
 */
export function drawNext(
	row: EveningRow,
	here: readonly { key: string; name: string }[],
	game: GameId,
	now: number
): EveningRow | null {
	if (!roundsLeft(row)) return null;
	const known = new Set(row.players.map((player) => player.key));
	const moved: EveningRow = {
		...row,
		game,
		updatedAt: now,
		players: [...row.players, ...here.filter((player) => !known.has(player.key))],
		present: here.map((player) => player.key)
	};
	return { ...moved, drawn: [...row.drawn, drawn(moved, game)] };
}

/** Two players swapped in a round not started yet at the tables they sit at. */
export function swapInRound(
	row: EveningRow,
	round: number,
	a: string,
	b: string,
	now: number
): EveningRow | null {
	const target = row.drawn[round];
	if (!target) return null;
	const started = target.tables.some(
		(table) => table.match !== null && (table.seats.includes(a) || table.seats.includes(b))
	);
	const swapped = started ? null : swapPlayers(target, a, b);
	if (!swapped) return null;
	const tables = swapped.tables.map((table, at) => ({ ...table, match: target.tables[at].match }));
	const drawnRounds = row.drawn.map((one, at) =>
		at === round ? { ...one, tables, out: [...swapped.out] } : one
	);
	return { ...row, updatedAt: now, drawn: drawnRounds };
}

/** The evening with a table's match noted. */
export function withTableMatch(
	row: EveningRow,
	round: number,
	table: number,
	match: string,
	now: number
): EveningRow {
	return {
		...row,
		updatedAt: now,
		drawn: row.drawn.map((one, r) =>
			r !== round
				? one
				: { ...one, tables: one.tables.map((t, at) => (at === table ? { ...t, match } : t)) }
		)
	};
}

/** The name the screen shows for a player's key. */
export function nameOf(row: EveningRow, key: string): string {
	return row.players.find((player) => player.key === key)?.name ?? key;
}

/**
 * Who may be ticked for the next round: the evening's players, then the roster's others. A
 * guest whose first match made them a roster player is one person, under their evening key.
 */
export function whoCanCome(
	row: EveningRow,
	roster: readonly { key: string; name: string }[]
): { key: string; name: string }[] {
	const keys = new Set(row.players.map((player) => player.key));
	const names = new Set(row.players.map((player) => nameKey(player.name)));
	return [
		...row.players,
		...roster.filter((player) => !keys.has(player.key) && !names.has(nameKey(player.name)))
	];
}
