import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AnyGame, GameId } from '$lib/rules/common';
import { seeded } from '$lib/rules/common/random';
import { RULES } from '$lib/rules/registry';
import { game as passPassInput, simulate as passPassMatch } from '$lib/rules/pass-pass/simulate';
import { phase as passPassPhase } from '$lib/rules/pass-pass/selectors';
import { legalMatch, matchInput as dominoesInput } from '$lib/rules/dominoes/simulate';
import { match as climbingInput, randomMatch } from '$lib/rules/climbing/simulate';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { bgStatsPlay } from '$lib/share/bgstats';
import { summarize } from '$lib/db/summary';
import { resultText, sheetCsv } from './export';
import { verdict } from './verdict';

// A match entered on the score pad is recorded as the same match refereed: the stored result
// and its feats (GameDefinition.feats, which the statistics read), the verdict's words, the
// share text, the CSV and BG Stats. Each pad match below is a refereed one entered round by
// round as its results, as the table would write them.

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Fay'];

function fold(game: AnyGame, config: unknown, players: number, actions: readonly unknown[]) {
	let state = game.setup(config as never, players);
	for (const action of actions) {
		const result = game.apply(state, action as never);
		if (!result.ok) throw new Error(`${result.refusal.code} ${JSON.stringify(action)}`);
		state = result.value;
	}
	return state;
}

/** Everything a finished match leaves in the records. */
function records(id: GameId, state: unknown, players: number) {
	const rules = RULES[id];
	const summary = summarize(rules, state);
	const names = NAMES.slice(0, players);
	const said = verdict({ game: id, status: summary.status, result: summary.result }, names);
	const sheet = rules.sheet(state);
	const heading = { game: 'Game', date: '24/11/2026', players: names, verdict: said };
	return {
		summary,
		said,
		csv: sheetCsv(
			sheet,
			names,
			(code, params) => `${code} ${JSON.stringify(params)}`,
			'Total',
			undefined,
			heading
		),
		text: resultText('Game', sheet, names, said),
		play:
			summary.result &&
			bgStatsPlay({
				matchId: 'm',
				game: id,
				gameName: 'Game',
				playedAt: new Date(2026, 10, 24),
				playedMs: 0,
				notes: '',
				why: [said.why, said.ticksLine].filter(Boolean),
				seats: names.map((name, seat) => ({ playerId: `p${seat}`, name })),
				starter: null,
				result: { ...summary.result, lowerWins: sheet.lowerWins }
			})
	};
}

describe('a score-pad match is recorded as the same match refereed', () => {
	it("I'll Pass: each player's cards and chips at the end", () => {
		for (let seed = 1; seed <= 40; seed++) {
			const game = randomGame(seeded(seed));
			const tally = {
				type: 'tally',
				hands: game.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }))
			};
			const pad = fold(RULES['ill-pass'], game.config, game.players, [tally]);
			const entered = records('ill-pass', pad, game.players);
			expect(entered.summary.status).toBe('finished');
			// the longest run is read from the cards entered: the same figure, not a guess
			expect(entered).toEqual(records('ill-pass', game.state, game.players));
		}
	});

	it('Pass-Pass dominoes: who went out and the spots, or a blocked deal, per deal (both rules)', () => {
		for (const input of fc.sample(dominoesInput, { numRuns: 30, seed: 22 })) {
			const match = legalMatch(input);
			const perSeat = input.houseRuleWinnerStarts;
			const tallies = match.state.deals.map((record) => {
				if (record.wentOut !== null)
					return { type: 'tally', wentOut: record.wentOut, total: Math.max(...record.points) };
				const [a, b, c, d] = record.handSizes;
				return { type: 'tally', wentOut: null, left: perSeat ? [a, b, c, d] : [a + c, b + d] };
			});
			const starts = match.actions.filter((action) => action.type === 'start');
			const pad = fold(RULES.dominoes, match.config, 4, [...starts, ...tallies]);
			// deals gone out are the feat; a pad deal never says who held what, and no figure needs it
			expect(records('dominoes', pad, 4)).toEqual(records('dominoes', match.state, 4));
		}
	});

	it('PASS: who played out and the cards left, per game; crowns mode without the cards left', () => {
		let compared = 0;
		for (const input of fc.sample(climbingInput, { numRuns: 30, seed: 23 })) {
			const match = randomMatch(input, 4000);
			const end = match.states.at(-1)!;
			if (end.phase !== 'over') continue;
			compared++;
			const crowns = match.config.mode === 'basic';
			const tallies = end.games.map((game) =>
				// crowns mode needs only who played out: nothing is made up for the cards left
				crowns
					? { type: 'tally', winner: game.winner }
					: { type: 'tally', winner: game.winner, cardsLeft: [...game.cardsLeft] }
			);
			const pad = fold(RULES.climbing, match.config, match.players, tallies);
			expect(records('climbing', pad, match.players)).toEqual(
				records('climbing', end, match.players)
			);
		}
		expect(compared).toBeGreaterThan(20);
	});

	it('Pass Pass: cards won per player, the diamonds counted from the cards', () => {
		let compared = 0;
		for (const input of fc.sample(passPassInput, { numRuns: 60, seed: 24 })) {
			const solo = { ...input, layout: false, players: Math.min(input.players, 5) };
			const refereed = passPassMatch(solo).state;
			const outcome = RULES['pass-pass'].outcome(refereed);
			// a third tick wins in the middle of a trick: cards won entered seat by seat after the
			// trick could give the tick to another seat first, which no table would enter that way
			if (!outcome || outcome.reason === 'third-tick') continue;
			const actions: unknown[] = [];
			let state = RULES['pass-pass'].setup(refereed.config, refereed.players);
			for (const [index, round] of refereed.rounds.entries()) {
				round.won.forEach((cards, seat) => {
					if (cards.length > 0) actions.push({ type: 'won', seat, cards: [...cards] });
				});
				state = fold(RULES['pass-pass'], refereed.config, refereed.players, actions);
				if (passPassPhase(state) !== 'over' && state.rounds.length === index + 1)
					actions.push({ type: 'endRound' });
			}
			state = fold(RULES['pass-pass'], refereed.config, refereed.players, actions);
			expect(records('pass-pass', state, refereed.players)).toEqual(
				records('pass-pass', refereed, refereed.players)
			);
			compared++;
		}
		expect(compared).toBeGreaterThan(20);
	});
});
