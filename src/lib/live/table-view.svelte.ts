/**
 * What the screen reads of one live match on this phone (table.svelte.ts writes it): the
 * table's copy, the connection, the pen, what waits to be sent and what went wrong.
 */
import type { AnyGame, GameId } from '$lib/rules/common';
import type { LiveChannel, Online } from './client';
import type { Rejected } from './appending';
import type { LiveMatch } from './replay';
import type { LocalPort, Me, Refused } from './table-port';
import { relate } from './sync';
import { holderSilent } from './pen';
import { Waiting } from './waiting.svelte';

export class TableView {
	protected readonly channel: LiveChannel;
	protected readonly port: LocalPort;
	protected readonly rulesOf: (game: GameId) => AnyGame | undefined;
	/** this phone at the table (its name changes when it takes the pen as another person) */
	protected ident: Me;
	protected readonly joinedAt = Date.now();

	table = $state.raw<LiveMatch | null>(null);
	caughtUp = $state(false);
	online = $state<Online>('online');
	refused = $state.raw<Refused | null>(null);
	/** both versions, when this phone has entries the table lacks and the table has others */
	conflict = $state.raw<{ here: number; table: number } | null>(null);
	/** another phone entered first: ours was not stored */
	stale = $state(false);
	/** the server's keeper refused this phone's entry, and why (docs/live.md, "Who writes: the keeper") */
	rejected = $state.raw<Rejected | null>(null);
	asked = $state(false);
	asking = $state.raw<{ by: string; name: string; key?: string } | null>(null);
	lastHere = $state<number | null>(null);
	/** when the last pen entry came in: the new holder is not silent before it said anything */
	protected penAt = $state<number | null>(null);
	now = $state(Date.now());
	/** the pen phone's entries that wait to be sent, counted and said (waiting.svelte.ts) */
	readonly waiting = new Waiting();

	constructor(
		channel: LiveChannel,
		port: LocalPort,
		me: Me,
		rulesOf: (game: GameId) => AnyGame | undefined
	) {
		this.channel = channel;
		this.port = port;
		this.ident = me;
		this.rulesOf = rulesOf;
	}

	get me(): Me {
		return this.ident;
	}
	get penIsMine(): boolean {
		return !!this.table && this.table.pen.by === this.ident.by;
	}
	get penName(): string | null {
		return this.table?.pen.name ?? null;
	}
	/** whether this phone has entries the server does not have yet */
	get pending(): boolean {
		if (!this.table || !this.penIsMine) return false;
		return relate(this.port.read().actions, this.table.actions).kind !== 'same';
	}
	get holderSilent(): boolean {
		const heard = Math.max(this.lastHere ?? 0, this.penAt ?? 0);
		return holderSilent(heard || null, this.joinedAt, this.now);
	}
}
