import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardKey } from './cards';
import { unsaid as unsaidCards } from './diamonds';
import { passPass } from './index';
import { game, simulate } from './simulate';
import { pointsByRound } from './score';
import { knownDiamonds, phase, unsaidOnFirstTake } from './selectors';
import { card, DECK, playTrick, run, start } from './test-helpers';
import type { Card, PassPassAction, PassPassState, TableCard } from './types';

const refusal = (state: PassPassState, action: unknown) => {
	const result = passPass.apply(state, action as PassPassAction);
	return result.ok ? null : result.refusal;
};

/** A card played without its diamonds, as a device that never saw it plays it. */
const unsaid = ({ color, value }: Card): PassPassAction => ({
	type: 'play',
	card: { color, value }
});

// Rulebook example 2 at a table of 4: purple 10 (seat 0) and purple 6 (seat 3) win; the first
// winner takes blue 11, the second takes green 4 and purple 6 at once, purple 10 is discarded.
const example2 = [
	card('purple', 10),
	card('blue', 11, 3),
	card('green', 4, 2),
	card('purple', 6, 1)
];

describe('diamonds said late: only the cards won are asked (docs/rulings.md, Pass Pass 9)', () => {
	it('a card goes down without its diamonds, and tells none', () => {
		const state = run(start(), ...example2.map(unsaid));
		expect(phase(state)).toBe('first-take');
		expect(state.trick.map((play) => play.card.diamonds)).toEqual([null, null, null, null]);
		expect(knownDiamonds(state)).toEqual({});
	});

	it('the first take says the diamonds of its card and of the second take that follows at once', () => {
		const state = run(start(), ...example2.map(unsaid));
		const pick = example2[1];
		expect(unsaidOnFirstTake(state, pick).map((c) => c.value)).toEqual([11, 4, 6]);
		expect(refusal(state, { type: 'firstTake', card: pick })).toEqual({
			code: 'diamonds-unknown',
			params: { cards: 'blue-11' }
		});
		expect(refusal(state, { type: 'firstTake', card: pick, seen: [pick] })).toEqual({
			code: 'diamonds-unknown',
			params: { cards: 'green-4 purple-6' }
		});
		const done = run(state, { type: 'firstTake', card: pick, seen: example2.slice(1) });
		expect(done.rounds[0].won[0]).toEqual([pick]);
		expect(done.rounds[0].won[3]).toEqual([example2[2], example2[3]]);
		// the card nobody won is out with its diamonds never said
		expect(done.rounds[0].discarded).toEqual([{ color: 'purple', value: 10, diamonds: null }]);
		expect(pointsByRound(done)[0]).toEqual([1 + 3, 0, 0, 1 + 2 + 1 + 1]);
	});

	it('a round of 4 players asks 24 diamonds at most, never the 8 cards discarded', () => {
		let state = start();
		let asked = 0;
		for (let trick = 0; trick < 8; trick++) {
			const cards = DECK.filter((_, at) => at % 8 === trick).slice(0, 4);
			state = run(state, ...cards.map(unsaid));
			const own = state.trick[0].card;
			const seen = unsaidOnFirstTake(state, own).map((c) =>
				DECK.find((d) => d.color === c.color && d.value === c.value)!
			);
			asked += seen.length;
			state = run(state, { type: 'firstTake', card: own, seen });
			if (phase(state) === 'second-take') {
				const next = passPass.apply(state, { type: 'secondTake', cards: [] });
				expect(next.ok).toBe(false);
				break;
			}
		}
		expect(asked).toBe(24);
		expect(state.rounds[0].ended).toBe(true);
	});

	it('a second take with a choice says its two cards', () => {
		// a tie of value 2 after the pick: the second winner chooses
		const cards = [
			card('purple', 12),
			card('blue', 2, 1),
			card('green', 2, 2),
			card('yellow', 2, 3)
		];
		let state = run(start(), ...cards.map(unsaid));
		state = run(state, { type: 'firstTake', card: cards[0], seen: [cards[0]] });
		expect(phase(state)).toBe('second-take');
		const take = { type: 'secondTake', cards: [cards[1], cards[2]] } as const;
		expect(refusal(state, take)?.code).toBe('diamonds-unknown');
		const done = run(state, { ...take, seen: [cards[1], cards[2]] });
		expect(done.rounds[0].won.flat()).toEqual(cards.slice(0, 3));
	});

	it('diamonds once said are not said otherwise', () => {
		const state = run(start(), ...example2.map((c) => ({ type: 'play', card: c }) as const));
		const pick = example2[1];
		expect(
			refusal(state, { type: 'firstTake', card: pick, seen: [{ ...pick, diamonds: 0 }] })
		).toEqual({
			code: 'bad-diamonds',
			params: { diamonds: 0 }
		});
	});

	it('a log with every card played with its diamonds replays as before', () => {
		const state = playTrick(start(), example2, example2[1]);
		expect(state.rounds[0].discarded).toEqual([example2[0]]);
		expect(knownDiamonds(state)['purple-10']).toBe(0);
	});
});

describe('saying the diamonds late never changes a score (docs/rulings.md, Pass Pass 9)', () => {
	it('a whole random match replayed with every card played unsaid, each take saying its won cards', () => {
		fc.assert(
			fc.property(game, (input) => {
				const original = simulate(input);
				const printed = new Map<string, number>();
				let state = passPass.setup(original.config, input.players);
				for (const action of original.actions) {
					let late: PassPassAction = action;
					if (action.type === 'play') {
						printed.set(cardKey(action.card), action.card.diamonds as number);
						late = { ...action, card: { color: action.card.color, value: action.card.value } };
					}
					const say = (cards: readonly TableCard[]) =>
						cards.map((c) => ({
							color: c.color,
							value: c.value,
							diamonds: printed.get(cardKey(c))!
						}));
					if (action.type === 'firstTake')
						late = { ...action, seen: say(unsaidOnFirstTake(state, action.card)) };
					if (action.type === 'secondTake')
						late = { ...action, seen: say(unsaidIn(state, action.cards)) };
					const step = passPass.apply(state, late);
					if (!step.ok) throw new Error(`${step.refusal.code} on ${JSON.stringify(late)}`);
					state = step.value;
				}
				expect(pointsByRound(state)).toEqual(pointsByRound(original.state));
				expect(passPass.outcome(state)).toEqual(passPass.outcome(original.state));
			}),
			{ numRuns: 40 }
		);
	});
});

/** The trick's cards of a second take whose diamonds are not said yet. */
function unsaidIn(state: PassPassState, cards: readonly { color: string; value: number }[]) {
	const keys = cards.map((c) => `${c.color}-${c.value}`);
	return unsaidCards(state.trick.map((play) => play.card).filter((c) => keys.includes(cardKey(c))));
}
