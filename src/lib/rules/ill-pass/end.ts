/**
 * When a game of I'll Pass is over: asked by the reducer (reducer.ts) and by the score pad
 * (tally.ts), in its own module so neither imports the other.
 */
import { CARDS_PLAYED, type IllPassState } from './types';

/** docs/rulings.md, I'll Pass 5: the game ends when the 24th card is taken. */
export function isOver(state: IllPassState): boolean {
	return state.revealed.length === CARDS_PLAYED && state.faceUp === null;
}
