// Schema v9's rows (schema.ts, SCHEMA[9]): live play's state on the phone, read and written by
// links.ts.

/** v9: where the pen was as this phone last read its table (docs/group.md). */
export type PenSaid = 'here' | 'elsewhere' | 'done';

/**
 * v9: what this phone keeps of one match's live play (live/saved.ts reads it). `live` is the
 * link(s) as live/link.ts checks them, absent once live play stopped here; `pen` outlives it
 * ("elsewhere" stays until the group's version, over, is this phone's copy).
 */
export interface LinkRow {
	match: string;
	live?: {
		link: Record<string, string>;
		readers?: Record<string, string>;
		name: string;
		group?: string;
	};
	pen?: PenSaid;
	/** the table's log as this phone last agreed with it (canonical JSON, wire/canonical.ts) */
	synced?: string;
}

/** v9: one step of the log to send to the live table, as the wire's change says it. */
export type SendChange =
	| { readonly kind: 'act'; readonly action: unknown }
	| { readonly kind: 'undo' }
	| { readonly kind: 'rewrite'; readonly from: number; readonly actions: readonly unknown[] };

/**
 * v9: live play's outbox: a change made here on a live match whose link may write, written in
 * the store's own transaction, sent in `seq` order and gone once the table stored it.
 */
export interface SendRow {
	seq?: number;
	match: string;
	/** the log's length here before the change: the table's length it is sent on */
	pos: number;
	change: SendChange;
	/**
	 * The table's keeper refused it, on this phone's log and the table's length `held` (the
	 * live table's key): said again after a restart, and not sent again until either moved.
	 */
	refused?: {
		readonly held: string;
		readonly why: string;
		readonly code?: string;
		readonly params?: Readonly<Record<string, string | number>>;
	};
}
