import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GameId } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { seeded } from '$lib/rules/common/random';
import { game as passPassGame, simulate as passPassMatch } from '$lib/rules/pass-pass/simulate';
import { matchInput as dominoesInput, legalMatch } from '$lib/rules/dominoes/simulate';
import { match as climbingInput, randomMatch } from '$lib/rules/climbing/simulate';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { getLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { bgStatsPlay } from '$lib/share/bgstats';
import { summarize } from '$lib/db/summary';
import { resultText, sheetCsv } from './export';
import { verdict, type VerdictInput } from './verdict';

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Fay'];
const original = getLocale;
afterEach(() => overwriteGetLocale(original));

interface Ended {
	game: GameId;
	state: unknown;
	players: number;
}

/** Simulated whole matches of every game, as many as it takes to meet each way of winning. */
function* matches(): Generator<Ended> {
	for (const input of fc.sample(passPassGame, { numRuns: 300, seed: 21 })) {
		yield { game: 'pass-pass', state: passPassMatch(input).state, players: input.players };
	}
	for (const input of fc.sample(dominoesInput, { numRuns: 60, seed: 21 })) {
		yield { game: 'dominoes', state: legalMatch(input).state, players: 4 };
	}
	for (const input of fc.sample(climbingInput, { numRuns: 200, seed: 21 })) {
		const match = randomMatch(input, 4000);
		yield { game: 'climbing', state: match.states.at(-1), players: match.players };
	}
	for (let seed = 1; seed <= 300; seed++) {
		const match = randomGame(seeded(seed));
		yield { game: 'ill-pass', state: match.state, players: match.players };
	}
}

/** The first simulated match of each game that ended this way ("third-tick", "shared", ...). */
function found(): Map<string, Ended> {
	const seen = new Map<string, Ended>();
	for (const ended of matches()) {
		const outcome = RULES[ended.game].outcome(ended.state);
		if (!outcome) continue;
		const key = `${ended.game} ${outcome.shared ? 'shared' : outcome.reason}`;
		if (!seen.has(key)) seen.set(key, ended);
	}
	return seen;
}
const ENDED = found();

/** A CSV cell as written in English: quoted when it holds a comma. */
const quoted = (text: string) => (text.includes(',') ? `"${text}"` : text);

/** Every record of one match: the share text, the CSV, the BG Stats comment. */
function records(ended: Ended) {
	const rules = RULES[ended.game];
	const summary = summarize(rules, ended.state);
	const names = NAMES.slice(0, ended.players);
	const input: VerdictInput = { game: ended.game, status: summary.status, result: summary.result };
	const said = verdict(input, names);
	const sheet = rules.sheet(ended.state);
	const heading = { game: 'Game', date: '24/11/2026', players: names, verdict: said };
	const csv = sheetCsv(sheet, names, (code) => code, 'Total', undefined, heading);
	const text = resultText('Game', sheet, names, said);
	const play = bgStatsPlay({
		matchId: 'm',
		game: ended.game,
		gameName: 'Game',
		playedAt: new Date(2026, 10, 24),
		playedMs: 0,
		notes: '',
		why: [said.why, said.ticksLine].filter(Boolean),
		seats: names.map((name, seat) => ({ playerId: `p${seat}`, name })),
		starter: null,
		result: { ...summary.result!, lowerWins: sheet.lowerWins }
	});
	return { summary, said, csv, text, play, names };
}

// Every way each game can be won that these seeded simulations reach; a dominoes tie and a PASS
// tie on points and on the game's winner are out of their reach, and told apart below.
const EXPECTED = [
	'pass-pass third-tick',
	'pass-pass points',
	'pass-pass ticks',
	'pass-pass shared',
	'dominoes lowest-total',
	'climbing crowns',
	'climbing points',
	'climbing points-more',
	'climbing points-game-winner',
	'ill-pass lowest-score',
	'ill-pass shared'
];

describe('every record of a match names the winner and says why', () => {
	it('the simulators reach every common way of winning', () => {
		expect([...ENDED.keys()]).toEqual(expect.arrayContaining(EXPECTED));
	});

	it.each([...ENDED.keys()])('%s: share text, CSV and BG Stats say who and why', (key) => {
		const { summary, said, csv, text, play } = records(ENDED.get(key)!);
		expect(summary.status).toBe('finished');
		expect(said.winners.length).toBeGreaterThan(0);
		expect(said.why).toMatch(/\.$/);
		expect(said.why).not.toMatch(/How it was won/);
		for (const winner of said.winners) {
			expect(text).toContain(winner);
			expect(csv).toContain(
				`Winner${said.winners.length > 1 ? 's' : ''},${quoted(said.winners.join(', '))}`
			);
		}
		expect(text.split('\n')[1]).toBe(said.why);
		expect(csv).toContain(`How it was won,${quoted(said.why)}`);
		expect(play.comments).toContain(said.why);
		const winners = play.players.filter((player) => player.winner).map((player) => player.name);
		expect(winners.length).toBeGreaterThan(0);
		for (const name of winners) expect(said.winners.join(' & ')).toContain(name);
		if (key.endsWith('shared')) {
			expect(said.winnerLine).toMatch(/^Shared victory/);
			expect(said.why).toMatch(/shared victory/);
		}
	});

	it('a Pass Pass match won by a third Pass Pass: the ticks and the instant win in every record, not a 0-0 draw', () => {
		const ended = ENDED.get('pass-pass third-tick')!;
		const { said, csv, text, play, names } = records(ended);
		const ticks = said.ticks!;
		expect(Math.max(...ticks.map((side) => side.count))).toBeGreaterThanOrEqual(3);
		expect(said.why).toMatch(/^Won by a third Pass Pass/);
		const listed = ticks
			.map(({ seats, count }) => `${seats.map((seat) => names[seat]).join(' & ')} ${count}`)
			.join(', ');
		const line = `Pass Pass ticks: ${listed}.`;
		expect(said.ticksLine).toBe(line);
		expect(text.split('\n').slice(1, 3)).toEqual([said.why, line]);
		expect(csv).toContain(`Pass Pass ticks,"${listed}"`);
		expect(play.comments).toBe(`${said.why}\n${line}`);
		expect(play.players.filter((player) => player.winner)).toHaveLength(
			summarize(RULES['pass-pass'], ended.state).result!.sides[
				summarize(RULES['pass-pass'], ended.state).result!.winners[0]
			].length
		);
	});

	it('an abandoned match names no winner and says it was abandoned; an unfinished one that it is not over', () => {
		const base = { game: 'climbing' as const, result: null };
		expect(verdict({ ...base, status: 'abandoned' }, NAMES)).toMatchObject({
			winners: [],
			winnerLine: 'Abandoned: no winner.',
			why: ''
		});
		expect(verdict({ ...base, status: 'active' }, NAMES).winnerLine).toBe(
			'Not finished: no winner yet.'
		);
		const sheet = {
			sides: [{ seats: [0] }, { seats: [1] }],
			rows: [],
			totals: [3, 1],
			lowerWins: false
		};
		const said = verdict({ ...base, status: 'abandoned' }, NAMES);
		const csv = sheetCsv(sheet, NAMES.slice(0, 2), (c) => c, 'Total', undefined, {
			game: 'PASS',
			date: '24/11/2026',
			players: NAMES.slice(0, 2),
			verdict: said
		});
		expect(csv.split('\r\n')[3]).toBe('Winner,Abandoned: no winner.,');
		expect(csv).not.toContain('How it was won');
	});

	it('in French: the same words in French, semicolons and the verdict', () => {
		overwriteGetLocale(() => 'fr');
		const { said, csv } = records(ENDED.get('pass-pass third-tick')!);
		expect(said.why).toMatch(/^Gagnée par un troisième Pass Pass\u202f:/);
		expect(said.ticksLine).toMatch(/^Pass Pass cochés\u202f: Ana \d/);
		expect(csv).toContain(`Comment;${said.why}`);
	});

	it.each([
		['dominoes', 'lowest-total', true, 'Equal team totals after 7 deals: a shared victory.'],
		[
			'climbing',
			'points-closer',
			false,
			"Two players reached 10 points in the same game with equal points: the one closer clockwise to the game's winner wins."
		]
	] as const)(
		"%s %s (shared: %s), out of the simulations' reach: %s",
		(game, reason, shared, why) => {
			const said = verdict(
				{
					game,
					status: 'finished',
					result: {
						winners: shared ? [0, 1] : [1],
						shared,
						reason,
						sides: [
							[0, 2],
							[1, 3]
						]
					}
				},
				NAMES
			);
			expect(said.why).toBe(why);
			expect(said.winnerLine).toBe(
				shared ? 'Shared victory: Ana and Cleo, Ben and Dan' : 'Ben and Dan win!'
			);
		}
	);

	it('a reason this app has no words for (a newer backup): no code shown, a shared victory still said', () => {
		const said = verdict(
			{
				game: 'climbing',
				status: 'finished',
				result: { winners: [0], shared: false, reason: 'tokens', sides: [[0], [1]] }
			},
			NAMES
		);
		expect(said.why).toBe('');
		expect(
			verdict(
				{
					game: 'climbing',
					status: 'finished',
					result: { winners: [0, 1], shared: true, reason: 'tokens', sides: [[0], [1]] }
				},
				NAMES
			).why
		).toBe('A shared victory.');
	});
});
