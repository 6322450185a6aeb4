// The record bench/ratings.bench.ts (Node) and bench/ratings-browser.mjs (Chromium) rate: 10,000
// matches of a 50-player club, the four games' tables (I'll Pass at 3 to 5, PASS at 2 to 5, Pass
// Pass at 3 to 6 with teams at 4 and 6, dominoes in two partnerships), results drawn with ties,
// 1 in 20 abandoned; and the timing both print.
import { seeded } from '../src/lib/rules/common/random';
import type { GameId } from '../src/lib/rules/common';
import { rateRecord, stakes, type RatedMatch } from '../src/lib/ratings/rate';

export const MATCHES = 10_000;
const PLAYERS = Array.from({ length: 50 }, (_, at) => `player-${at}`);

export function record(seed: number): RatedMatch[] {
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

/** Times the whole replay (median of 5 after a warm-up) and one 6-seat table's stakes. */
export function timeRatings() {
	const matches = record(7);
	rateRecord(matches.slice(0, 500)); // warm the JIT as a page that opens twice would
	const runs: number[] = [];
	let rated = rateRecord([]);
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
	return {
		median: runs[2],
		best: runs[0],
		stake: (performance.now() - started) / 100,
		games: [...rated.keys()].sort()
	};
}
