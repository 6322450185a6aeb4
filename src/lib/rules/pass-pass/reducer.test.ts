import { describe, expect, it } from 'vitest';
import { passPass } from './index';
import {
	allowedSecondTakes,
	isUsed,
	knownDiamonds,
	phase,
	trickResolution,
	trickTotals,
	turn,
	unusedCards,
	usedCards
} from './selectors';
import { card, DECK, playTrick, plays, run, start } from './test-helpers';
import type { Card, PassPassAction, PassPassState } from './types';

const refusal = (state: PassPassState, action: unknown) => {
	const result = passPass.apply(state, action as PassPassAction);
	return result.ok ? null : result.refusal;
};

// Rulebook example 2 at a table of 4, seat 0 leading: purple 10, blue 11, green 4, purple 6.
const example2 = [card('purple', 10), card('blue', 11), card('green', 4, 2), card('purple', 6, 1)];

describe('trick by trick: cards in table order from the leader', () => {
	it('each card goes to the next seat clockwise, colour totals live', () => {
		let state = start(4, null, 2);
		expect(turn(state)).toBe(2);
		state = run(state, ...plays(...example2.slice(0, 3)));
		expect(state.trick.map((play) => play.player)).toEqual([2, 3, 0]);
		expect(turn(state)).toBe(1);
		expect(trickTotals(state)).toEqual({ purple: 10, blue: 11, green: 4, yellow: 0 });
		expect(trickResolution(state)).toBeNull();
	});

	it('a complete trick waits for the first winner, with the resolution on show', () => {
		const state = run(start(), ...plays(...example2));
		expect(phase(state)).toBe('first-take');
		expect(turn(state)).toBe(0);
		expect(trickResolution(state)).toMatchObject({ first: 0, second: 3, firstWhy: 'total' });
	});

	it('docs/rulings.md, Pass Pass 4-6: first take, automatic second take, discard, second winner leads', () => {
		const state = run(start(), ...plays(...example2), { type: 'firstTake', card: example2[2] });
		const round = state.rounds[0];
		expect(round.won[0]).toEqual([card('green', 4, 2)]);
		expect(round.won[3]).toEqual([card('purple', 6, 1), card('purple', 10)]);
		expect(round.discarded).toEqual([card('blue', 11)]);
		expect(round.tricks).toBe(1);
		expect(state.trick).toEqual([]);
		expect(state.leader).toBe(3);
		expect(turn(state)).toBe(3);
	});

	it('the last trick is told until the next card goes down', () => {
		const state = run(start(), ...plays(...example2), { type: 'firstTake', card: example2[2] });
		expect(state.lastTrick).toEqual({
			first: 0,
			card: card('green', 4, 2),
			second: 3,
			take: [card('purple', 6, 1), card('purple', 10)],
			rest: [card('blue', 11)]
		});
		expect(run(state, ...plays(card('yellow', 1))).lastTrick).toBeNull();
	});

	it('docs/rulings.md, Pass Pass 5: tied values wait for the second winner, who chooses among them', () => {
		const five = [
			card('purple', 12),
			card('purple', 3),
			card('blue', 3),
			card('green', 3),
			card('yellow', 1)
		];
		let state = run(start(5), ...plays(...five), { type: 'firstTake', card: five[0], seat: 0 });
		expect(phase(state)).toBe('second-take');
		expect(turn(state)).toBe(1);
		expect(allowedSecondTakes(state)).toHaveLength(3);
		expect(refusal(state, { type: 'secondTake', cards: [five[2], five[3]] })).toMatchObject({
			code: 'take-not-allowed'
		});
		expect(refusal(state, { type: 'secondTake', cards: [five[4], five[4]] })).toMatchObject({
			code: 'take-not-allowed'
		});
		state = run(state, { type: 'secondTake', cards: [five[3], five[4]], seat: 1 });
		expect(state.rounds[0].won[1]).toEqual([five[4], five[3]]);
		expect(state.rounds[0].discarded).toEqual([five[1], five[2]]);
		expect(state.leader).toBe(1);
	});

	it('a round ends by itself after 8 tricks; the last second winner leads the next round', () => {
		let state = start(3);
		for (let trick = 0; trick < 7; trick++) {
			state = playTrick(state, DECK.slice(trick * 3, trick * 3 + 3));
			expect(state.rounds).toHaveLength(1);
		}
		state = run(state, ...plays(card('yellow', 4), card('yellow', 9), card('blue', 12)));
		// yellow 4 + 9 = 13 beats blue 12: the 9 is first, the 4 second and leads next
		const [second, first] = state.trick.map((play) => play.player);
		expect(trickResolution(state)).toMatchObject({ first, second });
		state = run(state, { type: 'firstTake', card: card('blue', 12) });
		expect(state.rounds).toHaveLength(2);
		expect(state.rounds[0]).toMatchObject({ ended: true, tricks: 8 });
		expect(state.rounds[0].won.flat()).toHaveLength(24);
		expect(state.leader).toBe(second);
		expect(usedCards(state)).toEqual([]);
		expect(isUsed(state, DECK[0])).toBe(false);
		expect(unusedCards(state)).toHaveLength(48);
		expect(phase(state)).toBe('play');
	});
});

describe('no card in two places (docs/rulings.md, Pass Pass 12)', () => {
	const five = [
		card('purple', 12, 1),
		card('purple', 3),
		card('blue', 3),
		card('green', 3),
		card('yellow', 1)
	];

	it('while the second winner chooses, the first take counts once, as won', () => {
		const state = run(start(5), ...plays(...five), { type: 'firstTake', card: five[0] });
		expect(state.trick).toHaveLength(5); // the screen still shows the whole trick
		expect(usedCards(state).filter((c) => c.color === 'purple' && c.value === 12)).toHaveLength(1);
		expect(usedCards(state)).toHaveLength(5);
		expect(knownDiamonds(state)['purple-12']).toBe(1);
	});

	it('nothing to choose and no resolution outside their moment', () => {
		expect(allowedSecondTakes(start())).toEqual([]);
		expect(trickResolution(run(start(), ...plays(DECK[0])))).toBeNull();
	});
});

describe('refusals', () => {
	const afterTrick = run(start(), ...plays(...example2), { type: 'firstTake', card: example2[2] });

	it.each([
		{ name: 'a card already won this round', card: card('purple', 10), code: 'card-already-used' },
		{ name: 'a card discarded this round', card: card('blue', 11), code: 'card-already-used' },
		{ name: 'value 13', card: card('blue', 13), code: 'card-out-of-range' },
		{ name: 'value 0', card: card('blue', 0), code: 'card-out-of-range' },
		{ name: 'value 2.5', card: card('blue', 2.5), code: 'card-out-of-range' },
		{
			name: 'a colour not in the deck',
			card: { color: 'red', value: 2, diamonds: 0 },
			code: 'card-out-of-range'
		},
		{ name: '4 diamonds', card: card('blue', 2, 4), code: 'bad-diamonds' },
		// no diamonds at all is a card whose diamonds wait for its take (diamonds.test.ts)
		{
			name: 'diamonds in words',
			card: { color: 'blue', value: 2, diamonds: 'two' },
			code: 'bad-diamonds'
		},
		{ name: 'no card at all', card: undefined, code: 'malformed-action' }
	])('refuses $name', ({ card: played, code }) => {
		expect(refusal(afterTrick, { type: 'play', card: played })).toMatchObject({ code });
	});

	it('refuses a card already on the table, whatever its diamonds', () => {
		const state = run(start(), ...plays(card('green', 7, 1)));
		expect(refusal(state, { type: 'play', card: card('green', 7, 3) })).toEqual({
			code: 'card-already-used',
			params: { card: 'green-7' }
		});
	});

	it('refuses a play out of turn, and a take by the wrong seat', () => {
		expect(refusal(start(), { type: 'play', card: DECK[0], seat: 1 })).toEqual({
			code: 'out-of-turn',
			params: { seat: 0 }
		});
		const full = run(start(), ...plays(...example2));
		expect(refusal(full, { type: 'firstTake', card: example2[0], seat: 3 })).toMatchObject({
			code: 'out-of-turn'
		});
	});

	it('refuses actions in the wrong phase', () => {
		const full = run(start(), ...plays(...example2));
		expect(refusal(full, { type: 'play', card: DECK[40] })).toEqual({
			code: 'wrong-phase',
			params: { phase: 'first-take' }
		});
		expect(refusal(start(), { type: 'firstTake', card: DECK[0] })).toMatchObject({
			code: 'wrong-phase'
		});
		expect(refusal(afterTrick, { type: 'secondTake', cards: [DECK[0], DECK[1]] })).toMatchObject({
			code: 'wrong-phase'
		});
		expect(refusal(start(), { type: 'teamPick', team: 0, seat: 0 })).toMatchObject({
			code: 'wrong-phase'
		});
	});

	it('refuses a first take of a card not in the trick', () => {
		const full = run(start(), ...plays(...example2));
		expect(refusal(full, { type: 'firstTake', card: card('yellow', 1) })).toMatchObject({
			code: 'not-in-trick'
		});
	});

	it.each([null, 7, 'play', [], {}, { type: 'steal' }, { type: 'secondTake' }])(
		'refuses %j as malformed',
		(action) => {
			const full = run(
				start(5),
				...plays(
					card('purple', 12),
					card('purple', 3),
					card('blue', 3),
					card('green', 3),
					card('yellow', 1)
				),
				{ type: 'firstTake', card: card('purple', 12) }
			);
			expect(refusal(full, action)).toMatchObject({ code: 'malformed-action' });
		}
	);
});

describe('docs/rulings.md, Pass Pass 12: cards won, switchable within a round', () => {
	const some: Card[] = [card('blue', 1, 1), card('green', 2), card('yellow', 3)];

	it('records the cards a seat took, counted as used this round', () => {
		const state = run(start(), { type: 'won', seat: 2, cards: some });
		expect(state.rounds[0].won[2]).toEqual(some);
		expect(isUsed(state, card('green', 2))).toBe(true);
		expect(refusal(state, { type: 'play', card: card('green', 2) })).toMatchObject({
			code: 'card-already-used'
		});
		expect(refusal(state, { type: 'won', seat: 1, cards: [card('yellow', 3)] })).toMatchObject({
			code: 'card-already-used'
		});
	});

	it('mixes with trick by trick in one round, and `lead` says who leads next', () => {
		let state = run(start(), { type: 'won', seat: 2, cards: some });
		state = run(state, ...plays(...example2), { type: 'firstTake', card: example2[2] });
		state = run(
			state,
			{ type: 'won', seat: 1, cards: [card('purple', 1)] },
			{ type: 'lead', seat: 1 }
		);
		expect(turn(state)).toBe(1);
		expect(usedCards(state)).toHaveLength(8);
	});

	it.each([
		{
			name: 'a card twice in one entry',
			action: { type: 'won', seat: 0, cards: [some[0], some[0]] },
			code: 'duplicate-card'
		},
		{
			name: 'an empty entry',
			action: { type: 'won', seat: 0, cards: [] },
			code: 'malformed-action'
		},
		{
			name: 'a seat not at the table',
			action: { type: 'won', seat: 4, cards: some },
			code: 'bad-seat'
		},
		{ name: 'a leader not at the table', action: { type: 'lead', seat: -1 }, code: 'bad-seat' },
		{ name: 'ending a round with nothing won', action: { type: 'endRound' }, code: 'nothing-won' }
	])('refuses $name', ({ action, code }) => {
		expect(refusal(start(), action)).toMatchObject({ code });
	});

	it('refuses cards won, a leader or a round end in the middle of a trick', () => {
		const state = run(start(), ...plays(DECK[0]));
		for (const action of [
			{ type: 'won', seat: 0, cards: some },
			{ type: 'lead', seat: 2 },
			{ type: 'endRound' }
		]) {
			expect(refusal(state, action)).toEqual({ code: 'trick-in-progress', params: { plays: 1 } });
		}
	});

	it('docs/rulings.md, Pass Pass 4-5: one player wins at most 16 cards a round, 2 a trick as second winner', () => {
		expect(refusal(start(), { type: 'won', seat: 1, cards: DECK.slice(0, 17) })).toEqual({
			code: 'seat-too-many-cards',
			params: { seat: 1, count: 17, max: 16 }
		});
		const state = run(start(), { type: 'won', seat: 1, cards: DECK.slice(0, 10) });
		expect(refusal(state, { type: 'won', seat: 1, cards: DECK.slice(10, 17) })).toEqual({
			code: 'seat-too-many-cards',
			params: { seat: 1, count: 17, max: 16 }
		});
		const full = run(state, { type: 'won', seat: 1, cards: DECK.slice(10, 16) });
		expect(full.rounds[0].won[1]).toHaveLength(16);
	});

	it('at most 24 cards are won in a round (8 tricks x 3); the 24th closes the round', () => {
		let state = run(
			start(),
			{ type: 'won', seat: 0, cards: DECK.slice(0, 16) },
			{ type: 'won', seat: 2, cards: DECK.slice(16, 22) }
		);
		expect(refusal(state, { type: 'won', seat: 1, cards: DECK.slice(22, 25) })).toMatchObject({
			code: 'too-many-cards'
		});
		expect(refusal(state, { type: 'play', card: DECK[30] })).toMatchObject({
			code: 'too-many-cards'
		});
		state = run(state, { type: 'won', seat: 1, cards: DECK.slice(22, 24) });
		expect(state.rounds).toHaveLength(2);
	});

	it('endRound closes the round early for tables that do not enter every card', () => {
		const state = run(start(), { type: 'won', seat: 0, cards: some }, { type: 'endRound' });
		expect(state.rounds).toHaveLength(2);
		expect(state.rounds[0].ended).toBe(true);
		expect(isUsed(state, some[0])).toBe(false);
	});
});

describe('game over', () => {
	it('after round 3 nothing more is accepted', () => {
		let state = start(3);
		for (let round = 0; round < 3; round++)
			state = run(state, { type: 'won', seat: 0, cards: [DECK[0]] }, { type: 'endRound' });
		expect(phase(state)).toBe('over');
		expect(turn(state)).toBeNull();
		expect(refusal(state, { type: 'play', card: DECK[1] })).toEqual({ code: 'game-over' });
	});
});
