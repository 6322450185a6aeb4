import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apply, cardKey, usedCards, type PassPassAction } from '$lib/rules/pass-pass';
import { card, DECK, playTrick, plays, run, start } from '$lib/rules/pass-pass/test-helpers';
import { game, simulate } from '$lib/rules/pass-pass/simulate';
import { DECK_ORDER, deckGrid, trickIndexes } from './grid';

const statusOf = (grid: ReturnType<typeof deckGrid>, key: string) =>
	grid.find((cell) => cell.key === key)?.status;

describe('deckGrid: which cards are still in play', () => {
	it('holds the 48 cards once each, colour by colour from 1 to 12', () => {
		expect(DECK_ORDER).toHaveLength(48);
		expect(new Set(DECK_ORDER.map(cardKey)).size).toBe(48);
		expect(DECK_ORDER.slice(0, 13).map(cardKey)).toEqual([
			...Array.from({ length: 12 }, (_, at) => `purple-${at + 1}`),
			'blue-1'
		]);
	});

	it('opens every card at the start of a round, its diamonds unknown until seen', () => {
		const grid = deckGrid(start(), {});
		expect(grid.every((cell) => cell.status === 'open' && cell.diamonds === null)).toBe(true);
	});

	it('greys the cards on the table and those won or set aside this round, and gives known diamonds', () => {
		const cards = DECK.slice(0, 4);
		let state = playTrick(start(), cards);
		state = run(state, ...plays(DECK[10], DECK[20]));
		const grid = deckGrid(state, { 'yellow-12': 3 });
		for (const c of cards) expect(statusOf(grid, cardKey(c))).toBe('played');
		expect(statusOf(grid, cardKey(DECK[10]))).toBe('on-table');
		expect(statusOf(grid, cardKey(DECK[20]))).toBe('on-table');
		expect(grid.filter((cell) => cell.status === 'open')).toHaveLength(42);
		expect(grid.find((cell) => cell.key === 'yellow-12')?.diamonds).toBe(3);
	});

	it('changing an earlier card: the cards later in the trick stay greyed, its own card is open', () => {
		const before = start();
		const later: PassPassAction[] = plays(card('blue', 3), card('green', 4));
		const grid = deckGrid(before, {}, later);
		expect(statusOf(grid, 'blue-3')).toBe('on-table');
		expect(statusOf(grid, 'green-4')).toBe('on-table');
		expect(statusOf(grid, 'purple-1')).toBe('open');
	});

	it('agrees with the reducer on every card, whatever the moment of a simulated match (property)', () => {
		fc.assert(
			fc.property(game, fc.nat(200), (input, cut) => {
				const { states } = simulate(input);
				const state = states[cut % states.length];
				const used = new Set(usedCards(state).map(cardKey));
				for (const cell of deckGrid(state, {})) {
					const taken = apply(state, {
						type: 'play',
						card: { color: cell.color, value: cell.value, diamonds: 0 }
					}).ok;
					expect(cell.status === 'open').toBe(taken);
					// greyed only when this round has it: any other refusal is asked by a tap
					if (!taken) expect(cell.status !== 'refused').toBe(used.has(cell.key));
				}
			}),
			{ numRuns: 40 }
		);
	});
});

describe('trickIndexes: where a card of the trick sits in the log', () => {
	it('points at the trick’s plays until the first pick, then at nothing', () => {
		const log: PassPassAction[] = plays(...DECK.slice(0, 4));
		const state = run(start(), ...log);
		expect(trickIndexes(state, log)).toEqual([0, 1, 2, 3]);
		const picked = run(state, { type: 'firstTake', card: state.trick[0].card });
		// a pick with a second take still to come: the trick is confirmed
		if (picked.trick.length > 0) {
			expect(
				trickIndexes(picked, [...log, { type: 'firstTake', card: state.trick[0].card }])
			).toEqual(picked.trick.map(() => null));
		}
	});

	it('counts from the end of a longer log', () => {
		const first = plays(...DECK.slice(0, 4));
		let state = playTrick(start(), DECK.slice(0, 4));
		const log = [...first, { type: 'firstTake', card: DECK[0] } as PassPassAction];
		state = run(state, ...plays(DECK[30]));
		expect(trickIndexes(state, [...log, ...plays(DECK[30])])).toEqual([log.length]);
	});
});
