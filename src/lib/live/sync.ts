/**
 * How this phone's log and the table's relate, and the entries that carry one to the other
 * (docs/live.md, "On the phone"). Pure; actions compare as canonical JSON (wire/canonical.ts),
 * whatever the order of their fields.
 */
import { canonicalJson as key } from '$lib/wire/canonical';
import type { Change } from './protocol';

/** How many actions two logs share from their start. */
export function shared(a: readonly unknown[], b: readonly unknown[]): number {
	let at = 0;
	while (at < a.length && at < b.length && key(a[at]) === key(b[at])) at++;
	return at;
}

export type Relation =
	| { readonly kind: 'same' }
	/** the table has more: this phone catches up */
	| { readonly kind: 'behind' }
	/** this phone has more (entered offline, or not yet sent) */
	| { readonly kind: 'ahead' }
	/** both have entries the other lacks, from action `at` on */
	| { readonly kind: 'diverged'; readonly at: number };

export function relate(here: readonly unknown[], table: readonly unknown[]): Relation {
	const common = shared(here, table);
	if (common === here.length && common === table.length) return { kind: 'same' };
	if (common === here.length) return { kind: 'behind' };
	if (common === table.length) return { kind: 'ahead' };
	return { kind: 'diverged', at: common };
}

/**
 * The entries that turn the table's log into this phone's, in the order they were most likely
 * entered (docs/live.md, "On the phone"): the pen phone cut off sends each step as its own entry, so
 * every follower's news line and the log's history say what was entered, one step at a time.
 * Derived from the two logs alone, so a reload while offline loses nothing:
 * - this phone's log extends the table's: one `act` per missing action;
 * - it is a prefix of the table's: one `undo` per action taken back;
 * - both differ from action `at` on (an edit of the past, or an undo then entries): one
 *   `rewrite` from `at`, as long as the table's rest (an edit keeps the length), then one `act`
 *   per action past it.
 * Each step is legal when the last log is: every log between is a prefix of this phone's, or
 * of the table's.
 */
export function stepsToSend(table: readonly unknown[], here: readonly unknown[]): Change[] {
	const at = shared(table, here);
	const acts = (from: number): Change[] =>
		here.slice(from).map((action) => ({ kind: 'act', action: action as { type: string } }));
	if (at === table.length) return acts(at);
	if (at === here.length)
		return Array.from({ length: table.length - at }, () => ({ kind: 'undo' }));
	const end = Math.min(table.length, here.length);
	const rewrite: Change = {
		kind: 'rewrite',
		from: at,
		actions: here.slice(at, end) as { type: string }[]
	};
	return [rewrite, ...acts(end)];
}
