/**
 * How this phone's log and the table's relate, and the entry that carries one to the other
 * (docs/live.md, "Offline and conflicts"). Pure; actions compare as JSON whatever the order
 * of their fields.
 */
import type { Change } from './protocol';

/** A log as one string, for comparing it with another. */
export function key(value: unknown): string {
	return JSON.stringify(value, (_, inner) =>
		inner && typeof inner === 'object' && !Array.isArray(inner)
			? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : 1)))
			: inner
	);
}

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
 * The one entry that turns the table's log into this phone's: one more action, the last one
 * taken back, or the actions from the first difference on.
 */
export function changeFrom(table: readonly unknown[], here: readonly unknown[]): Change | null {
	const common = shared(table, here);
	if (common === table.length && common === here.length) return null;
	if (common === table.length && here.length === table.length + 1) {
		return { kind: 'act', action: here[common] as { type: string } };
	}
	if (common === here.length && table.length === here.length + 1) return { kind: 'undo' };
	return { kind: 'rewrite', from: common, actions: here.slice(common) as { type: string }[] };
}
