import { describe, expect, it } from 'vitest';
import { passPass } from './index';
import { ticksByRound, totalTicks } from './score';
import { phase, turn } from './selectors';
import { card, plays, run, set, start } from './test-helpers';
import type { PassPassState } from './types';

/** Round 1 entered as cards won: seats 0 and 1 both end it with two ticks. */
function twoTicksEach(): PassPassState {
	return run(
		start(4),
		{ type: 'won', seat: 0, cards: [...set(1), ...set(2)] },
		{ type: 'won', seat: 1, cards: [...set(3), ...set(4)] },
		{ type: 'endRound' }
	);
}

describe('docs/rulings.md, Pass Pass 7: ticks = complete four-colour sets won this round, kept from round to round', () => {
	it('counts live as cards are won', () => {
		let state = run(start(3), {
			type: 'won',
			seat: 2,
			cards: [card('purple', 1), card('blue', 1), card('green', 1)]
		});
		expect(totalTicks(state)).toEqual([0, 0, 0]);
		state = run(state, { type: 'won', seat: 2, cards: [card('yellow', 5)] });
		expect(totalTicks(state)).toEqual([0, 0, 1]);
	});

	it('earlier rounds stay ticked; a new round counts from nothing', () => {
		const state = run(twoTicksEach(), { type: 'won', seat: 0, cards: [card('blue', 7)] });
		expect(ticksByRound(state)).toEqual([
			[2, 2, 0, 0],
			[0, 0, 0, 0]
		]);
		expect(totalTicks(state)).toEqual([2, 2, 0, 0]);
	});
});

describe('docs/rulings.md, Pass Pass 8: the third tick wins at once', () => {
	it('counts ticks over all rounds, and no points decide it', () => {
		let state = run(twoTicksEach(), {
			type: 'won',
			seat: 2,
			cards: [...set(5, 3), ...set(6, 3)]
		});
		expect(phase(state)).toBe('play');
		state = run(state, { type: 'won', seat: 1, cards: set(7) });
		expect(passPass.outcome(state)).toEqual({ winners: [1], shared: false, reason: 'third-tick' });
		expect(turn(state)).toBeNull();
		expect(passPass.apply(state, { type: 'endRound' })).toMatchObject({
			refusal: { code: 'game-over' }
		});
	});

	it('two ticks are not enough', () => {
		const state = twoTicksEach();
		expect(passPass.outcome(state)).toBeNull();
	});

	// Round 2: seat 0 holds purple, blue, green; seat 1 holds purple, blue, yellow. In the trick
	// yellow 12 (seat 0) + yellow 11 (seat 1) win: seat 0 is first, seat 1 second.
	function bothOnTheBrink(): PassPassState {
		return run(
			twoTicksEach(),
			{ type: 'won', seat: 0, cards: [card('purple', 5), card('blue', 5), card('green', 5)] },
			{ type: 'won', seat: 1, cards: [card('purple', 6), card('blue', 6), card('yellow', 6)] },
			{ type: 'lead', seat: 0 },
			...plays(card('yellow', 12), card('yellow', 11), card('green', 3), card('purple', 4))
		);
	}

	it('both winners would reach their third tick: the first winner takes first and wins', () => {
		const state = run(bothOnTheBrink(), { type: 'firstTake', card: card('yellow', 12) });
		expect(passPass.outcome(state)).toEqual({ winners: [0], shared: false, reason: 'third-tick' });
		// the second take never happened
		expect(state.rounds[1].won[1]).toHaveLength(3);
		expect(totalTicks(state)).toEqual([3, 2, 0, 0]);
	});

	it('the second winner wins when the first take does not complete a set', () => {
		const state = run(bothOnTheBrink(), { type: 'firstTake', card: card('purple', 4) });
		// seat 1 takes the two lowest left, green 3 and yellow 11: purple, blue, yellow, green
		expect(state.rounds[1].won[1]).toEqual(
			expect.arrayContaining([card('green', 3), card('yellow', 11)])
		);
		expect(totalTicks(state)).toEqual([2, 3, 0, 0]);
		expect(passPass.outcome(state)).toEqual({ winners: [1], shared: false, reason: 'third-tick' });
	});
});
