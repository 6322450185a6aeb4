/**
 * The draw of one round of a club evening (docs/evening.md, "The draw"): pure and seeded, so a
 * seed and the rounds before give the same tables on every phone and every run.
 *
 * 1. Who sits out: only when the count cannot be seated (tableSizes), those who sat out least
 *    so far, the seed breaking ties.
 * 2. Tables: the players in the seed's order, each to the table with room where they met the
 *    fewest times those already seated (the greedy draw); then any swap of two players between
 *    tables that lowers the evening's repeat meetings, the best first, until none does.
 * 3. Seats: the seed's order; at the dominoes the partnership the four have shared least, never
 *    last round's partners when another pairing avoids them.
 * 4. Who starts: the player at the table who started least often so far, the seed breaking ties.
 */
import { seeded } from '../rules/common/random';
import { historyOf, pairKey, type History } from './history';
import { tableSizes, type Seating } from './seating';
import type { DrawnRound, DrawnTable } from './types';

export interface DrawInput {
	readonly seating: Seating;
	/** who is here for this round, each once (late arrivals in, leavers out) */
	readonly present: readonly string[];
	/** the evening's rounds before this one, as they were played (swaps included) */
	readonly before: readonly DrawnRound[];
	readonly seed: number;
}

type Random = () => number;

/** The seed's generator for one round: the same evening seed gives each round its own. */
const randomFor = (seed: number, round: number): Random =>
	seeded((Math.imul(seed | 0, 0x9e3779b1) + round * 0x85ebca6b) | 0);

function shuffled<T>(items: readonly T[], random: Random): T[] {
	const copy = [...items];
	for (let at = copy.length - 1; at > 0; at--) {
		const other = Math.floor(random() * (at + 1));
		[copy[at], copy[other]] = [copy[other], copy[at]];
	}
	return copy;
}

/** Fewest first by a count; the order given (the seed's) breaks ties. */
const byFewest = (keys: readonly string[], counts: ReadonlyMap<string, number>) =>
	[...keys].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0));

const metAt = (history: History, key: string, others: readonly string[]) =>
	others.reduce((sum, other) => sum + (history.met.get(pairKey(key, other)) ?? 0), 0);

/** Step 2's first half alone: each player to the table of fewest meetings. */
export function greedyTables(
	order: readonly string[],
	sizes: readonly number[],
	history: History
): string[][] {
	const tables: string[][] = sizes.map(() => []);
	for (const key of order) {
		let best = -1;
		let bestCost = Infinity;
		tables.forEach((table, at) => {
			if (table.length >= sizes[at]) return;
			const cost = metAt(history, key, table);
			if (cost < bestCost) [best, bestCost] = [at, cost];
		});
		tables[best].push(key);
	}
	return tables;
}

/** Step 2's second half: the best swap between two tables while one lowers the repeats. */
export function improveTables(tables: string[][], history: History): string[][] {
	const result = tables.map((table) => [...table]);
	// bounded: each swap lowers a whole count, so this ends; the bound keeps a big evening quick
	for (let pass = 0; pass < 500; pass++) {
		let bestGain = 0;
		let best: [number, number, number, number] | null = null;
		for (let t = 0; t < result.length; t++)
			for (let u = t + 1; u < result.length; u++)
				for (let i = 0; i < result[t].length; i++)
					for (let j = 0; j < result[u].length; j++) {
						const a = result[t][i];
						const b = result[u][j];
						const restT = result[t].filter((_, at) => at !== i);
						const restU = result[u].filter((_, at) => at !== j);
						const gain =
							metAt(history, a, restT) +
							metAt(history, b, restU) -
							metAt(history, a, restU) -
							metAt(history, b, restT);
						if (gain > bestGain) [bestGain, best] = [gain, [t, i, u, j]];
					}
		if (!best) break;
		const [t, i, u, j] = best;
		[result[t][i], result[u][j]] = [result[u][j], result[t][i]];
	}
	return result;
}

/**
 * Four players as two partnerships (seats 1 and 3, 2 and 4): of the three pairings, the one
 * whose partners were partners least, last round's partners weighing most; the seed's order first.
 */
export function pairFour(four: readonly string[], history: History): string[] {
	const [a, b, c, d] = four;
	const pairings: [string, string, string, string][] = [
		[a, b, c, d], // a with c, b with d
		[a, c, b, d], // a with b, c with d
		[a, b, d, c] // a with d, b with c
	];
	const cost = ([w, x, y, z]: readonly string[]) =>
		[
			[w, y],
			[x, z]
		].reduce(
			(sum, [p, q]) =>
				sum +
				(history.partnered.get(pairKey(p, q)) ?? 0) +
				(history.lastPartner.get(p) === q ? 100 : 0),
			0
		);
	return pairings.reduce((best, pairing) => (cost(pairing) < cost(best) ? pairing : best));
}

/** Step 2 whole: the greedy draw, then its repeats lowered by swaps. */
export const tablesFor = (order: readonly string[], sizes: readonly number[], history: History) =>
	improveTables(greedyTables(order, sizes, history), history);

function seatTable(
	players: readonly string[],
	seating: Seating,
	history: History,
	random: Random
): DrawnTable {
	const order = shuffled(players, random);
	const seats = seating.partners && order.length === 4 ? pairFour(order, history) : order;
	const starter = byFewest(shuffled(seats, random), history.started)[0];
	return { seats, start: seats.indexOf(starter) };
}

export function drawRound(input: DrawInput): DrawnRound {
	const { seating, present, before, seed } = input;
	const random = randomFor(seed, before.length + 1);
	const history = historyOf(before, seating.partners);
	const { sizes, out } = tableSizes(present.length, seating);
	const order = byFewest(shuffled(present, random), history.satOut);
	const sittingOut = order.slice(0, out);
	const seated = shuffled(order.slice(out), random);
	const tables = tablesFor(seated, sizes, history);
	return {
		tables: tables.map((players) => seatTable(players, seating, history, random)),
		out: sittingOut
	};
}

/** Every round of an evening drawn at once, each with the same players (tests and benches). */
export function drawEvening(
	seating: Seating,
	present: readonly string[],
	rounds: number,
	seed: number
): DrawnRound[] {
	const drawn: DrawnRound[] = [];
	for (let round = 0; round < rounds; round++)
		drawn.push(drawRound({ seating, present, before: drawn, seed }));
	return drawn;
}
