import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { handRefusal } from './tally';
import { seeded } from '../common';
import { illPass } from './index';
import { randomGame } from './simulate';
import type { IllPassAction, IllPassState } from './types';

const apply = (state: IllPassState, action: IllPassAction) => {
	const result = illPass.apply(state, action);
	if (!result.ok) throw new Error(result.refusal.code);
	return result.value;
};
const figures = (state: IllPassState) => ({
	outcome: illPass.outcome(state),
	sheet: illPass.sheet(state),
	feats: illPass.feats!.map((feat) => feat.value(state))
});
const tallyOf = (state: IllPassState): IllPassAction => ({
	type: 'tally',
	hands: state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }))
});

describe("I'll Pass on the score pad gives what refereeing the game gives", () => {
	it('entering the final cards and chips of a refereed game: same ranking, sheet and feats', () => {
		fc.assert(
			fc.property(fc.integer(), (seed) => {
				const game = randomGame(seeded(seed));
				const entered = apply(illPass.setup(game.config, game.players), tallyOf(game.state));
				expect(figures(entered)).toEqual(figures(game.state));
				expect(illPass.turn(entered)).toBeNull();
			})
		);
	});

	it('switching to the score pad part-way (no card face up) keeps the takes and ends the same', () => {
		fc.assert(
			fc.property(fc.integer(), fc.double({ min: 0, max: 1, noNaN: true }), (seed, at) => {
				const game = randomGame(seeded(seed));
				let state = illPass.setup(game.config, game.players);
				for (const action of game.actions.slice(0, Math.floor(at * game.actions.length)))
					state = apply(state, action);
				if (illPass.turn(state) === null) return;
				if (state.faceUp !== null) state = apply(state, { type: 'take' });
				if (illPass.turn(state) === null) return;
				// the table's real end, as far as the takes so far agree with it
				const refereed = game.state.hands.every((hand, seat) =>
					state.hands[seat].cards.every((card) => hand.cards.includes(card))
				);
				if (!refereed) return;
				const entered = apply(state, tallyOf(game.state));
				expect(figures(entered).outcome).toEqual(figures(game.state).outcome);
				expect(figures(entered).sheet.totals).toEqual(figures(game.state).sheet.totals);
			})
		);
	});
});

describe("I'll Pass score pad refuses impossible ends, saying why", () => {
	const game = randomGame(seeded(7), 4);
	const fresh = illPass.setup(game.config, 4);
	const hands = game.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }));
	const refusal = (state: IllPassState, action: IllPassAction) => {
		const result = illPass.apply(state, action);
		return result.ok ? null : result.refusal;
	};

	it('a card entered for two players', () => {
		const card = hands[0].cards[0] ?? hands[1].cards[0];
		const twice = hands.map((hand, seat) =>
			seat === 3 ? { ...hand, cards: [...hand.cards, card] } : hand
		);
		expect(refusal(fresh, { type: 'tally', hands: twice })?.code).toBe('tally-card-twice');
	});

	it('fewer than the 24 cards a game plays, and a card outside 3..34', () => {
		const short = hands.map((hand) => ({ ...hand, cards: hand.cards.slice(1) }));
		expect(refusal(fresh, { type: 'tally', hands: short })?.code).toBe('tally-card-count');
		const odd = hands.map((hand, seat) => (seat ? hand : { ...hand, cards: [...hand.cards, 35] }));
		expect(refusal(fresh, { type: 'tally', hands: odd })).toEqual({
			code: 'card-out-of-range',
			params: { card: '35' }
		});
	});

	it('chips that do not make 11 a player', () => {
		const rich = hands.map((hand, seat) => (seat ? hand : { ...hand, chips: hand.chips + 1 }));
		expect(refusal(fresh, { type: 'tally', hands: rich })).toEqual({
			code: 'tally-chips',
			params: { count: 45, expected: 44 }
		});
	});

	it('chips a player cannot hold: negative, not whole, or more than the table was dealt', () => {
		for (const chips of [-1, 2.5, 45, 70]) {
			const odd = hands.map((hand, seat) => (seat === 2 ? { ...hand, chips } : hand));
			expect(refusal(fresh, { type: 'tally', hands: odd })).toEqual({
				code: 'chips-out-of-range',
				params: { seat: 2, chips: String(chips), min: 0, max: 44 }
			});
		}
	});

	it('a card a player took while refereed, entered for another', () => {
		let state = apply(fresh, { type: 'reveal', card: 20 });
		state = apply(state, { type: 'take' });
		const taker = game.config.start;
		const other = (taker + 1) % 4;
		const moved = [0, 1, 2, 3].map((seat) => ({
			cards: seat === other ? [20] : [],
			chips: 11
		}));
		expect(refusal(state, { type: 'tally', hands: moved })).toEqual({
			code: 'tally-card-taken',
			params: { card: 20, seat: taker }
		});
	});

	it('while a card is face up, and once the game is over', () => {
		const up = apply(fresh, { type: 'reveal', card: 20 });
		expect(refusal(up, { type: 'tally', hands })?.code).toBe('card-already-face-up');
		const done = apply(fresh, { type: 'tally', hands });
		expect(refusal(done, { type: 'tally', hands })?.code).toBe('game-over');
	});
});

describe("docs/rulings.md, I'll Pass 1, 4: a hand asked about outside a match (/resolve)", () => {
	it('chips: a whole number from 0 to 55, the 11 each of at most 5 players', () => {
		expect(handRefusal([3, 4, 9], 0)).toBeNull();
		expect(handRefusal([3, 4, 9], 55)).toBeNull();
		for (const chips of [-1, 2.5, 56, 70, Number.NaN])
			expect(handRefusal([3, 4, 9], chips)).toEqual({
				code: 'chips-out-of-range',
				params: { chips: String(chips), min: 0, max: 55 }
			});
	});

	it('cards: at most the 24 a game plays', () => {
		const all = Array.from({ length: 32 }, (_, at) => at + 3);
		expect(handRefusal(all.slice(0, 24), 0)).toBeNull();
		expect(handRefusal(all.slice(0, 25), 0)).toEqual({
			code: 'hand-too-many-cards',
			params: { count: 25, max: 24 }
		});
	});
});
