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

/** One action of a replay: where it is in the log, and the states on either side of it. */
export interface ReplayStep<State, Action> {
	readonly index: number;
	readonly action: Action;
	readonly before: State;
	readonly after: State;
}

/**
 * The one loop that folds actions through a reducer, from `state`, stopping at the first
 * refusal; `onStep` sees each action that applied (a log's lines, a running score).
 */
export function applyAll<State, Action extends BaseAction>(
	game: GameDefinition<unknown, State, Action>,
	state: State,
	actions: readonly Action[],
	onStep?: (step: ReplayStep<State, Action>) => void
): Replayed<State> {
	let current = state;
	for (let index = 0; index < actions.length; index++) {
		const action = actions[index];
		const result = game.apply(current, action);
		if (!result.ok) {
			return { state: current, applied: index, failure: { index, refusal: result.refusal } };
		}
		onStep?.({ index, action, before: current, after: result.value });
		current = result.value;
	}
	return { state: current, applied: actions.length, failure: null };
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
	onStep?: (step: ReplayStep<State, Action>) => void
): Replayed<State> {
	return applyAll(game, game.setup(config, players), actions, onStep);
}
