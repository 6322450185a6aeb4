import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GameId } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { seeded } from '$lib/rules/common/random';
import { game as passPassGame, simulate as passPassMatch } from '$lib/rules/pass-pass/simulate';
import { matchInput as dominoesInput, legalMatch } from '$lib/rules/dominoes/simulate';
import { match as climbingInput, randomMatch } from '$lib/rules/climbing/simulate';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { summarize } from '$lib/db/summary';
import { bgStatsLinks, bgStatsPlay, playDate, ranks, starterOf, type PlayResult } from './bgstats';

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];

/** A finished match as the match screen hands it over: simulated, then summarized. */
function finished(
	game: GameId,
	config: unknown,
	actions: unknown[],
	state: unknown,
	seats: number
) {
	const summary = summarize(RULES[game], state).result!;
	const result = { ...summary, lowerWins: RULES[game].sheet(state).lowerWins };
	return {
		matchId: `match-${game}`,
		game,
		gameName: {
			'pass-pass': 'Pass Pass',
			dominoes: 'Pass-Pass',
			climbing: 'PASS',
			'ill-pass': "I'll Pass"
		}[game],
		// a local time: the play's date is the device's own, whatever its time zone
		playedAt: new Date(2026, 10, 22, 19, 5, 9),
		playedMs: 25 * 60_000 + 31_000,
		notes: 'At the café',
		seats: NAMES.slice(0, seats).map((name, seat) => ({ playerId: `p${seat}`, name })),
		starter: starterOf(game, config, actions),
		result
	};
}

/** The JSON inside the app link, read back as BG Stats reads it. */
function sent(input: ReturnType<typeof finished>) {
	const { app, web } = bgStatsLinks(input);
	expect(app.startsWith('bgstats://app.bgstatsapp.com/createPlay.html?data=')).toBe(true);
	expect(web.startsWith('https://app.bgstatsapp.com/createPlay.html?data=')).toBe(true);
	expect(new URL(web).searchParams.get('data')).toBe(decodeURIComponent(app.split('?data=')[1]));
	return JSON.parse(new URL(web).searchParams.get('data')!);
}

const common = {
	sourceName: 'Passpad',
	playDate: '2026-11-22 19:05:09',
	durationMin: 26,
	location: '',
	comments: 'At the café'
};

describe('a finished match sent to BG Stats', () => {
	it('Pass Pass in teams of two, won on a third tick: each player the team total, the team named by its players', () => {
		const [input] = fc.sample(passPassGame, { numRuns: 1, seed: 4 });
		const match = passPassMatch({ ...input, players: 4, layout: true, mixed: false });
		expect(sent(finished('pass-pass', match.config, match.actions, match.state, 4))).toEqual({
			...common,
			sourcePlayId: 'match-pass-pass',
			game: {
				name: 'Pass Pass',
				highestWins: true,
				noPoints: false,
				sourceGameId: 'pass-pass'
			},
			players: [
				{
					name: 'Ana',
					sourcePlayerId: 'p0',
					score: 25,
					winner: true,
					rank: 1,
					startPlayer: true,
					role: '',
					team: 'Ana and Cleo'
				},
				{
					name: 'Ben',
					sourcePlayerId: 'p1',
					score: 13,
					winner: false,
					rank: 2,
					startPlayer: false,
					role: '',
					team: 'Ben and Dan'
				},
				{
					name: 'Cleo',
					sourcePlayerId: 'p2',
					score: 25,
					winner: true,
					rank: 1,
					startPlayer: false,
					role: '',
					team: 'Ana and Cleo'
				},
				{
					name: 'Dan',
					sourcePlayerId: 'p3',
					score: 13,
					winner: false,
					rank: 2,
					startPlayer: false,
					role: '',
					team: 'Ben and Dan'
				}
			]
		});
	});

	it('the dominoes: lower wins, partners opposite as teams, the starter of deal 1 from the log', () => {
		const [input] = fc.sample(dominoesInput, { numRuns: 1, seed: 4 });
		const match = legalMatch(input);
		expect(match.actions[0]).toEqual({ type: 'start', seat: 2 });
		expect(sent(finished('dominoes', match.config, match.actions, match.state, 4))).toEqual({
			...common,
			sourcePlayId: 'match-dominoes',
			game: {
				name: 'Pass-Pass',
				highestWins: false,
				noPoints: false,
				sourceGameId: 'dominoes'
			},
			players: [
				{
					name: 'Ana',
					sourcePlayerId: 'p0',
					score: 58,
					winner: true,
					rank: 1,
					startPlayer: false,
					role: '',
					team: 'Ana and Cleo'
				},
				{
					name: 'Ben',
					sourcePlayerId: 'p1',
					score: 71,
					winner: false,
					rank: 2,
					startPlayer: false,
					role: '',
					team: 'Ben and Dan'
				},
				{
					name: 'Cleo',
					sourcePlayerId: 'p2',
					score: 58,
					winner: true,
					rank: 1,
					startPlayer: true,
					role: '',
					team: 'Ana and Cleo'
				},
				{
					name: 'Dan',
					sourcePlayerId: 'p3',
					score: 71,
					winner: false,
					rank: 2,
					startPlayer: false,
					role: '',
					team: 'Ben and Dan'
				}
			]
		});
	});

	it('PASS, advanced: highest wins, each player ranked by points, no teams', () => {
		const [input] = fc.sample(climbingInput, { numRuns: 1, seed: 4 });
		const match = randomMatch({ ...input, players: 3 });
		const state = match.states.at(-1);
		expect(sent(finished('climbing', match.config, match.actions, state, 3))).toEqual({
			...common,
			sourcePlayId: 'match-climbing',
			game: {
				name: 'PASS',
				highestWins: true,
				noPoints: false,
				sourceGameId: 'climbing'
			},
			players: [
				{
					name: 'Ana',
					sourcePlayerId: 'p0',
					score: 7,
					winner: false,
					rank: 2,
					startPlayer: false,
					role: '',
					team: ''
				},
				{
					name: 'Ben',
					sourcePlayerId: 'p1',
					score: 10,
					winner: true,
					rank: 1,
					startPlayer: true,
					role: '',
					team: ''
				},
				{
					name: 'Cleo',
					sourcePlayerId: 'p2',
					score: 4,
					winner: false,
					rank: 3,
					startPlayer: false,
					role: '',
					team: ''
				}
			]
		});
	});

	it("I'll Pass: lowest score wins, the starter from the setup", () => {
		const match = randomGame(seeded(4), 4);
		expect(sent(finished('ill-pass', match.config, match.actions, match.state, 4))).toEqual({
			...common,
			sourcePlayId: 'match-ill-pass',
			game: {
				name: "I'll Pass",
				highestWins: false,
				noPoints: false,
				sourceGameId: 'ill-pass'
			},
			players: [
				{
					name: 'Ana',
					sourcePlayerId: 'p0',
					score: 2,
					winner: true,
					rank: 1,
					startPlayer: false,
					role: '',
					team: ''
				},
				{
					name: 'Ben',
					sourcePlayerId: 'p1',
					score: 107,
					winner: false,
					rank: 2,
					startPlayer: false,
					role: '',
					team: ''
				},
				{
					name: 'Cleo',
					sourcePlayerId: 'p2',
					score: 124,
					winner: false,
					rank: 3,
					startPlayer: false,
					role: '',
					team: ''
				},
				{
					name: 'Dan',
					sourcePlayerId: 'p3',
					score: 127,
					winner: false,
					rank: 4,
					startPlayer: true,
					role: '',
					team: ''
				}
			]
		});
	});
});

describe('ranks', () => {
	const individual = (totals: number[], winners: number[], lowerWins = false): PlayResult => ({
		winners,
		shared: winners.length > 1,
		sides: totals.map((_, seat) => [seat]),
		totals,
		lowerWins
	});
	it.each([
		['highest first', individual([10, 30, 20], [1]), [3, 1, 2]],
		['lowest first', individual([10, 30, 20], [0], true), [1, 3, 2]],
		['a shared victory: both first, the next third', individual([30, 30, 20], [0, 1]), [1, 1, 3]],
		['a tie behind the winner shares second', individual([9, 12, 12, 15], [3]), [4, 2, 2, 1]],
		['a third tick wins whatever the points', individual([20, 31, 25], [0]), [1, 2, 3]]
	])('%s', (_, result, expected) => {
		expect(ranks(result)).toEqual(expected);
	});
});

describe('the play details', () => {
	it('writes the date as local time, padded', () => {
		expect(playDate(new Date(2027, 0, 3, 7, 4, 5))).toBe('2027-01-03 07:04:05');
	});

	it('rounds the time played to whole minutes and names nobody as starter when unknown', () => {
		const play = bgStatsPlay({
			matchId: 'm',
			game: 'climbing',
			gameName: 'PASS',
			playedAt: new Date(2026, 0, 1),
			playedMs: 89_999,
			notes: '',
			seats: [
				{ playerId: 'a', name: 'Ana' },
				{ playerId: 'b', name: 'Ben' }
			],
			starter: starterOf('climbing', { mode: 'basic', tokens: 40 }, []),
			result: { winners: [0], shared: false, sides: [[0], [1]], totals: [3, 1], lowerWins: false }
		});
		expect(play.durationMin).toBe(1);
		expect(play.players.map((player) => player.startPlayer)).toEqual([false, false]);
	});

	it('reads the starter from the setup where the table chose it there', () => {
		expect(starterOf('dominoes', { houseRuleWinnerStarts: false, starter: 3 }, [])).toBe(3);
		expect(starterOf('climbing', { mode: 'basic', tokens: 40, starter: 1 }, [])).toBe(1);
		expect(starterOf('pass-pass', { start: 2, teams: null }, [])).toBe(2);
	});
});

describe("a game's BoardGameGeek id", () => {
	it('is left out where it is not known for certain, never sent as 0', () => {
		const [input] = fc.sample(passPassGame, { numRuns: 1, seed: 4 });
		const match = passPassMatch({ ...input, players: 4, layout: true, mixed: false });
		const play = bgStatsPlay(finished('pass-pass', match.config, match.actions, match.state, 4));
		expect('bggId' in play.game).toBe(false);
		expect(JSON.stringify(play)).not.toContain('bggId');
	});

	it("how the match was won goes first in the play's comment, the note after it", () => {
		const [input] = fc.sample(passPassGame, { numRuns: 1, seed: 4 });
		const match = passPassMatch({ ...input, players: 4, layout: true, mixed: false });
		const play = bgStatsPlay({
			...finished('pass-pass', match.config, match.actions, match.state, 4),
			why: ['Won by a third Pass Pass.', 'Pass Pass ticks: Ana 3, Ben 1.']
		});
		expect(play.comments).toBe(
			'Won by a third Pass Pass.\nPass Pass ticks: Ana 3, Ben 1.\nAt the café'
		);
	});
});
