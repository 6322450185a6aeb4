import { fold } from '../common/testing';
import { passPass } from './index';
import { allowedSecondTakes, phase } from './selectors';
import { explainTrick } from './trick';
import {
	COLORS,
	HIGHEST_VALUE,
	type Card,
	type Color,
	type PassPassAction,
	type PassPassState,
	type TeamLayout
} from './types';

/** Shared by the tests of this folder only. */

export const card = (color: Color, value: number, diamonds = 0): Card => ({
	color,
	value,
	diamonds
});

/** The 48 cards in a fixed order: purple 1..12, blue 1..12, green, yellow; diamonds value % 4. */
export const DECK: Card[] = COLORS.flatMap((color) =>
	Array.from({ length: HIGHEST_VALUE }, (_, at) => card(color, at + 1, (at + 1) % 4))
);

/** One card of each colour with this value: a complete set, one tick. */
export const set = (value: number, diamonds = 0): Card[] =>
	COLORS.map((color) => card(color, value, diamonds));

export function start(players = 4, teams: TeamLayout | null = null, first = 0): PassPassState {
	return passPass.setup({ start: first, teams }, players);
}

/** Folds actions through the reducer; a refusal fails the test with its code. */
export const run = (state: PassPassState, ...actions: PassPassAction[]) =>
	fold(passPass, state, ...actions);

/** The cards as `play` actions, from whoever leads now. */
export const plays = (...cards: Card[]): PassPassAction[] =>
	cards.map((c) => ({ type: 'play', card: c }));

/**
 * A whole trick, trick by trick: the cards in table order from the leader, the first winner
 * takes `pick` (default: their own card) and the second winner the first allowed take.
 */
export function playTrick(state: PassPassState, cards: Card[], pick?: Card): PassPassState {
	let next = run(state, ...plays(...cards));
	const { first } = explainTrick(next.trick);
	const own = next.trick.find((play) => play.player === first)!.card;
	next = run(next, { type: 'firstTake', card: pick ?? own });
	if (phase(next) === 'second-take') {
		next = run(next, { type: 'secondTake', cards: allowedSecondTakes(next)[0] });
	}
	return next;
}
