import type { MatchRow } from '$lib/db';
import type { Done } from './entries';
import type { Misfit } from './timeline';

/**
 * The sync port (docs/architecture.md, "The sync port"): what a match's store tells of every
 * committed change, what it takes from elsewhere, and the gate the live layer sets.
 */

/** What changed: a kind of entry, a change of the row alone, or another tab's write followed. */
export type ChangeKind =
	| 'act'
	| 'undo'
	| 'redo'
	| 'edit'
	| 'amend'
	| 'notes'
	| 'played'
	| 'status'
	| 'handover'
	| 'delete'
	| 'restore'
	| 'follow';

/** Who made it: this screen, another tab of this browser, or the live layer (receive). */
export type Origin = 'here' | 'tab' | 'live';

/** One committed change of the match. */
export interface Change<A = unknown> {
	readonly kind: ChangeKind;
	readonly origin: Origin;
	readonly match: MatchRow;
	/** the log after the change */
	readonly actions: readonly A[];
	readonly revision: number;
	readonly length: number;
}

/** A change that came from elsewhere, already proven by the caller: a whole log, or one more. */
export type Incoming<A> = { readonly actions: readonly A[] } | { readonly append: A };

/**
 * What the live layer lets this phone do: `code` refuses the table's entries here (someone
 * else holds the pen: the screen words the code); `readOnly` refuses every change (a follower).
 */
export interface Gate {
	readonly code: string;
	readonly readOnly: boolean;
}

/** An edit's outcome: done, refused, not saved, or the action that no longer fits. */
export type EditDone = Done | ({ readonly ok: false } & Misfit);

/** A change of the row (note, status…) or a delete refused by a read-only gate. */
export class GateClosed extends Error {
	constructor(readonly code: string) {
		super(`This match is read-only here (${code}).`);
		this.name = 'GateClosed';
	}
}
