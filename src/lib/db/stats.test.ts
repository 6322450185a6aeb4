import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { seeded, type GameId } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { longestRuns, scores } from '../rules/ill-pass';
import { RULES } from '../rules/registry';
import { summarize } from './summary';
import { PasspadDb, useDatabase } from './db';
import { appendAction } from './log';
import { createMatch } from './matches';
import type { MatchResult } from './schema';
import { leaderboard, matchCounts, playerStats } from './stats';
import { recountTotals } from './totals';

let db: PasspadDb;
beforeEach(async () => {
	db = new PasspadDb(`stats-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
});

const day = 86_400_000;

/** A match with its result written straight on the row, as the app keeps it once finished. */
async function finished(game: GameId, names: string[], result: MatchResult | null, at = day) {
	const match = await createMatch({ game, config: {}, names }, at);
	if (result) await db.matches.update(match.id, { status: 'finished', result });
	await recountTotals(db.matches.where('status').equals('finished'), db.totals); // written straight: who wins what counted again
	return match.id;
}

const solo = (
	totals: number[],
	winners: number[],
	extra: Partial<MatchResult> = {}
): MatchResult => ({
	winners,
	shared: winners.length > 1,
	reason: 'test',
	sides: totals.map((_, seat) => [seat]),
	totals,
	lowerWins: false,
	feats: [],
	...extra
});

/** A result as rows saved before v4 kept it: no direction, no feats (a database not upgraded). */
const legacy = (result: MatchResult) => {
	const { lowerWins: _direction, feats: _feats, ...old } = result;
	return old as MatchResult;
};

const idOf = async (name: string) => (await db.players.where('nameKey').equals(name).first())!.id;

describe('playerStats: per game, from the rows of one player', () => {
	it('counts played, won (shared wins count), win rate, average and best score', async () => {
		const lower = { lowerWins: true };
		await finished('ill-pass', ['Léa', 'Sam', 'Noor'], solo([10, 20, 30], [0], lower));
		await finished('ill-pass', ['Sam', 'Léa', 'Noor'], solo([5, 5, 30], [0, 1], lower));
		await finished('ill-pass', ['Noor', 'Sam', 'Léa'], solo([1, 20, 40], [0], lower));
		await finished('ill-pass', ['Léa', 'Sam', 'Noor'], null); // still being played
		await finished('climbing', ['Léa', 'Sam'], solo([3, 1], [0], { lowerWins: false }));

		const stats = await playerStats(await idOf('léa'));
		expect(stats).toMatchObject({ played: 4, unfinished: 1, won: 3 });
		const [illPass, climbing] = stats.games;
		expect(illPass).toEqual({
			game: 'ill-pass',
			played: 3,
			unfinished: 1,
			abandoned: 0,
			won: 2,
			shared: 1,
			// the wins by how they came (the outcome's reason)
			wonHow: { test: 2 },
			winRate: 2 / 3,
			averageScore: (10 + 5 + 40) / 3,
			bestScore: 5, // the lowest: I'll Pass counts down
			lowerWins: true,
			feats: []
		});
		expect(climbing).toMatchObject({ game: 'climbing', played: 1, won: 1, bestScore: 3 });
		expect((await playerStats(await idOf('sam'))).games[0].wonHow).toEqual({ test: 1 });
	});

	it("a team game scores the player's side, and feats are summed or kept as a best", async () => {
		const team = (totals: number[], winners: number[], ticks: number[]): MatchResult => ({
			winners,
			shared: false,
			reason: 'points',
			sides: [
				[0, 2],
				[1, 3]
			],
			totals,
			lowerWins: false,
			feats: [{ id: 'ticks', aggregate: 'sum', seats: ticks }]
		});
		await finished('pass-pass', ['Léa', 'Sam', 'Ana', 'Ben'], team([40, 30], [0], [2, 0, 1, 1]));
		await finished('pass-pass', ['Sam', 'Léa', 'Ben', 'Ana'], team([25, 35], [1], [0, 1, 0, 0]));
		await finished('ill-pass', ['Léa', 'Sam', 'Noor'], {
			...solo([3, 9, 20], [0], { lowerWins: true }),
			feats: [{ id: 'longest-run', aggregate: 'max', seats: [4, 2, 1] }]
		});
		await finished('ill-pass', ['Léa', 'Sam', 'Noor'], {
			...solo([30, 9, 20], [1], { lowerWins: true }),
			feats: [{ id: 'longest-run', aggregate: 'max', seats: [2, 6, 1] }]
		});

		const { games } = await playerStats(await idOf('léa'));
		const [illPass, passPass] = games;
		expect(passPass).toMatchObject({ played: 2, won: 2, averageScore: 37.5, bestScore: 40 });
		expect(passPass.feats).toEqual([{ id: 'ticks', aggregate: 'sum', value: 3, matches: 2 }]);
		expect(illPass.feats).toEqual([{ id: 'longest-run', aggregate: 'max', value: 4, matches: 2 }]);
	});

	it('rows saved before feats and the direction were kept: counted, best from a newer row', async () => {
		const old = legacy(solo([12, 20, 30], [0])); // no lowerWins, no feats
		await finished('ill-pass', ['Léa', 'Sam', 'Noor'], old);
		await finished('dominoes', ['Léa', 'Sam', 'Ana', 'Ben'], legacy(solo([50, 60, 70, 80], [0])));
		const stats = await playerStats(await idOf('léa'));
		expect(stats.games.map((game) => [game.game, game.played, game.bestScore])).toEqual([
			['ill-pass', 1, null], // the direction is not known yet: no best rather than a wrong one
			['dominoes', 1, null]
		]);
		expect(stats.games[0].averageScore).toBe(12);

		await finished('ill-pass', ['Léa', 'Sam', 'Noor'], {
			...solo([18, 9, 20], [1], { lowerWins: true }),
			feats: [{ id: 'longest-run', aggregate: 'max', seats: [3, 1, 1] }]
		});
		const [illPass] = (await playerStats(await idOf('léa'))).games;
		expect(illPass).toMatchObject({ played: 2, won: 1, bestScore: 12 });
		// the feat says from how many matches it is known
		expect(illPass.feats).toEqual([{ id: 'longest-run', aggregate: 'max', value: 3, matches: 1 }]);
	});

	it('a period keeps the matches last played within it', async () => {
		await finished('climbing', ['Léa', 'Sam'], solo([3, 0], [0]), 10 * day);
		await finished('climbing', ['Léa', 'Sam'], solo([1, 3], [1]), 20 * day);
		const léa = await idOf('léa');
		expect((await playerStats(léa, { from: 15 * day })).won).toBe(0);
		expect((await playerStats(léa, { to: 15 * day })).won).toBe(1);
		expect((await playerStats(léa)).played).toBe(2);
	});

	it('a real I’ll Pass match saved action by action gives its score and longest run', async () => {
		const { config, actions, state } = randomGame(seeded(11), 3);
		const game = RULES['ill-pass'];
		const match = await createMatch({ game: 'ill-pass', config, names: ['Léa', 'Sam', 'Noor'] });
		let current = game.setup(config, 3);
		for (const [seq, action] of actions.entries()) {
			const next = game.apply(current, action);
			if (!next.ok) throw new Error(next.refusal.code);
			current = next.value;
			await appendAction(match.id, seq, action, summarize(game, current));
		}
		const [illPass] = (await playerStats(await idOf('sam'))).games;
		expect(illPass).toMatchObject({
			played: 1,
			averageScore: scores(state)[1],
			bestScore: scores(state)[1],
			feats: [{ id: 'longest-run', value: longestRuns(state)[1], matches: 1 }]
		});
	});
});

describe('matchCounts and leaderboard: who wins what', () => {
	it('counts every match a player sat in, finished or not', async () => {
		await finished('climbing', ['Léa', 'Sam'], solo([3, 0], [0]));
		await finished('climbing', ['Léa', 'Noor'], null);
		const ids = [await idOf('léa'), await idOf('sam'), await idOf('noor')];
		expect([...(await matchCounts(ids)).values()]).toEqual([2, 1, 1]);
	});

	it('ranks each game by wins, then win rate, over finished matches of the period', async () => {
		await finished('climbing', ['Léa', 'Sam'], solo([3, 0], [0]), 1 * day);
		await finished('climbing', ['Léa', 'Sam'], solo([3, 0], [0]), 2 * day);
		await finished('climbing', ['Noor', 'Sam'], solo([3, 0], [1]), 3 * day);
		await finished('climbing', ['Noor', 'Léa'], solo([3, 0], [0]), 4 * day);
		await finished('climbing', ['Noor', 'Léa'], null, 5 * day);
		await finished('ill-pass', ['Léa', 'Sam', 'Noor'], solo([5, 5, 9], [0, 1]), 6 * day);
		const [léa, sam, noor] = [await idOf('léa'), await idOf('sam'), await idOf('noor')];

		const board = await leaderboard();
		expect(board.climbing).toEqual([
			{ playerId: léa, played: 3, won: 2, winRate: 2 / 3 },
			{ playerId: noor, played: 2, won: 1, winRate: 1 / 2 },
			{ playerId: sam, played: 3, won: 1, winRate: 1 / 3 }
		]);
		// a shared victory: both winners count it; equal rows keep a stable order
		const illPass = board['ill-pass'].map((row) => [row.playerId, row.won]);
		expect(illPass.slice(0, 2)).toEqual(
			expect.arrayContaining([
				[léa, 1],
				[sam, 1]
			])
		);
		expect(illPass[2]).toEqual([noor, 0]);
		expect(board.dominoes).toEqual([]);

		const recent = await leaderboard({ from: 3 * day });
		expect(recent.climbing.map((row) => [row.playerId, row.won, row.played])).toEqual([
			[sam, 1, 1],
			[noor, 1, 2],
			[léa, 0, 1]
		]);
	});
});
