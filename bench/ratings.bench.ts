// Ratings of 10,000 matches recomputed from the record (docs/ratings.md, "How fast"): a club of
// 50 players, the four games' tables (I'll Pass at 3 to 5, PASS at 2 to 5, Pass Pass at 3 to 6
// with teams at 4 and 6, dominoes in two partnerships), results drawn with ties, 1 in 20
// abandoned. Prints the time of the whole replay and of one new match's stakes; asserts only
// that every game was rated, never a time. Run: npx vitest run --config bench/vitest.config.ts bench/ratings.bench.ts
import { describe, expect, it } from 'vitest';
import { seeded } from '../src/lib/rules/common/random';
import type { GameId } from '../src/lib/rules/common';
import { rateRecord, stakes, type RatedMatch } from '../src/lib/ratings/rate';

const MATCHES = 10_000;
const PLAYERS = Array.from({ length: 50 }, (_, at) => `player-${at}`);

function record(seed: number): RatedMatch[] {
	const random = seeded(seed);
	const pick = (n: number) => Math.floor(random() * n);
	const games: { game: GameId; seats: () => number; team: (seats: number) => number }[] = [
		{ game: 'ill-pass', seats: () => 3 + pick(3), team: () => 1 },
		{ game: 'climbing', seats: () => 2 + pick(4), team: () => 1 },
		{
			game: 'pass-pass',
			seats: () => 3 + pick(4),
			team: (seats) => (seats % 2 === 0 && random() < 0.5 ? 2 : 1)
		},
		{ game: 'dominoes', seats: () => 4, team: () => 2 }
	];
	return Array.from({ length: MATCHES }, (_, at) => {
		const kind = games[pick(games.length)];
		const seats = kind.seats();
		const team = kind.team(seats);
		const sides = seats / team;
		const pool = [...PLAYERS].sort(() => random() - 0.5).slice(0, seats);
		const totals = Array.from({ length: sides }, () => pick(8));
		const best = Math.max(...totals);
		const winners = totals.flatMap((total, side) => (total === best ? [side] : []));
		return {
			id: `m${at}`,
			game: kind.game,
			createdAt: at * 60_000,
			status: random() < 0.05 ? 'abandoned' : 'finished',
			playerIds: pool,
			result: {
				winners,
				shared: winners.length > 1,
				sides: Array.from({ length: sides }, (_, side) =>
					Array.from({ length: team }, (_, member) => side + member * sides)
				),
				totals,
				lowerWins: false
			}
		};
	});
}

describe('ratings', () => {
	it(`recomputes ${MATCHES.toLocaleString('en')} matches`, () => {
		const matches = record(7);
		rateRecord(matches.slice(0, 500)); // warm the JIT as a page that opens twice would
		const runs: number[] = [];
		let rated = new Map();
		for (let run = 0; run < 5; run++) {
			const started = performance.now();
			rated = rateRecord(matches);
			runs.push(performance.now() - started);
		}
		runs.sort((a, b) => a - b);
		const ratings = rated.get('pass-pass')!;
		const started = performance.now();
		for (let run = 0; run < 100; run++)
			stakes(ratings, PLAYERS.slice(0, 6), [
				[0, 2, 4],
				[1, 3, 5]
			]);
		const stake = (performance.now() - started) / 100;
		console.log(
			`ratings: ${MATCHES} matches in ${runs[2].toFixed(0)} ms (median of 5; best ${runs[0].toFixed(0)} ms); one table's stakes in ${stake.toFixed(2)} ms`
		);
		expect([...rated.keys()].sort()).toEqual(['climbing', 'dominoes', 'ill-pass', 'pass-pass']);
	});
});
