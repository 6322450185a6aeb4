/**
 * What the live table (table.svelte.ts) is given: this phone's match and how to write it, and
 * who this phone is at the table (docs/live.md, "On the phone").
 */
import type { GameId } from '$lib/rules/common';
import type { SendRow } from '$lib/db/schema';
import type { Signer } from '$lib/wire/signing';
import type { LiveMatch, RefusedWhy } from './replay';

/** This phone's own copy of the match, as the live table needs it. */
export interface LocalMatch {
	readonly id: string;
	readonly game: GameId;
	readonly config: unknown;
	readonly names: readonly string[];
	readonly createdAt: number;
	readonly actions: readonly unknown[];
}

/** How the live table reads and writes this phone's match (the store's sync port, or an adapter). */
export interface LocalPort {
	read(): LocalMatch;
	/** this phone's match becomes the table's log (already checked by the rules); false: not now */
	write(table: LiveMatch): Promise<boolean>;
	/** this phone's log kept as a new match of its own; its id */
	keepApart(): Promise<string>;
	/** the log as this phone last agreed with the table (its canonical JSON, wire/canonical.ts), null before ever */
	synced(): Promise<string | null>;
	/** the logs agree: kept, and the outbox has nothing left to send */
	setSynced(key: string): Promise<void>;
	/** the steps committed here for the table, in order (the outbox, db/links.ts) */
	outbox(): Promise<readonly SendRow[]>;
	/** the table stored the outbox's step `seq` (or it fits no more): it goes, `key` the log agreed on */
	sent(seq: number, key: string | null): Promise<void>;
	/** the keeper refused the outbox's step `seq`: it stays, and says so at the next start */
	refused(seq: number, refused: NonNullable<SendRow['refused']>): Promise<void>;
	/** where the pen is, as the table says (kept for the group's sync, docs/group.md) */
	sayPen(mine: boolean): Promise<void>;
}

export interface Me {
	/** this phone's id on the wire (kept in this browser) */
	readonly by: string;
	/** whose phone it is, as the table calls them */
	readonly name: string;
	/** a follower's credential: it never writes */
	readonly reader: boolean;
	/** what signs this phone's entries (its own key pair, keys.ts); none: sent unsigned */
	readonly signer?: Signer;
}

export interface Refused {
	readonly why: RefusedWhy;
	readonly reason?: string;
	readonly at: number;
}
