import type { StorageProblem } from '$lib/db/errors';
import type { ActionOf, AnyGame, Refusal, StateOf } from '$lib/rules/common';
import type { Timeline } from './timeline';

/** Why storage refused a write, for the screen (storageProblem in db/errors.ts). */
export type Problem = StorageProblem;

/** The kinds of entry a table makes: a new action, an undo, a redo, an edit of the past. */
export type EntryKind = 'act' | 'undo' | 'redo' | 'edit';

/** An action the rules accepted but storage did not: shown until saved or discarded. */
export interface Unsaved<Action = unknown> {
	readonly kind: EntryKind;
	readonly action: Action;
	readonly problem: Problem;
	/**
	 * The action in words, read from the state it was entered on ("Ana passed on 17"): after
	 * another tab's write the state has moved, and the same action would now read otherwise.
	 */
	readonly description: string;
	/** whose action it was: the seat it names, else whose turn it was (null: nobody's) */
	readonly seat: number | null;
}

/** An unsaved action that was not tried again: the match had moved on and it meant otherwise. */
export interface Dropped {
	readonly kind: EntryKind;
	readonly description: string;
}

/** What a change asked of the store came to. */
export type Done =
	| { readonly ok: true }
	/** the rules, or the live layer's gate, refused it: nothing was written */
	| { readonly ok: false; readonly refusal: Refusal }
	/** the rules accepted it, storage did not (the store keeps it as unsaved) */
	| { readonly ok: false; readonly problem: Problem };

/** The words a store needs from a game's screens: an action as the log tells it. */
export interface Words<G extends AnyGame> {
	readonly game: G;
	describe(action: ActionOf<G>, before: StateOf<G>, names: readonly string[]): string;
}

/** An action in words and whose it is, read from the state it is entered on. */
export function entered<G extends AnyGame>(
	words: Words<G>,
	action: ActionOf<G>,
	before: StateOf<G>,
	names: readonly string[]
): { description: string; seat: number | null } {
	const named: unknown = (action as { seat?: unknown } | undefined)?.seat;
	return {
		description: words.describe(action, before, names),
		seat: typeof named === 'number' ? named : words.game.turn(before)
	};
}

/**
 * Whether an unsaved entry would be, now, what the table entered: same seat, same words. An
 * undo only while the action it takes back is still the last; a redo only while it is still
 * the next to redo. After another tab's write the same tap may mean something else.
 */
export function stillMeans<G extends AnyGame>(
	words: Words<G>,
	timeline: Timeline<G>,
	unsaved: Unsaved<ActionOf<G>>,
	names: readonly string[]
): boolean {
	const same = (action: unknown) => JSON.stringify(action) === JSON.stringify(unsaved.action);
	if (unsaved.kind === 'edit') return false; // an edit is asked again from the log
	if (unsaved.kind === 'undo') {
		const last = timeline.last;
		if (!last || !same(last.action)) return false;
		return entered(words, unsaved.action, last.before, names).description === unsaved.description;
	}
	if (unsaved.kind === 'redo' && (timeline.redo.length === 0 || !same(timeline.redo.at(-1)))) {
		return false;
	}
	const now = timeline.state;
	if (words.game.outcome(now) || !words.game.apply(now, unsaved.action).ok) return false;
	const again = entered(words, unsaved.action, now, names);
	return again.seat === unsaved.seat && again.description === unsaved.description;
}
