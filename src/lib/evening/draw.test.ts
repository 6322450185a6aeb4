import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_IDS, seeded, type GameId } from '../rules/common';
import { drawEvening, drawRound, greedyTables, pairFour, tablesFor } from './draw';
import { historyOf, pairKey, partnersAt, repeatsOf } from './history';
import { seatingOf, tableSizes } from './seating';
import type { DrawnRound } from './types';

const names = (count: number) => Array.from({ length: count }, (_, at) => `p${at + 1}`);

const evening = fc.record({
	game: fc.constantFrom<GameId>(...GAME_IDS),
	count: fc.integer({ min: 0, max: 30 }),
	rounds: fc.integer({ min: 1, max: 4 }),
	seed: fc.integer()
});

const seatedIn = (round: DrawnRound) => round.tables.flatMap((table) => table.seats);

// the machine may be shared: a property's 100 evenings take their time under load
describe('evening draw: properties over every game, count and seed', { timeout: 30_000 }, () => {
	it('every player here is seated or sits out, once a round; tables legal and balanced', () => {
		fc.assert(
			fc.property(evening, ({ game, count, rounds, seed }) => {
				const seating = seatingOf(game);
				for (const round of drawEvening(seating, names(count), rounds, seed)) {
					const everyone = [...seatedIn(round), ...round.out];
					expect([...everyone].sort()).toEqual(names(count).sort());
					const sizes = round.tables.map((table) => table.seats.length);
					expect(sizes).toEqual(tableSizes(count, seating).sizes);
					for (const table of round.tables) {
						expect(table.start).toBeGreaterThanOrEqual(0);
						expect(table.start).toBeLessThan(table.seats.length);
					}
				}
			})
		);
	});

	it('seeded: the same seed and rounds before draw the same round', () => {
		fc.assert(
			fc.property(evening, ({ game, count, rounds, seed }) => {
				const seating = seatingOf(game);
				expect(drawEvening(seating, names(count), rounds, seed)).toEqual(
					drawEvening(seating, names(count), rounds, seed)
				);
			})
		);
	});

	it('repeat meetings no more than the greedy draw of the same order gives', () => {
		fc.assert(
			fc.property(evening, fc.integer(), ({ game, count, rounds, seed }, orderSeed) => {
				const seating = seatingOf(game);
				const before = drawEvening(seating, names(count), rounds, seed);
				const history = historyOf(before, seating.partners);
				const { sizes, out } = tableSizes(count, seating);
				const next = seeded(orderSeed);
				const order = names(count)
					.map((key) => [next(), key] as const)
					.sort(([a], [b]) => a - b)
					.map(([, key]) => key)
					.slice(out);
				const asRound = (tables: string[][]) => ({
					tables: tables.map((seats) => ({ seats, start: 0 })),
					out: []
				});
				const greedy = greedyTables(order, sizes, history);
				const drawn = tablesFor(order, sizes, history);
				expect(drawn.map((table) => table.length)).toEqual(sizes);
				expect(repeatsOf(asRound(drawn), history)).toBeLessThanOrEqual(
					repeatsOf(asRound(greedy), history)
				);
			})
		);
	});

	it("dominoes: nobody partners last round's partner again", () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 4, max: 24 }),
				fc.integer({ min: 2, max: 5 }),
				fc.integer(),
				(count, rounds, seed) => {
					const seating = seatingOf('dominoes');
					const drawn = drawEvening(seating, names(count), rounds, seed);
					for (let at = 1; at < drawn.length; at++) {
						const last = historyOf(drawn.slice(0, at), true).lastPartner;
						const before = new Set(
							drawn[at - 1].tables.flatMap((t) =>
								partnersAt(t.seats).map(([a, b]) => pairKey(a, b))
							)
						);
						for (const table of drawn[at].tables)
							for (const [a, b] of partnersAt(table.seats)) {
								expect(before.has(pairKey(a, b))).toBe(false);
								expect(last.get(a)).not.toBe(b);
							}
					}
				}
			)
		);
	});

	it('sitting out is rotated: nobody sits out twice before everyone here sat out once', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 5, max: 23 }),
				fc.integer({ min: 2, max: 6 }),
				fc.integer(),
				(count, rounds, seed) => {
					const drawn = drawEvening(seatingOf('dominoes'), names(count), rounds, seed);
					const out = new Map<string, number>();
					for (const round of drawn) {
						for (const key of round.out) out.set(key, (out.get(key) ?? 0) + 1);
						const counts = names(count).map((key) => out.get(key) ?? 0);
						expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
					}
				}
			)
		);
	});

	it('who starts is rotated: at a table, the starter started no more often than anyone else there', () => {
		fc.assert(
			fc.property(evening, ({ game, count, rounds, seed }) => {
				const seating = seatingOf(game);
				const drawn = drawEvening(seating, names(count), rounds, seed);
				drawn.forEach((round, at) => {
					const started = historyOf(drawn.slice(0, at), false).started;
					for (const table of round.tables) {
						const starter = started.get(table.seats[table.start]) ?? 0;
						for (const key of table.seats)
							expect(starter).toBeLessThanOrEqual(started.get(key) ?? 0);
					}
				});
			})
		);
	});
});

describe('evening draw: examples named after the rule', { timeout: 30_000 }, () => {
	it('late arrivals and leavers: round 2 seats whoever is here for round 2', () => {
		const seating = seatingOf('ill-pass');
		const first = drawRound({ seating, present: names(7), before: [], seed: 4 });
		const present = [...names(7).filter((key) => key !== 'p3'), 'p8', 'p9'];
		const second = drawRound({ seating, present, before: [first], seed: 4 });
		expect([...seatedIn(second), ...second.out].sort()).toEqual([...present].sort());
		expect(seatedIn(second)).not.toContain('p3');
	});

	it('avoiding repeats: 16 at dominoes meet 12 new players in round 2 (no pair of round 1 meets again)', () => {
		const drawn = drawEvening(seatingOf('dominoes'), names(16), 2, 11);
		expect(repeatsOf(drawn[1], historyOf([drawn[0]], true))).toBe(0);
	});

	it("partners opposite: a dominoes pairing is seats 1 and 3, 2 and 4, never last round's", () => {
		const history = historyOf(
			[{ tables: [{ seats: ['a', 'b', 'c', 'd'], start: 0 }], out: [] }],
			true
		);
		const seats = pairFour(['a', 'b', 'c', 'd'], history);
		const pairs = partnersAt(seats).map(([x, y]) => pairKey(x, y));
		expect(pairs).not.toContain(pairKey('a', 'c'));
		expect(pairs).not.toContain(pairKey('b', 'd'));
	});

	it("a 20-player, 3-round evening of each game: repeat meetings at most half of a random draw's (over 200 seeds)", () => {
		const lines: string[] = [];
		for (const game of GAME_IDS) {
			const seating = seatingOf(game);
			let ours = 0;
			let random = 0;
			for (let seed = 1; seed <= 200; seed++) {
				const drawn = drawEvening(seating, names(20), 3, seed);
				const next = seeded(seed);
				const shuffledRounds: DrawnRound[] = drawn.map((round) => {
					const order = [...names(20)].sort(() => next() - 0.5);
					let at = 0;
					return {
						tables: round.tables.map((table) => ({
							seats: order.slice(at, (at += table.seats.length)),
							start: 0
						})),
						out: order.slice(at)
					};
				});
				for (let r = 1; r < 3; r++) {
					ours += repeatsOf(drawn[r], historyOf(drawn.slice(0, r), false));
					random += repeatsOf(shuffledRounds[r], historyOf(shuffledRounds.slice(0, r), false));
				}
			}
			lines.push(
				`${game}: ${(ours / 200).toFixed(2)} repeat meetings an evening, random ${(random / 200).toFixed(2)}`
			);
			expect(ours).toBeLessThanOrEqual(random / 2);
		}
		console.log(lines.join('\n'));
	});
});
