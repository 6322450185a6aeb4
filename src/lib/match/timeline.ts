import type { ActionOf, AnyGame, Refusal, StateOf } from '$lib/rules/common';

/**
 * A match's past, present and undone future, pure (no Svelte, no storage, no page): its setup,
 * its action log and its redo stack, with every state along the log folded once through the
 * game's reducer (docs/architecture.md, "The timeline"). A timeline is never changed: every
 * step returns a new one, or a refusal and nothing else.
 */

/** Edit the past: change action `index`, add one before it, or take it out. */
export type PastEdit<A> =
	| { readonly kind: 'change'; readonly index: number; readonly action: A }
	| { readonly kind: 'insert'; readonly index: number; readonly action: A }
	| { readonly kind: 'remove'; readonly index: number };

/** Why an edit was not made: the action that no longer fits, counted in the log as it stands. */
export interface Misfit {
	readonly index: number;
	readonly refusal: Refusal;
	/** false: the edit's own action is refused at that moment; true: a later action no longer fits */
	readonly later: boolean;
}

export type Stepped<T> =
	{ readonly ok: true; readonly timeline: T } | { readonly ok: false; readonly refusal: Refusal };

export type Edited<T> = { readonly ok: true; readonly timeline: T } | ({ ok: false } & Misfit);

export class Timeline<G extends AnyGame = AnyGame> {
	/** states[i]: the state after the first i actions (states[0] is the setup) */
	readonly #states: readonly StateOf<G>[];

	private constructor(
		readonly game: G,
		readonly config: unknown,
		readonly players: number,
		/** the actions the rules accepted, in order */
		readonly actions: readonly ActionOf<G>[],
		/** undone actions, the next to redo last */
		readonly redo: readonly ActionOf<G>[],
		states: readonly StateOf<G>[],
		/** a stored log the rules refuse from this action on (kept out of `actions`) */
		readonly broken: { readonly index: number; readonly refusal: Refusal } | null = null
	) {
		this.#states = states;
	}

	/** A stored log, folded from its setup. Actions the rules refuse stop it (`broken`). */
	static of<G extends AnyGame>(
		game: G,
		config: unknown,
		players: number,
		log: readonly unknown[],
		redo: readonly unknown[] = []
	): Timeline<G> {
		const setup = game.setup(config, players) as StateOf<G>;
		const folded = fold(game, [setup], log as readonly ActionOf<G>[]);
		return new Timeline(
			game,
			config,
			players,
			log.slice(0, folded.states.length - 1) as ActionOf<G>[],
			redo as readonly ActionOf<G>[],
			folded.states,
			folded.failure
		);
	}

	get length(): number {
		return this.actions.length;
	}

	/** the state now: after the last action */
	get state(): StateOf<G> {
		return this.#states[this.#states.length - 1];
	}

	/** The state just before action `index` (`length`: the state now). */
	stateAt(index: number): StateOf<G> {
		if (!Number.isInteger(index) || index < 0 || index > this.length) {
			throw new RangeError(`No moment ${index} in a log of ${this.length}.`);
		}
		return this.#states[index];
	}

	/** The last action and the state it was applied to: what "just happened". */
	get last(): { readonly action: ActionOf<G>; readonly before: StateOf<G> } | null {
		if (this.length === 0) return null;
		return { action: this.actions[this.length - 1], before: this.#states[this.length - 1] };
	}

	/** A new action at the end: the redo stack is forgotten, as after any new entry. */
	apply(action: ActionOf<G>): Stepped<Timeline<G>> {
		const result = this.game.apply(this.state, action);
		if (!result.ok) return { ok: false, refusal: result.refusal };
		return {
			ok: true,
			timeline: this.#with([...this.actions, action], [], [...this.#states, result.value])
		};
	}

	/** The last action taken back and kept for redo; null when there is none. */
	undo(): Timeline<G> | null {
		if (this.length === 0) return null;
		return this.#with(
			this.actions.slice(0, -1),
			[...this.redo, this.actions[this.length - 1]],
			this.#states.slice(0, -1)
		);
	}

	/** The last undone action put back (the rules asked again); null when there is none. */
	redone(): Stepped<Timeline<G>> | null {
		const action = this.redo.at(-1);
		if (this.redo.length === 0) return null;
		const result = this.game.apply(this.state, action);
		if (!result.ok) return { ok: false, refusal: result.refusal };
		return {
			ok: true,
			timeline: this.#with([...this.actions, action], this.redo.slice(0, -1), [
				...this.#states,
				result.value
			])
		};
	}

	/**
	 * Edit the past: the log with action `index` changed, added before, or taken out, replayed
	 * from that moment (the states before it are kept). Refused, naming the first action that no
	 * longer fits, counted in this log. A new log forgets the redo stack.
	 */
	edit(edit: PastEdit<ActionOf<G>>): Edited<Timeline<G>> {
		const { index, kind } = edit;
		// an insert may go at the end too (the reverse of taking out the last action)
		const end = kind === 'insert' ? this.length + 1 : this.length;
		if (!Number.isInteger(index) || index < 0 || index >= end) {
			return { ok: false, index, refusal: { code: 'malformed-action' }, later: false };
		}
		const head = this.actions.slice(0, index);
		const tail = this.actions.slice(index + (kind === 'insert' ? 0 : 1));
		const added = kind === 'remove' ? [] : [edit.action];
		const folded = fold(this.game, this.#states.slice(0, index + 1), [...added, ...tail]);
		if (folded.failure) {
			// counted in the new log: back to this one's places
			const at = folded.failure.index;
			if (kind !== 'remove' && at === index) {
				return { ok: false, index, refusal: folded.failure.refusal, later: false };
			}
			const shift = kind === 'insert' ? -1 : kind === 'remove' ? 1 : 0;
			return { ok: false, index: at + shift, refusal: folded.failure.refusal, later: true };
		}
		return { ok: true, timeline: this.#with([...head, ...added, ...tail], [], folded.states) };
	}

	/** The same match with another log (another tab's, a remote one), folded from the start. */
	replaced(log: readonly unknown[], redo: readonly unknown[] = []): Timeline<G> {
		return Timeline.of(this.game, this.config, this.players, log, redo);
	}

	#with(
		actions: readonly ActionOf<G>[],
		redo: readonly ActionOf<G>[],
		states: readonly StateOf<G>[]
	): Timeline<G> {
		return new Timeline(this.game, this.config, this.players, actions, redo, states);
	}
}

/** Folds actions on from the last of `states`; stops at the first the rules refuse. */
function fold<G extends AnyGame>(
	game: G,
	states: readonly StateOf<G>[],
	actions: readonly ActionOf<G>[]
): { states: StateOf<G>[]; failure: { index: number; refusal: Refusal } | null } {
	const out = [...states];
	const offset = states.length - 1;
	for (let at = 0; at < actions.length; at++) {
		const result = game.apply(out[out.length - 1], actions[at]);
		if (!result.ok)
			return { states: out, failure: { index: offset + at, refusal: result.refusal } };
		out.push(result.value);
	}
	return { states: out, failure: null };
}
