import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MatchResult } from '../db/schema';
import { newId } from '../wire/ids';
import {
	eveningStandings,
	placePoints,
	placesOf,
	seasonStandings,
	type CountedMatch
} from './standings';
import { DEFAULT_SCALE, type Scale } from './tag';

const EVENING = newId();

function result(
	totals: number[],
	winners: number[],
	lowerWins = true,
	sides?: number[][]
): MatchResult {
	return {
		winners,
		shared: winners.length > 1,
		reason: 'score',
		sides: sides ?? totals.map((_, seat) => [seat]),
		totals,
		lowerWins,
		feats: []
	};
}

function match(
	names: string[],
	outcome: MatchResult | null,
	{ evening = EVENING, at = 1, scale = DEFAULT_SCALE, status = 'finished' } = {}
): CountedMatch {
	return {
		config: { start: 0, evening: { id: evening, round: 1, table: 1, scale } },
		seats: names.map((name) => ({ playerId: `id-${name}`, name })),
		status: status as CountedMatch['status'],
		result: outcome,
		createdAt: at
	};
}

describe('evening standings: points by finishing place', () => {
	it.each([
		[3, [7, 4, 1]],
		[4, [7, 5, 3, 1]],
		[5, [7, 6, 4, 3, 1]],
		[6, [7, 6, 5, 3, 2, 1]],
		[2, [7, 1]]
	])('default scale at a table of %i sides: %j', (sides, points) => {
		expect(
			Array.from({ length: sides }, (_, at) => placePoints(at + 1, sides, DEFAULT_SCALE))
		).toEqual(points);
	});

	it("places: the winners first, then totals in the game's direction; equal totals share the better place", () => {
		// I'll Pass, lower wins: 20 wins, 30 and 30 share second, 40 last
		expect(placesOf(result([30, 20, 30, 40], [1]))).toEqual([2, 1, 2, 4]);
		// a shared victory shares first
		expect(placesOf(result([20, 20, 30], [0, 1]))).toEqual([1, 1, 3]);
		// higher wins (PASS points); a winner by a third Pass Pass may have fewer points
		expect(placesOf(result([5, 9, 7], [0], false))).toEqual([1, 2, 3]);
	});

	it('a dominoes partnership is one side: both partners score the first place of two', () => {
		const played = match(
			['Ana', 'Ben', 'Chloé', 'Dan'],
			result([12, 40], [0], true, [
				[0, 2],
				[1, 3]
			])
		);
		const standings = eveningStandings([played], EVENING);
		expect(standings.map((row) => [row.name, row.points])).toEqual([
			['Ana', 7],
			['Chloé', 7],
			['Ben', 1],
			['Dan', 1]
		]);
	});

	it('tie-breaks: points, then first places, then fewer tables; still equal, one rank', () => {
		const matches = [
			match(['X', 'Y', 'P'], result([10, 20, 30], [0]), { at: 1 }),
			match(['Q', 'R', 'Y', 'S'], result([10, 20, 30, 40], [0]), { at: 2 }),
			match(['W', 'T', 'U'], result([10, 20, 30], [0]), { at: 3, scale: { first: 6, last: 1 } }),
			match(['Z', 'V', 'W'], result([10, 20, 30], [0]), { at: 4 })
		];
		const standings = eveningStandings(matches, EVENING);
		const of = Object.fromEntries(standings.map((row) => [row.name, [row.points, row.rank]]));
		// X, Q, Z: 7 points, a first place, one table: one rank
		expect([of.X, of.Q, of.Z]).toEqual([
			[7, 1],
			[7, 1],
			[7, 1]
		]);
		// W: 6 + 1, a first place, two tables
		expect(of.W).toEqual([7, 4]);
		// Y: 4 + 3, no first place
		expect(of.Y).toEqual([7, 5]);
		expect(of.R).toEqual([5, 6]);
		expect([of.T, of.V]).toEqual([
			[4, 7],
			[4, 7]
		]);
	});

	it("only the evening's finished matches count: an abandoned, an unfinished or another evening's match counts nothing", () => {
		const matches = [
			match(['A', 'B', 'C'], result([10, 20, 30], [0])),
			match(['A', 'B', 'C'], null, { status: 'active' }),
			match(['A', 'B', 'C'], result([30, 20, 10], [2]), { status: 'abandoned' }),
			match(['A', 'B', 'C'], result([30, 20, 10], [2]), { evening: newId() }),
			{ ...match(['A', 'B', 'C'], result([30, 20, 10], [2])), config: { start: 0 } }
		];
		expect(eveningStandings(matches, EVENING).map((row) => row.points)).toEqual([7, 4, 1]);
	});

	it("the evening's own scale counts: 10 to the first, 0 to the last", () => {
		const scale: Scale = { first: 10, last: 0 };
		const standings = eveningStandings(
			[match(['A', 'B', 'C'], result([1, 2, 3], [0]), { scale })],
			EVENING
		);
		expect(standings.map((row) => row.points)).toEqual([10, 5, 0]);
	});

	it('the season sums the evenings started in its period, and counts the evenings', () => {
		const other = newId();
		const matches = [
			match(['A', 'B', 'C'], result([10, 20, 30], [0]), { at: 100 }),
			match(['A', 'B', 'C'], result([10, 20, 30], [0]), { at: 200, evening: other }),
			match(['A', 'B', 'C'], result([10, 20, 30], [0]), { at: 900, evening: newId() })
		];
		const season = seasonStandings(matches, 0, 500);
		expect(season[0]).toMatchObject({ name: 'A', points: 14, evenings: 2, played: 2, rank: 1 });
	});

	it("property: the same standings whatever order the phone learned the matches in; a table's winner never scores less than anyone at it", () => {
		const table = fc.record({
			seats: fc.uniqueArray(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F', 'G'), {
				minLength: 3,
				maxLength: 6
			}),
			totals: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 6, maxLength: 6 }),
			at: fc.integer({ min: 0, max: 1e6 })
		});
		fc.assert(
			fc.property(fc.array(table, { maxLength: 8 }), fc.integer(), (tables, seed) => {
				const matches = tables.map(({ seats, totals, at }) => {
					const mine = totals.slice(0, seats.length);
					const best = Math.min(...mine);
					const winners = mine.flatMap((total, seat) => (total === best ? [seat] : []));
					const played = match(seats, result(mine, winners), { at });
					const points = placesOf(played.result!).map((place) =>
						placePoints(place, seats.length, DEFAULT_SCALE)
					);
					for (const winner of winners) expect(points[winner]).toBe(Math.max(...points));
					return played;
				});
				const shuffled = [...matches].sort(
					(a, b) => ((a.createdAt * 7 + seed) % 13) - ((b.createdAt * 7 + seed) % 13)
				);
				const strip = (rows: ReturnType<typeof eveningStandings>) =>
					rows.map(({ player, points, rank }) => ({ player, points, rank }));
				expect(strip(eveningStandings(shuffled, EVENING))).toEqual(
					strip(eveningStandings(matches, EVENING))
				);
			})
		);
	});
});
