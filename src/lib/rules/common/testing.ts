import type { ActionOf, AnyGame, StateOf } from './game';
import { applyAll } from './replay';

/**
 * Test helper: folds actions through a game's reducer from `state`, as a replay does; the first
 * refusal fails the test with its code and parameters.
 */
export function fold<G extends AnyGame>(
	game: G,
	state: StateOf<G>,
	...actions: ActionOf<G>[]
): StateOf<G> {
	const result = applyAll(game, state, actions);
	if (result.failure) {
		const { index, refusal } = result.failure;
		const params = JSON.stringify(refusal.params ?? {});
		throw new Error(`action ${index} refused: ${refusal.code} ${params}`);
	}
	return result.state;
}
