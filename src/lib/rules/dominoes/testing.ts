import { fold } from '../common/testing';
import { dominoes } from './index';
import type { DominoesAction, DominoesState, Tile } from './types';

/** Test helper: deal 1 begun by `seat`, nothing played yet. */
export function started(seat = 0, houseRuleWinnerStarts = false): DominoesState {
	return run(dominoes.setup({ houseRuleWinnerStarts }, 4), { type: 'start', seat });
}

/** Test helper: folds actions through the reducer, throwing on the first refusal. */
export const run = (state: DominoesState, ...actions: DominoesAction[]) =>
	fold(dominoes, state, ...actions);

/** Test helper: the refusal an action gets, or null when it applies. */
export function refusal(state: DominoesState, action: DominoesAction) {
	const result = dominoes.apply(state, action);
	return result.ok ? null : result.refusal;
}

export const playTile = (tile: Tile, end?: 'left' | 'right'): DominoesAction =>
	end ? { type: 'play', tile, end } : { type: 'play', tile };

/** Test helper: empties the boneyard with draw-and-keep turns from the current seat. */
export function emptyBoneyard(state: DominoesState): DominoesState {
	let next = state;
	while (next.boneyard > 0) next = run(next, { type: 'draw' }, { type: 'keep' });
	return next;
}

/** Test helper: a deal already begun, blocked at once by four passes. */
export function block(state: DominoesState): DominoesState {
	const ready = state.line.length === 0 ? run(state, playTile([0, 1])) : state;
	return run(emptyBoneyard(ready), ...Array(4).fill({ type: 'pass' }));
}
