/**
 * One group's record kept in step on this phone (docs/group.md): the group's stream read with
 * an ordered consumer, the newest version of every thing first (the whole record), then every
 * new one; each message reconciled (reconcile.ts) and written through src/lib/db (db/group/),
 * one transaction a thing. Changes made here (matches of the group, their players, its
 * evenings and settings) are tracked in the transaction that writes them (db/changed.ts),
 * built when sent, queued in the outbox and sent in order, each over the version this phone
 * last had (`expect.lastSubjectSequence`) with its own message id; a send the server refuses
 * as stale becomes a conflict once the group's version is read. Given a connection, so the
 * browser (WebSocket) and node (tests, bench) share it.
 *
 * `GroupSync` puts the parts together, each in its own module: core.ts (what they share),
 * status.ts (what the card says), reader.ts (the stream read), take.ts (a message taken),
 * changes.ts (this phone's tracked changes built and queued), sender.ts (the outbox sent), role.ts
 * (live play's say), settle.ts (a conflict settled).
 */
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstream } from '@nats-io/jetstream';
import { Dexie } from 'dexie';
import type { ConflictRow } from '$lib/db/schema';
import { SyncCore, type CoreOptions } from './core';
import type { Online, SyncStatus } from './status';
import { GroupReader } from './reader';
import { GroupSender } from './sender';
import { watchConnection, type Connection } from '$lib/live/connection';
import { drain, sealedDone } from './changes';
import { settleConflict, type Settle, type Settled } from './settle';
import type { Thing } from './record';
import { changedOf } from '$lib/db/changed';
import { OneLook } from '$lib/live/sending';
import type { Signer } from '$lib/wire/signing';
import type { SealEntry } from '$lib/wire/entry';
import type { AnyGame, GameId } from '$lib/rules/common';
import type { GroupEntries } from './entries';
import { unanswered, type Sent } from './sent';
import { keepNotes, keptNotes, nextNotes, said } from './entries-kept';
import { readsWire } from './switch';
import { turnBack } from './turn-back';
import { WireTaking } from './wire-taking';

export type { Online, SyncStatus, RefusedNote, EntriesNote } from './status';
export type { Settle, Settled } from './settle';
export type { ConflictRow };

/**
 * The core's options (core.ts), and the connection: none yet, the phone queues its own changes
 * and counts them until `connect` (docs/group.md).
 */
export type GroupSyncOptions = Omit<CoreOptions, 'online'> & {
	nc?: NatsConnection;
	/** the group's matches also sent as entries (entries.ts): this phone's key and the rules */
	entries?: EntriesWiring;
};

/** What sending a group's matches as entries needs, loaded when first sent (entries.ts). */
export interface EntriesWiring {
	readonly signer: () => Promise<Signer>;
	readonly rulesOf: () => Promise<(game: GameId) => AnyGame | undefined>;
	/** whose phone it is, the pen's name in a match's start (else its first seat's) */
	readonly name?: string;
	/** whether a match over is sealed (entries.ts `seal`) */
	readonly seal?: boolean;
	/** the wire this phone says it reads (key-registration.ts; `WIRE_READS` when not given) */
	readonly reads?: number;
}

export class GroupSync {
	readonly group: string;
	readonly #core: SyncCore;
	readonly #reader: GroupReader;
	readonly #sender: GroupSender;
	#connected = false;
	#started = false;
	#stopWatching: (() => void) | null = null;
	/** the connection's one status (live/connection.ts), followed from `#begin` to `stop` */
	#connection: Connection | null = null;
	#unwatchConnection: () => void = () => {};
	readonly #wiring: EntriesWiring | undefined;
	#entries: GroupEntries | null = null;
	/** matches changed here since the last look at the entries (an abandon writes no step) */
	readonly #touched = new Set<string>();
	/** the entries' sending, one look at a time beside the versions' (entries.ts) */
	readonly #entriesLook = new OneLook(() => this.#sendEntries());
	/** how each match's entries last went (a refusal, a conflict), for the group's page */
	readonly entriesSent = new Map<string, Sent>();
	/**
	 * the refusals and conflicts kept on the phone (entries-kept.ts), so the page says them
	 * again after a reload; read when the sync starts, before any send changes them
	 */
	#kept = new Map<string, Sent>();
	#keptRead: Promise<void> = Promise.resolve();
	/** the group's wire read and its seals taken, once every member reads it (wire-taking.ts) */
	readonly #wire: WireTaking | null;
	#unwatchSwitch: () => void = () => {};

	constructor(options: GroupSyncOptions) {
		this.group = options.group;
		this.#wiring = options.entries;
		this.#core = new SyncCore({ ...options, online: !!options.nc });
		this.#reader = new GroupReader(this.#core);
		this.#sender = new GroupSender(this.#core);
		this.#wire = options.entries
			? new WireTaking(this.#core, options.entries.rulesOf, (onWire) => {
					void this.#firstSeals(onWire).catch(() => {});
					// the changes that waited for the whole wire go now (core.ts `waitsForWire`)
					void this.flush().catch(() => {});
				})
			: null;
		// after a message read: a version dropped as stale is built again over the group's
		this.#core.send = () => this.flush();
		if (options.nc) this.connect(options.nc);
	}

	/**
	 * Follows this phone's writes from now on; connected, reads the group and sends what is
	 * pending, else only counts what waits to be sent (a phone opened with no network).
	 */
	start(): this {
		this.#started = true;
		void this.#core.board.loadRefused();
		if (this.#wiring) this.#keptRead = this.#readKept();
		if (this.#connected) this.#begin();
		this.#stopWatching = this.#watchWrites();
		if (!this.#connected) void this.flush();
		return this;
	}

	/** The connection, once there is one: reading and sending start then. */
	connect(nc: NatsConnection): this {
		if (this.#connected) return this;
		const core = this.#core;
		core.nc = nc;
		core.js = jetstream(nc, { timeout: 5_000 });
		const connection = watchConnection(nc);
		this.#connection = connection;
		core.unanswered = () => connection.unanswered();
		this.#connected = true;
		core.board.online = connection.status === 'online' ? 'online' : 'offline';
		if (this.#started && !core.closed) {
			core.board.emit();
			this.#begin();
		}
		return this;
	}

	#begin() {
		const connection = this.#connection;
		if (connection) {
			this.#unwatchConnection = connection.onStatus((status) =>
				this.#setOnline(status === 'online' ? 'online' : 'offline')
			);
			this.#setOnline(connection.status === 'online' ? 'online' : 'offline');
		}
		void this.#reader.read();
		const wire = this.#wire;
		if (wire) {
			// the switch is a fold of the member records, once all of them are read (switch.ts)
			this.#unwatchSwitch = this.#core.board.onStatus((status) => {
				if (status.caughtUp) this.#switchTo(wire, readsWire(status.members));
			});
		}
		void this.#core.board.refresh().then(() => this.flush());
		// a change tracked while the record is read is left by its signal (#watchWrites): it goes
		// once the record is read, whether or not a batch read sends after it
		void this.#core.board.whenCaughtUp().then(() => this.flush());
	}

	get status(): SyncStatus {
		return this.#core.board.status;
	}

	onStatus(listener: (status: SyncStatus) => void): () => void {
		return this.#core.board.onStatus(listener);
	}

	/** Resolves once the whole record has been read (at once when it has). */
	caughtUp(): Promise<void> {
		return this.#core.board.whenCaughtUp();
	}

	/**
	 * Builds this phone's tracked changes now and sends what is pending, in order. Resolves when
	 * the outbox is empty, or what is left cannot go yet (offline, stale, refused).
	 */
	async flush(): Promise<void> {
		if (this.#wiring) {
			for (const row of await changedOf(this.#core.db, this.group)) {
				if (row.subject.startsWith('match.')) this.#touched.add(row.subject.slice(6));
			}
		}
		await this.#core.serial(() => drain(this.#core));
		await this.#sender.send();
		await this.#core.board.refresh();
		// the whole-match versions first, as before (older phones read only those)
		if (this.#wiring) void this.#entriesLook.ask();
	}

	/** Whether the group's wire is read here (its matches' seals taken: wire-taking.ts; tests). */
	get readsWire(): boolean {
		return this.#wire?.reading ?? false;
	}

	/** Resolves once the entries' sending asked so far has run (tests). */
	entriesSettled(): Promise<void> {
		return this.#entriesLook.ask();
	}

	/** The group's matches with steps waiting, or over, sent as entries (entries.ts). */
	async #sendEntries(): Promise<void> {
		const core = this.#core;
		const wiring = this.#wiring;
		if (!wiring || !this.#connected || core.closed || core.board.online !== 'online') return;
		this.#entries ??= await this.#entriesMade(wiring);
		// the key said once the group is read, not with the first match sent: the group switches
		// once every member's phone says it reads the wire (switch.ts), one that never records too
		if (core.board.caughtUp) await this.#entries.register();
		// a conflict said of a match is looked at again: the group's version taken here since
		// may be what the group holds, and then it is said no more
		for (const [match, sent] of this.entriesSent) {
			if (sent.kind === 'moved') this.#touched.add(match);
		}
		const touched = [...this.#touched];
		this.#touched.clear();
		const tracked = new Map(
			(await changedOf(core.db, this.group)).map((row) => [row.subject, row.n])
		);
		const results = await this.#entries!.sendAll(touched);
		await sealedDone(core, tracked, results);
		await this.#keptRead;
		for (const [match, sent] of results) {
			// no answer says nothing new: a refusal or a conflict stays said until the match goes
			this.entriesSent.set(match, said(this.entriesSent.get(match), sent));
			// not sent for want of an answer, or of the whole wire: looked at again at the next flush
			if (unanswered(sent)) this.#touched.add(match);
		}
		// the group's page follows the status: a refusal or a conflict is said there
		core.board.entriesSent(this.entriesSent);
		const kept = nextNotes(this.#kept, results);
		if (JSON.stringify([...kept]) === JSON.stringify([...this.#kept])) return;
		this.#kept = kept;
		await keepNotes(core.db, this.group, kept).catch(() => {});
	}

	/** This phone's sending of the group's matches as entries (entries.ts), made when first needed. */
	async #entriesMade(wiring: EntriesWiring): Promise<GroupEntries> {
		const core = this.#core;
		const [{ GroupEntries }, signer, rulesOf] = await Promise.all([
			import('./entries'),
			wiring.signer(),
			wiring.rulesOf()
		]);
		return (this.#entries ??= new GroupEntries({
			db: core.db,
			group: this.group,
			nc: core.nc,
			signer,
			by: core.phone,
			name: wiring.name,
			seal: wiring.seal,
			reads: wiring.reads,
			rulesOf,
			waitsForWire: () => core.waitsForWire
		}));
	}

	/**
	 * The group's matches here that its wire lacks (recorded before it took entries) put there,
	 * each by its first seal (first-seals.ts), once the wire was read to its end.
	 */
	async #firstSeals(onWire: ReadonlySet<string>): Promise<void> {
		const core = this.#core;
		const wiring = this.#wiring;
		if (!wiring || core.closed || core.board.online !== 'online') return;
		const [{ offWire, putOnWire }, entries, signer] = await Promise.all([
			import('./first-seals'),
			this.#entries ?? this.#entriesMade(wiring),
			wiring.signer()
		]);
		const matches = await offWire(core.db, this.group, onWire);
		const ask = (match: string, seal: SealEntry) => entries.askSeal(match, seal);
		const { group, phone: by } = core;
		await putOnWire({ db: core.db, group, by, name: wiring.name, signer, ask }, matches);
	}

	/** The notes kept before this start, said at once (a send of this run says newer ones). */
	async #readKept(): Promise<void> {
		const notes = await keptNotes(this.#core.db, this.group).catch(() => []);
		for (const { match, sent } of notes) {
			this.#kept.set(match, sent);
			if (!this.entriesSent.has(match)) this.entriesSent.set(match, sent);
		}
		if (notes.length > 0) this.#core.board.entriesSent(this.entriesSent);
	}

	async stop(): Promise<void> {
		const core = this.#core;
		core.closed = true;
		core.board.showCatchUp.cancel();
		this.#stopWatching?.();
		this.#unwatchConnection();
		this.#reader.stop();
		this.#unwatchSwitch();
		this.#wire?.stop();
		await core.settled();
		await core.board.stop();
	}

	/**
	 * Settles a conflict (docs/group.md): keep this phone's version (sent over the group's),
	 * keep the group's (written here), or, for a match, keep both (this phone's becomes a new
	 * match of the group, the group's takes its place).
	 */
	async settle(thing: Thing, choice: Settle): Promise<Settled> {
		const settled = await settleConflict(this.#core, thing, choice);
		await this.flush();
		return settled;
	}

	/**
	 * The fold of the member records said: the wire read or not (wire-taking.ts), and when that
	 * moved, what waited to know is sent; turned back, a seal's copy the versions lack goes as
	 * a version (turn-back.ts).
	 */
	#switchTo(wire: WireTaking, switched: boolean) {
		wire.follow(switched);
		const core = this.#core;
		if (core.switched === switched) return;
		core.switched = switched;
		const turned = switched ? Promise.resolve(0) : core.serial(() => turnBack(core));
		void turned.then(() => this.flush()).catch(() => {});
	}

	#setOnline(online: Online) {
		const board = this.#core.board;
		if (board.online === online) return;
		board.online = online;
		board.emit();
		if (online === 'online') void this.flush();
	}

	/**
	 * A change tracked here (db/changed.ts: a row of `changed` written in the change's own
	 * transaction, this tab's or another's, as Dexie's change event tells) is built and sent:
	 * one flush at a time, and one more after it for whatever was tracked meanwhile, so a burst
	 * of taps is a version or two, each built from the match as it is when sent.
	 */
	#watchWrites(): () => void {
		const part = `idb://${this.#core.db.name}/changed/`;
		let running = false;
		let again = false;
		const run = async () => {
			running = true;
			do {
				again = false;
				await this.flush().catch(() => {});
			} while (again && !this.#core.closed);
			running = false;
		};
		const listener = (parts: Record<string, unknown>) => {
			if (this.#core.closed || !Object.keys(parts).some((key) => key.startsWith(part))) return;
			// not connected yet: queued, so the count of what waits is right at once
			if (!this.#core.board.caughtUp && this.#connected) return;
			if (running) again = true;
			else void run();
		};
		Dexie.on('storagemutated', listener);
		return () => Dexie.on('storagemutated').unsubscribe(listener);
	}
}
