/**
 * The live board's connection (docs/group.md, "The board"): the group's `table` subjects read
 * newest-first, and each open table followed as a reader with the live client, every entry
 * checked and replayed (live/replay.ts) before its card changes. It writes nothing: no match is
 * kept on this device, and the board's credential could not publish anyway. Loaded dynamically
 * by /board only (it brings the NATS client).
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import { gameEntry } from '$lib/games/catalog';
import { RULES } from '$lib/rules/registry';
import type { GameId } from '$lib/rules/common';
import { LiveChannel } from '$lib/live/client';
import { readings } from '$lib/live/ordered';
import { openConnection, type Connection, type ConnectionStatus } from '$lib/live/connection';
import { readEntry } from '$lib/live/protocol';
import { accept, begin, type LiveMatch, type RefusedWhy } from '$lib/live/replay';
import { boardTableSubject, groupStreamOf } from '$lib/wire/names.js';
import { cardOf, type BoardUi, type TableCard } from './card';
import type { BoardLink } from '$lib/group/link';
import { readRegistration, tableOfSubject, type TableRegistration } from './registration';
import { BoardStandings } from './standings.svelte';

/** One open table of the group on the board: its checked copy and what its card shows. */
export class BoardTable {
	readonly table: string;
	readonly match: string;
	readonly game: GameId;
	/** the seats' names as the registration gives them, until the match's start is read */
	readonly names: readonly string[];
	card = $state.raw<TableCard | null>(null);
	/** the last entry applied: the card shows the table up to it */
	entry = $state<string | null>(null);
	refused = $state.raw<{ why: RefusedWhy; reason?: string } | null>(null);
	/** two entries at one position: the table's phones settle it, the board waits */
	conflict = $state(false);
	ui = $state.raw<BoardUi | null>(null);
	#live: LiveMatch | null = null;
	#channel: LiveChannel | null = null;

	constructor(registration: TableRegistration) {
		this.table = registration.table;
		this.match = registration.match;
		this.game = registration.game;
		this.names = registration.names;
	}

	async open(nc: NatsConnection) {
		const entry = gameEntry(this.game);
		if (!entry) return;
		const ui = await entry.load();
		this.ui = ui;
		this.#channel = new LiveChannel(nc, this.table, this.match);
		void this.#channel.follow(1, (_seq, bytes) => this.#receive(_seq, bytes, ui));
	}

	#receive(seq: number, bytes: Uint8Array, ui: BoardUi) {
		const read = readEntry(bytes);
		if (!read.ok) return void (this.refused = { why: read.why });
		const previous = this.#live;
		const verdict = previous
			? accept(previous, read.entry, seq)
			: begin(read.entry, seq, (game) => (game === this.game ? RULES[game] : undefined));
		if (verdict.kind === 'known') return;
		if (verdict.kind === 'conflict') return void (this.conflict = true);
		if (verdict.kind === 'refused') {
			const reason = verdict.refusal?.code;
			this.refused = reason ? { why: verdict.why, reason } : { why: verdict.why };
			return;
		}
		this.#live = verdict.live;
		this.refused = null;
		this.card = cardOf(verdict.live, ui, previous);
		this.entry = read.entry.id;
	}

	/** the seats' names as the match's start gives them (the registration's until then) */
	get seats(): readonly string[] {
		return this.#live?.start.names ?? this.names;
	}

	async close() {
		await this.#channel?.close();
	}
}

export class Board {
	readonly link: BoardLink;
	/** the connection's one status (live/connection.ts), worded by the page */
	connection = $state<ConnectionStatus>('connecting');
	/** a message on the group's `table` subjects that was not a table: ignored */
	badRegistration = $state(false);
	/** the open tables, in the order they opened */
	tables = $state.raw<BoardTable[]>([]);
	/** the group's tables have been read up to now at least once */
	ready = $state(false);
	/** the evening's standings, from the group's match versions (docs/evening.md, "The board") */
	readonly standings = new BoardStandings();
	#connection: Connection | null = null;
	#reading: ConsumerMessages | null = null;
	#closed = false;

	constructor(link: BoardLink) {
		this.link = link;
	}

	/** the server refused the board's credential, now or since: a new link is needed */
	get refusedCredential(): boolean {
		return this.connection === 'refused' || this.connection === 'revoked';
	}

	async open() {
		if (this.#closed) return;
		// tried again with the one back-off until it connects or the credential is refused
		// the group's whole record read for the standings: deflated (DEFLATE_QUERY)
		const connection = openConnection(this.link, { keepTrying: true, deflate: true });
		this.#connection = connection;
		connection.onStatus((status) => (this.connection = status));
		let nc: NatsConnection;
		try {
			nc = await connection.ready;
		} catch {
			return;
		}
		this.connection = connection.status;
		void this.#readTables(nc);
		void this.standings.read(nc, this.link.g);
	}

	/** The group's tables, newest registration of each first, then every change as it comes. */
	async #readTables(nc: NatsConnection) {
		const js = jetstream(nc, { timeout: 5_000 });
		// read afresh after each break (a server restart: the library's own recreate can stall,
		// ordered.ts): the newest registration of each table first
		const reads = readings(js, {
			stream: groupStreamOf(this.link.g),
			filter: boardTableSubject(this.link.g, '*'),
			after: () => 0,
			closed: () => this.#closed
		});
		for await (const { pending, messages } of reads) {
			this.#reading = messages;
			// a group with no table yet: no message will come to say the read is done
			if (pending === 0) this.ready = true;
			for await (const message of messages) {
				await this.#registered(message.subject, message.data);
				if (message.info.pending === 0) this.ready = true;
			}
			this.#reading = null;
		}
	}

	async #registered(subject: string, bytes: Uint8Array) {
		const registration = readRegistration(subject, bytes);
		const table = tableOfSubject(subject);
		const known = this.tables.find((it) => it.table === table);
		if (!registration) {
			this.badRegistration = true;
			return;
		}
		if (!registration.open) {
			if (!known) return;
			this.tables = this.tables.filter((it) => it !== known);
			await known.close();
			return;
		}
		// the same table again (a fresh read after a reconnect): already followed
		if (known && known.match === registration.match) return;
		if (known) {
			this.tables = this.tables.filter((it) => it !== known);
			await known.close();
		}
		const added = new BoardTable(registration);
		this.tables = [...this.tables, added];
		const nc = this.#connection?.nc;
		if (nc) await added.open(nc);
	}

	async close() {
		this.#closed = true;
		this.#reading?.stop();
		this.standings.stop();
		await Promise.all(this.tables.map((table) => table.close()));
		await this.#connection?.close();
	}
}
