import { describe, expect, it } from 'vitest';
import { fold } from '../common/testing';
import { climbing } from './index';
import { besideSets, check, passedSeats, table, turn } from './selectors';
import { tokensInPlay } from './tokens';
import type { ClimbingAction, ClimbingState, Rank } from './types';

/** The rulebook's "PASS token use case", seats clockwise. */
const PETER = 0;
const YUCIN = 1;
const WANG = 2;
const AG = 3;

function step(state: ClimbingState, action: ClimbingAction): ClimbingState {
	const next = fold(climbing, state, action);
	expect(tokensInPlay(next)).toBe(40);
	return next;
}

const play = (seat: number, shown: string, cards: number, upgrade = false, augment = 0) =>
	({
		type: 'play',
		seat,
		values: shown.split(' ') as Rank[],
		cards,
		upgrade,
		augment
	}) as const;
const pass = (seat: number) => ({ type: 'pass', seat }) as const;

describe('Rulebook "PASS token use case": Peter, Yu-cin, Wang and AG', () => {
	it('plays through the reducer, tokens and all', () => {
		let state = climbing.setup({ mode: 'basic', tokens: 40 }, 4);
		state = step(state, { type: 'start', seat: PETER });
		// Two earlier rounds in which Wang and AG save tokens by passing (the example needs them).
		for (const action of [
			play(PETER, '2', 1),
			play(YUCIN, '4', 1),
			pass(WANG),
			pass(AG),
			play(PETER, '9', 1),
			pass(YUCIN),
			play(PETER, '3', 1),
			pass(YUCIN),
			pass(WANG),
			pass(AG)
		]) {
			state = step(state, action);
		}
		expect(state.round).toBe(3);
		expect(turn(state)).toBe(PETER);
		expect(state.tokens).toEqual([1, 3, 3, 3]);
		expect(state.supply).toBe(30);

		// Peter started a round with a PAIR of As.
		state = step(state, play(PETER, 'A A', 2));
		// Yu-cin declared PASS and took a PASS token.
		state = step(state, pass(YUCIN));
		expect(state.tokens[YUCIN]).toBe(4);

		// Wang: a plain A upgraded to AA (1 token) and augmented (1 token). Previewed first.
		const wang = { values: ['A', 'A'] as Rank[], cards: 1, upgrade: true, augment: 1 };
		expect(check(state, wang)).toMatchObject({
			label: 'pair, aces',
			equal: true,
			beats: false,
			augmentPrice: 1,
			cost: 2,
			refusal: null
		});
		state = step(state, play(WANG, 'A A', 1, true, 1));
		expect(state.tokens[WANG]).toBe(1);
		expect(table(state)).toMatchObject({
			seat: WANG,
			augment: 1,
			set: { type: 'pair', rank: 'A' }
		});
		expect(besideSets(state)).toBe(1);

		// AG: the augment now costs 2; 1 is refused with the price.
		expect(climbing.apply(state, play(AG, 'A A', 2, true, 1))).toEqual({
			ok: false,
			refusal: { code: 'augment-price', params: { need: 2, offered: 1 } }
		});
		// He upgrades his 2 into an A (1 token) and augments with 2 more.
		state = step(state, play(AG, 'A A', 2, true, 2));
		expect(state.tokens[AG]).toBe(0);
		expect(besideSets(state)).toBe(3);

		// Peter and Wang in turn declared PASS and took a token.
		state = step(state, pass(PETER));
		expect(passedSeats(state)).toEqual([PETER, YUCIN]);
		state = step(state, pass(WANG));

		// AG alone has not passed: the round ends and he leads the next one.
		expect(state.round).toBe(4);
		expect(turn(state)).toBe(AG);
		expect(table(state)).toBeNull();
		expect(state.tokens).toEqual([2, 4, 2, 0]);
		expect(besideSets(state)).toBe(0);
		expect(state.supply).toBe(32); // the 3 augment tokens went back to the supply
		expect(state.hands).toEqual([13 - 5, 13 - 1, 13 - 1, 13 - 2]);
	});
});
