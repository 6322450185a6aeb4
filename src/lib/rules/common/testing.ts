import type { ActionOf, AnyGame, StateOf } from './game';
import type { Refusal } from './result';

/**
 * Test helper: folds actions through a game's reducer from `state`, as a replay does; the first
 * refusal fails the test with its code and parameters.
 */
export function fold<G extends AnyGame>(
	game: G,
	state: StateOf<G>,
	...actions: ActionOf<G>[]
): StateOf<G> {
	let next = state;
	for (const [index, action] of actions.entries()) {
		const result = game.apply(next, action);
		if (!result.ok) {
			const { code, params } = result.refusal;
			throw new Error(`action ${index} refused: ${code} ${JSON.stringify(params ?? {})}`);
		}
		next = result.value;
	}
	return next;
}

/** Test helper: the refusal an action gets, or null when the reducer accepts it. */
export function refusalOf<G extends AnyGame>(
	game: G,
	state: StateOf<G>,
	action: ActionOf<G>
): Refusal | null {
	const result = game.apply(state, action);
	return result.ok ? null : result.refusal;
}
