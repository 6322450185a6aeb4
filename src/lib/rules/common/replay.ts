import type { BaseAction, GameDefinition } from './game';
import type { Refusal } from './result';

export interface Replayed<State> {
	/** state after the last action that applied */
	readonly state: State;
	/** how many actions applied */
	readonly applied: number;
	/** the first action that was refused, with why; later actions were not tried */
	readonly failure: { readonly index: number; readonly refusal: Refusal } | null;
}

/**
 * The match log is the record: state is always a fold of the actions through the reducer,
 * on load, after undo, in a second tab and on import alike.
 */
export function replay<Config, State, Action extends BaseAction>(
	game: GameDefinition<Config, State, Action>,
	config: Config,
	players: number,
	actions: readonly Action[],
	from?: { state: State; applied: number }
): Replayed<State> {
	let state = from ? from.state : game.setup(config, players);
	const start = from ? from.applied : 0;
	for (let index = start; index < actions.length; index++) {
		const result = game.apply(state, actions[index]);
		if (!result.ok) return { state, applied: index, failure: { index, refusal: result.refusal } };
		state = result.value;
	}
	return { state, applied: actions.length, failure: null };
}
