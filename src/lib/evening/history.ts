/**
 * What earlier rounds of the evening say about the next draw (docs/evening.md): who met whom and
 * how often, who partnered whom (and last round's partner), who sat out and who started.
 */
import type { DrawnRound } from './types';

/** A pair of players as one key, whatever their order. */
export const pairKey = (a: string, b: string): string =>
	a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;

export interface History {
	/** times two players shared a table */
	readonly met: ReadonlyMap<string, number>;
	/** times two players were partners (the dominoes' partnerships) */
	readonly partnered: ReadonlyMap<string, number>;
	/** each player's partner in the last round they played with one */
	readonly lastPartner: ReadonlyMap<string, string>;
	readonly satOut: ReadonlyMap<string, number>;
	readonly started: ReadonlyMap<string, number>;
}

const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

/** Partners at a table of four in two partnerships: seats 1 and 3, 2 and 4. */
export function partnersAt(seats: readonly string[]): [string, string][] {
	return seats.length === 4
		? [
				[seats[0], seats[2]],
				[seats[1], seats[3]]
			]
		: [];
}

export function historyOf(rounds: readonly DrawnRound[], partners: boolean): History {
	const met = new Map<string, number>();
	const partnered = new Map<string, number>();
	const lastPartner = new Map<string, string>();
	const satOut = new Map<string, number>();
	const started = new Map<string, number>();
	for (const round of rounds) {
		for (const key of round.out) bump(satOut, key);
		for (const table of round.tables) {
			const { seats } = table;
			for (let i = 0; i < seats.length; i++)
				for (let j = i + 1; j < seats.length; j++) bump(met, pairKey(seats[i], seats[j]));
			if (seats[table.start] !== undefined) bump(started, seats[table.start]);
			if (!partners) continue;
			for (const [a, b] of partnersAt(seats)) {
				bump(partnered, pairKey(a, b));
				lastPartner.set(a, b);
				lastPartner.set(b, a);
			}
		}
	}
	return { met, partnered, lastPartner, satOut, started };
}

/** Repeat meetings of a round: for each pair at a table, the times they had met before. */
export function repeatsOf(round: DrawnRound, history: History): number {
	let repeats = 0;
	for (const { seats } of round.tables)
		for (let i = 0; i < seats.length; i++)
			for (let j = i + 1; j < seats.length; j++)
				repeats += history.met.get(pairKey(seats[i], seats[j])) ?? 0;
	return repeats;
}
