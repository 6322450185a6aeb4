import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { climbing } from './index';
import { match, randomMatch } from './simulate';
import type { ClimbingAction, ClimbingState, Mode } from './types';

const apply = (state: ClimbingState, action: ClimbingAction) => {
	const result = climbing.apply(state, action);
	if (!result.ok) throw new Error(`${result.refusal.code} ${JSON.stringify(action)}`);
	return result.value;
};
const refusal = (state: ClimbingState, action: ClimbingAction) => {
	const result = climbing.apply(state, action);
	return result.ok ? null : result.refusal;
};
const figures = (state: ClimbingState) => ({
	phase: state.phase,
	winners: state.games.map((game) => game.winner),
	awarded: state.games.map((game) => game.awarded),
	outcome: climbing.outcome(state),
	sheet: climbing.sheet(state),
	feats: climbing.feats!.map((feat) => feat.value(state))
});

/**
 * Replays a refereed match, entering the games `pad` marks as their result instead: the
 * game's `start` and its sets and passes give way to one tally (winner, cards left).
 */
function mixed(
	input: typeof match extends fc.Arbitrary<infer T> ? T : never,
	pad: (game: number) => boolean
) {
	const refereed = randomMatch(input);
	let state = climbing.setup(refereed.config, refereed.players);
	refereed.actions.forEach((action, index) => {
		const before = refereed.states[index];
		const after = refereed.states[index + 1];
		const game = before.games.length;
		if (!pad(game)) state = apply(state, action);
		else if (after.games.length > game) {
			const record = after.games[game];
			state = apply(state, {
				type: 'tally',
				winner: record.winner,
				cardsLeft: [...record.cardsLeft]
			});
		}
	});
	return { refereed: refereed.states.at(-1)!, state };
}

describe('PASS on the score pad gives what refereeing the games gives', () => {
	it('every game entered: same crowns or points, match end, sheet and feats', () => {
		fc.assert(
			fc.property(match, (input) => {
				const { refereed, state } = mixed(input, () => true);
				expect(figures(state)).toEqual(figures(refereed));
			}),
			{ numRuns: 80 }
		);
	});

	it('refereed and entered games mixed in one match: the same match', () => {
		fc.assert(
			fc.property(match, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (input, pad) => {
				const { refereed, state } = mixed(input, (game) => pad[game % pad.length]);
				expect(figures(state)).toEqual(figures(refereed));
			}),
			{ numRuns: 80 }
		);
	});
});

describe('PASS score pad refuses impossible games, saying why', () => {
	const fresh = (mode: Mode) => climbing.setup({ mode, tokens: 40, starter: 0 }, 4);

	it('crowns mode needs only who went out; points mode needs the cards left', () => {
		const crowned = apply(fresh('basic'), { type: 'tally', winner: 2 });
		expect(crowned.games[0].awarded).toEqual([0, 0, 1, 0]);
		expect(crowned.phase).toBe('start');
		expect(refusal(fresh('advanced'), { type: 'tally', winner: 2 })?.code).toBe('tally-cards-left');
		const scored = apply(fresh('advanced'), { type: 'tally', winner: 2, cardsLeft: [5, 3, 0, 9] });
		expect(scored.games[0].awarded).toEqual([1, 2, 4, 0]);
	});

	it('a winner with cards, a hand of 0 or 14 cards, a seat not at the table', () => {
		const points = fresh('advanced');
		expect(refusal(points, { type: 'tally', winner: 1, cardsLeft: [5, 1, 4, 4] })).toEqual({
			code: 'tally-winner-cards',
			params: { seat: 1 }
		});
		expect(refusal(points, { type: 'tally', winner: 1, cardsLeft: [0, 0, 4, 4] })).toEqual({
			code: 'tally-cards-range',
			params: { seat: 0, cards: '0', min: 1, max: 13 }
		});
		expect(refusal(points, { type: 'tally', winner: 1, cardsLeft: [14, 0, 4, 4] })?.code).toBe(
			'tally-cards-range'
		);
		expect(refusal(points, { type: 'tally', winner: 4, cardsLeft: [1, 1, 1, 1] })?.code).toBe(
			'bad-seat'
		);
	});

	it('a game already under way set by set', () => {
		const begun = apply(fresh('basic'), {
			type: 'play',
			seat: 0,
			values: ['7'],
			cards: 1,
			upgrade: false,
			augment: 0
		});
		expect(refusal(begun, { type: 'tally', winner: 1 })?.code).toBe('game-in-progress');
	});

	it('three crowns entered end the match', () => {
		let state = fresh('basic');
		for (let game = 0; game < 3; game++) state = apply(state, { type: 'tally', winner: 3 });
		expect(climbing.outcome(state)?.winners).toEqual([3]);
		expect(refusal(state, { type: 'tally', winner: 3 })?.code).toBe('game-over');
	});
});
