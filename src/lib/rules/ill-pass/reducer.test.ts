import { describe, expect, it } from 'vitest';
import { fold } from '../common/testing';
import { illPass } from './index';
import { mustTake, ranking, takeDelta, unrevealed } from './selectors';
import type { IllPassAction, IllPassState } from './types';

const setup = (players = 3, takerReveals = false) =>
	illPass.setup({ start: 0, takerReveals }, players);

const play = (state: IllPassState, ...actions: IllPassAction[]) => fold(illPass, state, ...actions);

describe("docs/rulings.md, I'll Pass 2: take the card with every chip, or pay one chip onto it", () => {
	it('a pass pays one chip onto the card and moves clockwise', () => {
		const state = play(setup(), { type: 'reveal', card: 17 }, { type: 'pass' });
		expect(state.hands[0].chips).toBe(10);
		expect(state.pot).toBe(1);
		expect(state.seat).toBe(1);
	});

	it('a take collects the card and every chip on it', () => {
		const state = play(
			setup(),
			{ type: 'reveal', card: 17 },
			{ type: 'pass' },
			{ type: 'pass' },
			{ type: 'take' }
		);
		expect(state.hands[2]).toEqual({ cards: [17], chips: 13 });
		expect(state.faceUp).toBeNull();
		expect(state.pot).toBe(0);
	});

	it('a player with no chips must take: passing is refused with the reason', () => {
		let state = setup(3);
		state = {
			...state,
			hands: state.hands.map((hand, seat) => (seat === 0 ? { ...hand, chips: 0 } : hand))
		};
		state = play(state, { type: 'reveal', card: 9 });
		expect(mustTake(state)).toBe(true);
		const result = illPass.apply(state, { type: 'pass' });
		expect(result).toEqual({
			ok: false,
			refusal: { code: 'no-chips', params: { card: 9, seat: 0 } }
		});
	});

	it('taking or passing before a card is revealed is refused', () => {
		expect(illPass.apply(setup(), { type: 'take' })).toMatchObject({
			ok: false,
			refusal: { code: 'reveal-first' }
		});
		expect(illPass.apply(setup(), { type: 'pass' })).toMatchObject({
			ok: false,
			refusal: { code: 'reveal-first' }
		});
	});
});

describe("docs/rulings.md, I'll Pass 1: 32 cards numbered 3..34, each revealed once", () => {
	it.each([2, 35, 3.5, '12', null])('refuses card %j', (card) => {
		const result = illPass.apply(setup(), { type: 'reveal', card: card as number });
		expect(result).toMatchObject({ ok: false, refusal: { code: 'card-out-of-range' } });
	});

	it('refuses a card already revealed', () => {
		const state = play(setup(), { type: 'reveal', card: 12 }, { type: 'take' });
		expect(illPass.apply(state, { type: 'reveal', card: 12 })).toMatchObject({
			ok: false,
			refusal: { code: 'card-already-revealed' }
		});
		expect(unrevealed(state)).not.toContain(12);
		expect(unrevealed(state)).toHaveLength(31);
	});

	it('refuses a second card while one is face up', () => {
		const state = play(setup(), { type: 'reveal', card: 12 });
		expect(illPass.apply(state, { type: 'reveal', card: 13 })).toMatchObject({
			ok: false,
			refusal: { code: 'card-already-face-up' }
		});
	});

	it('refuses an action it does not know', () => {
		expect(illPass.apply(setup(), { type: 'steal' } as never)).toMatchObject({
			ok: false,
			refusal: { code: 'malformed-action' }
		});
	});
});

describe("docs/rulings.md, I'll Pass 3: who reveals after a take", () => {
	it('by default the next player clockwise reveals and decides first', () => {
		const state = play(setup(3), { type: 'reveal', card: 5 }, { type: 'pass' }, { type: 'take' });
		expect(state.seat).toBe(2);
	});

	it('house rule: the taker reveals and decides first', () => {
		const state = play(
			setup(3, true),
			{ type: 'reveal', card: 5 },
			{ type: 'pass' },
			{ type: 'take' }
		);
		expect(state.seat).toBe(1);
	});

	it('clockwise wraps from the last seat to the first', () => {
		const state = play(
			setup(3),
			{ type: 'reveal', card: 5 },
			{ type: 'pass' },
			{ type: 'pass' },
			{ type: 'take' }
		);
		expect(state.seat).toBe(0);
	});
});

describe("docs/rulings.md, I'll Pass 5: the game ends when the 24th card is taken", () => {
	const cards = Array.from({ length: 24 }, (_, index) => index + 3);
	const whole = cards.flatMap((card): IllPassAction[] => [
		{ type: 'reveal', card },
		{ type: 'take' }
	]);

	it('is not over with the 24th card still face up', () => {
		const state = play(setup(3), ...whole.slice(0, -1));
		expect(illPass.outcome(state)).toBeNull();
		expect(illPass.turn(state)).not.toBeNull();
	});

	it('is over after it, and nothing more can be revealed', () => {
		const state = play(setup(3), ...whole);
		expect(illPass.turn(state)).toBeNull();
		expect(illPass.apply(state, { type: 'reveal', card: 30 })).toMatchObject({
			ok: false,
			refusal: { code: 'game-over' }
		});
	});

	it("docs/rulings.md, I'll Pass 4: the lowest score wins and equal scores share the victory", () => {
		// seats take cards in turn: 0 gets 3,6,9,..  1 gets 4,7,..  2 gets 5,8,..: no runs
		const state = play(setup(3), ...whole);
		const standing = ranking(state);
		expect(standing[0].seat).toBe(0);
		expect(illPass.outcome(state)).toEqual({ winners: [0], shared: false, reason: 'lowest-score' });
	});

	it('a tie for lowest is a shared victory', () => {
		const tied: IllPassState = {
			...setup(3),
			revealed: cards,
			faceUp: null,
			hands: [
				{ cards: [10], chips: 11 },
				{ cards: [10 + 1], chips: 12 },
				{ cards: [20], chips: 10 }
			]
		};
		expect(illPass.outcome(tied)).toEqual({
			winners: [0, 1],
			shared: true,
			reason: 'lowest-score'
		});
		expect(ranking(tied).map((row) => row.place)).toEqual([1, 1, 3]);
	});
});

describe('hint: what taking changes the current score by', () => {
	it('counts the card, run joins and the chips on it', () => {
		let state = play(setup(3), { type: 'reveal', card: 10 }, { type: 'take' }); // seat 0 has 10
		state = play(state, { type: 'reveal', card: 20 }, { type: 'pass' }, { type: 'pass' }); // seat 0 again, 2 chips on 20
		expect(state.seat).toBe(0);
		expect(takeDelta(state)).toBe(20 - 2);
		state = play(state, { type: 'pass' }, { type: 'take' }); // seat 1 takes 20 with 3 chips
		state = play(state, { type: 'reveal', card: 11 }, { type: 'pass' }); // seat 2 passes, seat 0 to decide on 11
		expect(state.seat).toBe(0);
		expect(takeDelta(state)).toBe(0 - 1); // 11 joins the run of 10: no points, plus one chip
	});
});
