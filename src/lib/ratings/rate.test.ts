import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rate } from 'openskill';
import { PROVISIONAL_UNTIL, START, shown } from './scale';
import {
	rateGame,
	rateRecord,
	stakes,
	standings,
	update,
	wengLin,
	type RatedMatch,
	type Skill
} from './rate';

const PLAYERS = ['ana', 'ben', 'cleo', 'dan', 'eve', 'finn', 'gus', 'hugo'];

/**
 * A match as the record keeps it: seats filled from the pool, sides of one seat or of
 * `teamSize` seats (partners opposite, as dominoes and Pass Pass teams sit), totals drawn,
 * winners the best total (equal best totals share the victory), as the rules would give.
 */
const matchArb = (id: number, teamSize: 1 | 2 = 1) =>
	fc
		.record({
			sides: fc.integer({ min: 2, max: teamSize === 1 ? 6 : 3 }),
			pool: fc.shuffledSubarray(PLAYERS, { minLength: 8, maxLength: 8 }),
			totals: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 6, maxLength: 6 }),
			lowerWins: fc.boolean(),
			createdAt: fc.integer({ min: 0, max: 40 }),
			status: fc.constantFrom('finished', 'finished', 'finished', 'abandoned' as const)
		})
		.map(({ sides, pool, totals, lowerWins, createdAt, status }): RatedMatch => {
			const seats = sides * teamSize;
			const sideSeats = Array.from({ length: sides }, (_, side) =>
				Array.from({ length: teamSize }, (_, member) => side + member * sides)
			);
			const sideTotals = totals.slice(0, sides);
			const best = lowerWins ? Math.min(...sideTotals) : Math.max(...sideTotals);
			const winners = sideTotals.flatMap((total, side) => (total === best ? [side] : []));
			return {
				id: `m${String(id).padStart(3, '0')}`,
				game: teamSize === 1 ? 'ill-pass' : 'dominoes',
				createdAt,
				status: status as RatedMatch['status'],
				playerIds: pool.slice(0, seats),
				result: {
					winners,
					shared: winners.length > 1,
					sides: sideSeats,
					totals: sideTotals,
					lowerWins
				}
			};
		});

const recordArb = (teamSize: 1 | 2 = 1) =>
	fc
		.integer({ min: 1, max: 25 })
		.chain((length) => fc.tuple(...Array.from({ length }, (_, at) => matchArb(at, teamSize))));

const skillArb = fc.record({
	mu: fc.double({ min: 0, max: 50, noNaN: true }),
	sigma: fc.double({ min: 0.5, max: 25 / 3, noNaN: true })
});

const plain = (ratings: ReturnType<typeof rateGame>) =>
	[...ratings.values()].map(({ playerId, rating, played, history }) => ({
		playerId,
		rating,
		played,
		history
	}));

describe('ratings from the record', () => {
	it('a winner never loses points in a match, shared victories included', () => {
		fc.assert(
			fc.property(fc.oneof(recordArb(1), recordArb(2)), (record) => {
				const ratings = rateGame(record);
				for (const match of record) {
					if (match.status !== 'finished' || !match.result) continue;
					for (const side of match.result.winners) {
						for (const seat of match.result.sides[side]) {
							const step = ratings
								.get(match.playerIds[seat])!
								.history.find((entry) => entry.match === match.id)!;
							expect(step.change).toBeGreaterThanOrEqual(0);
						}
					}
				}
			})
		);
	});

	it('a winner never loses skill, whatever the skills before (update)', () => {
		fc.assert(
			fc.property(fc.array(skillArb, { minLength: 2, maxLength: 6 }), fc.nat(), (skills, tie) => {
				// the first side wins, shared with the second when `tie` is odd
				const places = skills.map((_, at) =>
					at === 0 || (at === 1 && tie % 2 === 1) ? 1 : at + 1
				);
				const after = update(
					skills.map((skill) => [skill]),
					places
				);
				after.forEach((side, at) => {
					if (places[at] === 1) expect(side[0].mu).toBeGreaterThanOrEqual(skills[at].mu);
				});
			})
		);
	});

	it('a side alone in last place never gains', () => {
		fc.assert(
			fc.property(fc.array(skillArb, { minLength: 2, maxLength: 6 }), (skills) => {
				const places = skills.map((_, at) => at + 1);
				const after = update(
					skills.map((skill) => [skill]),
					places
				);
				expect(after.at(-1)![0].mu).toBeLessThanOrEqual(skills.at(-1)!.mu);
			})
		);
	});

	it('partners move together: each member of a team gets the same change', () => {
		fc.assert(
			fc.property(
				fc.array(fc.tuple(skillArb, skillArb), { minLength: 2, maxLength: 3 }),
				(teams) => {
					const places = teams.map((_, at) => at + 1).reverse();
					const after = update(teams, places);
					after.forEach((team, at) => {
						const [a, b] = [team[0].mu - teams[at][0].mu, team[1].mu - teams[at][1].mu];
						expect(a).toBeCloseTo(b, 9);
					});
				}
			)
		);
	});

	it('partners who always sit together end equal (dominoes partnerships)', () => {
		const pairs = [
			['ana', 'ben'],
			['cleo', 'dan'],
			['eve', 'finn']
		];
		fc.assert(
			fc.property(
				fc.array(
					fc.tuple(
						fc.integer({ min: 0, max: 2 }),
						fc.integer({ min: 1, max: 2 }),
						fc.integer({ min: 0, max: 2 })
					),
					{ minLength: 1, maxLength: 30 }
				),
				(deals) => {
					const record: RatedMatch[] = deals.flatMap(([a, shift, winner], at) => {
						const b = (a + shift) % 3;
						// seats 0 & 2 one partnership, 1 & 3 the other (docs/rulings.md, Pass-Pass dominoes)
						const playerIds = [pairs[a][0], pairs[b][0], pairs[a][1], pairs[b][1]];
						const totals = winner === 2 ? [10, 10] : winner === 0 ? [0, 20] : [20, 0];
						return [
							{
								id: `d${at}`,
								game: 'dominoes',
								createdAt: at,
								status: 'finished',
								playerIds,
								result: {
									winners: winner === 2 ? [0, 1] : [winner],
									shared: winner === 2,
									sides: [
										[0, 2],
										[1, 3]
									],
									totals,
									lowerWins: true
								}
							}
						];
					});
					const ratings = rateGame(record);
					for (const [one, other] of pairs) {
						if (!ratings.has(one)) continue;
						expect(ratings.get(one)!.rating).toBe(ratings.get(other)!.rating);
						expect(ratings.get(one)!.skill.mu).toBeCloseTo(ratings.get(other)!.skill.mu, 9);
					}
				}
			)
		);
	});

	it('replaying the same record gives the same ratings', () => {
		fc.assert(
			fc.property(recordArb(1), (record) => {
				expect(plain(rateGame(record))).toEqual(plain(rateGame(structuredClone(record))));
			})
		);
	});

	it('the order the matches were learned in does not matter, only their dates', () => {
		fc.assert(
			fc.property(
				fc
					.oneof(recordArb(1), recordArb(2))
					.chain((record) =>
						fc.tuple(
							fc.constant(record),
							fc.shuffledSubarray(record, { minLength: record.length, maxLength: record.length })
						)
					),
				([record, learned]) => {
					const sorted = (ratings: ReturnType<typeof rateGame>) =>
						plain(ratings).sort((a, b) => a.playerId.localeCompare(b.playerId));
					expect(sorted(rateGame(learned))).toEqual(sorted(rateGame(record)));
				}
			)
		);
	});

	it('an abandoned or unfinished match moves no rating', () => {
		fc.assert(
			fc.property(recordArb(1), (record) => {
				const counted = record.filter((match) => match.status === 'finished');
				const stopped = record.map((match) => ({ ...match, status: 'abandoned' as const }));
				const open = record.map((match) => ({ ...match, status: 'active' as const, result: null }));
				expect(
					plain(
						rateGame([
							...counted,
							...stopped.map((match) => ({ ...match, id: `x${match.id}` })),
							...open.map((match) => ({ ...match, id: `y${match.id}` }))
						])
					)
				).toEqual(plain(rateGame(counted)));
			})
		);
	});

	it(`a new player starts at ${START}, provisional for ${PROVISIONAL_UNTIL} matches`, () => {
		fc.assert(
			fc.property(recordArb(1), (record) => {
				for (const player of rateGame(record).values()) {
					const first = player.history[0];
					expect(first.rating - first.change).toBe(START);
					expect(player.provisional).toBe(player.played < PROVISIONAL_UNTIL);
					player.history.forEach((step, at) => {
						const before = at === 0 ? START : player.history[at - 1].rating;
						expect(step.rating - step.change).toBe(before);
					});
				}
				// and one who never played is at stake as a new player
				const [win] = stakes(rateGame(record), ['nobody-yet', 'ana'], [[0], [1]]);
				const fresh = stakes(undefined, ['nobody-yet', 'other'], [[0], [1]]);
				expect(win.win).toBeGreaterThan(0);
				expect(fresh[0]).toEqual(fresh[1]);
			})
		);
	});

	it('never shows below 0', () => {
		fc.assert(
			fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (mu) => {
				expect(shown(mu)).toBeGreaterThanOrEqual(0);
			})
		);
		expect(shown(25)).toBe(START);
	});

	it('rates each game apart', () => {
		const match = (id: string, game: RatedMatch['game']): RatedMatch => ({
			id,
			game,
			createdAt: 1,
			status: 'finished',
			playerIds: ['ana', 'ben', 'cleo'],
			result: {
				winners: [0],
				shared: false,
				sides: [[0], [1], [2]],
				totals: [3, 2, 1],
				lowerWins: false
			}
		});
		const games = rateRecord([match('a', 'climbing'), match('b', 'ill-pass')]);
		expect([...games.keys()].sort()).toEqual(['climbing', 'ill-pass']);
		expect(games.get('climbing')!.get('ana')!.played).toBe(1);
		expect(games.get('ill-pass')!.get('ana')!.played).toBe(1);
	});
});

describe("openskill's rate", () => {
	it('wengLin gives what openskill rate gives, ties and teams included', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 3 }).chain((size) =>
					fc.array(fc.array(skillArb, { minLength: size, maxLength: size }), {
						minLength: 2,
						maxLength: 6
					})
				),
				fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 6, maxLength: 6 }),
				(sides, drawn) => {
					const places = sides.map((_, at) => drawn[at]);
					const ours = wengLin(sides, places);
					const theirs = rate(sides, { rank: places });
					ours.forEach((side, at) =>
						side.forEach((skill, member) => {
							expect(skill.mu).toBeCloseTo(theirs[at][member].mu, 9);
							expect(skill.sigma).toBeCloseTo(theirs[at][member].sigma, 9);
						})
					);
				}
			)
		);
	});
});

describe('at stake', () => {
	it('a win gains, last place loses, for every seat of a new table', () => {
		const all = stakes(undefined, ['a', 'b', 'c', 'd'], [[0], [1], [2], [3]]);
		for (const stake of all) {
			expect(stake.win).toBeGreaterThan(0);
			expect(stake.last).toBeLessThan(0);
		}
	});

	it('partners have the same stake', () => {
		const ratings = rateGame([]);
		const all = stakes(
			ratings,
			['a', 'b', 'c', 'd'],
			[
				[0, 2],
				[1, 3]
			]
		);
		expect(all[0]).toEqual(all[2]);
		expect(all[1]).toEqual(all[3]);
	});

	it('the stake is what the match then moves', () => {
		fc.assert(
			fc.property(recordArb(1), (record) => {
				const before = rateGame(record);
				const ids = ['ana', 'ben', 'cleo'];
				const [stake] = stakes(before, ids, [[0], [1], [2]]);
				const won: RatedMatch = {
					id: 'zz-next',
					game: 'ill-pass',
					createdAt: 1_000,
					status: 'finished',
					playerIds: ids,
					result: {
						winners: [0],
						shared: false,
						sides: [[0], [1], [2]],
						totals: [1, 2, 3],
						lowerWins: true
					}
				};
				const after = rateGame([...record, won]).get('ana')!;
				expect(after.history.at(-1)!.change).toBe(stake.win);
			})
		);
	});
});

describe('standings', () => {
	it('settled ratings first, best first', () => {
		const ratings = new Map(
			[
				{ playerId: 'a', rating: 1100, played: 2, provisional: true },
				{ playerId: 'b', rating: 990, played: 9, provisional: false },
				{ playerId: 'c', rating: 1030, played: 6, provisional: false }
			].map((row) => [row.playerId, { ...row, skill: {} as Skill, history: [] }])
		);
		expect(standings(ratings).map((row) => row.playerId)).toEqual(['c', 'b', 'a']);
	});
});
