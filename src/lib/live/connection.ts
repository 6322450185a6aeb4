/**
 * One connection to the live server for one credential, and its one status (docs/live.md, "The
 * connection"): the match screen's live table, the group's sync and the board each watch their
 * connection here, and retry here, with one back-off. NATS authenticates a connection as one
 * user, so a phone that is in a group and also plays a live table holds one connection per
 * credential, each watched by one `Connection`.
 *
 * The status is said from the connection's own events (a socket cut, a reconnect, the server
 * refusing the credential) and, where the screen asks (the group's sync), from the browser's
 * word (its `offline` event: the wifi went) and a send left unanswered (a socket gone silent
 * without closing). From the browser's `offline` or an unanswered send on, the server is asked
 * every few seconds until it answers.
 * The NATS client (`@nats-io/nats-core`) is loaded when a connection is first opened, never by
 * importing this module (the home page's budget).
 */
import type { ConnectionOptions, NatsConnection } from '@nats-io/nats-core';
import { DEFLATE_QUERY, LIVE_PATH, inboxOf } from '$lib/wire/names.js';
import { serverOf } from './link';
import { refusedCredential } from './refusal';

/**
 * connecting: not connected yet; online; offline: cut or unheard, trying again; refused: the
 * server refused the credential at the first connection; revoked: it took it before and
 * refuses it now (a revoked table, a removed member). Refused and revoked are for good: nothing
 * is tried again.
 */
export const CONNECTION_STATUSES = [
	'connecting',
	'online',
	'offline',
	'refused',
	'revoked'
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/**
 * The one back-off: a first connection not made is tried again after 1 s, then 2, 4, 8 s at
 * most; once connected, the client opens a dropped socket again every second.
 */
export const RETRY = { firstMs: 1_000, mostMs: 8_000, reconnectMs: 1_000 } as const;
/** How often a connection asks the server for an answer (two unanswered: it is dead). */
export const PING_EVERY_MS = 5_000;
/** Between two questions to a server gone silent. */
export const PROBE_EVERY_MS = 2_000;
/** How long a question waits for its answer. */
export const PROBE_WAIT_MS = 3_000;

/** A credential of the live server: user, password, and the server when not the page's. */
export interface Credential {
	u: string;
	p: string;
	s?: string;
}

/** How a connection is made: the browser's WebSocket; node's TCP in tests and benches. */
export type Dial = (options: ConnectionOptions) => Promise<NatsConnection>;

const websocket: Dial = async (options) => (await import('@nats-io/nats-core')).wsconnect(options);

export type Events = Pick<Window, 'addEventListener' | 'removeEventListener'>;

/** What every connection of this phone is opened with. */
export function optionsOf(
	credential: Credential,
	page: { protocol: string; host: string } = location,
	deflate = false
): ConnectionOptions {
	const server = serverOf(credential, page, LIVE_PATH);
	return {
		servers: deflate ? `${server}${server.includes('?') ? '&' : '?'}${DEFLATE_QUERY}` : server,
		user: credential.u,
		pass: credential.p,
		// replies to this phone reach no other (docs/live.md, "Subjects, streams, permissions")
		inboxPrefix: inboxOf(credential.u),
		maxReconnectAttempts: -1,
		reconnectTimeWait: RETRY.reconnectMs,
		// a socket gone silent without closing (a wifi that drops what it carries) is noticed
		// and opened again within 10 to 15 s (docs/live.md, "What a phone says")
		pingInterval: PING_EVERY_MS,
		maxPingOut: 2,
		name: 'passpad'
	};
}

/**
 * One try at a connection for the credential, for a request and done (a new table, a group's
 * admission): rejects with the reason, a refused credential included (refusal.ts).
 */
export function openLive(
	credential: Credential,
	{
		page = location,
		dial = websocket,
		...extra
	}: Partial<ConnectionOptions> & { page?: { protocol: string; host: string }; dial?: Dial } = {}
): Promise<NatsConnection> {
	return dial({ ...optionsOf(credential, page), ...extra });
}

export interface WatchOptions {
	/**
	 * the browser's `online`/`offline` events, for a group's sync (its card says within seconds
	 * what waits: docs/group.md); none by default: a live table says its wait by the entries'
	 * age (docs/live.md, "What a phone says"), the board by the socket
	 */
	events?: Events | null;
	timing?: { every: number; wait: number };
}

export interface OpenOptions extends WatchOptions {
	/** tried again with the back-off until connected (a board, a group); else one try */
	keepTrying?: boolean;
	dial?: Dial;
	/** the page whose server a credential without one names */
	page?: { protocol: string; host: string };
	/** the back-off's first and longest wait (tests shorten it) */
	retry?: { firstMs: number; mostMs: number };
	/** its messages deflated: a connection that reads a group's whole record (DEFLATE_QUERY) */
	deflate?: boolean;
}

const watched = new WeakMap<NatsConnection, Connection>();

/** The one `Connection` watching an open NATS connection (made at the first ask). */
export function watchConnection(nc: NatsConnection, options: WatchOptions = {}): Connection {
	let known = watched.get(nc);
	if (!known) {
		known = new Connection(options);
		known.attach(nc);
	}
	return known;
}

/**
 * A connection for the credential, opened now: `ready` resolves with it once connected, or
 * rejects (refused, closed, or one try that failed: the reason).
 */
export function openConnection(credential: Credential, options: OpenOptions = {}): Connection {
	const connection = new Connection(options);
	connection.open(credential, options);
	return connection;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export class Connection {
	#status: ConnectionStatus = 'connecting';
	#nc: NatsConnection | null = null;
	readonly #listeners = new Set<(status: ConnectionStatus) => void>();
	readonly #events: Events | null;
	readonly #timing: { every: number; wait: number };
	/** the socket's word: open, or cut and reconnecting */
	#link = true;
	/** the browser's word: false from its `offline` event to its `online` */
	#browser = true;
	/** unheard since a send went unanswered or the browser said offline */
	#silent = false;
	#probing = false;
	#closed = false;
	#unlisten: () => void = () => {};
	#ready!: Promise<NatsConnection>;

	constructor(options: WatchOptions = {}) {
		this.#events = options.events ?? null;
		this.#timing = options.timing ?? { every: PROBE_EVERY_MS, wait: PROBE_WAIT_MS };
	}

	get status(): ConnectionStatus {
		return this.#status;
	}

	/** The connection once made; null before. */
	get nc(): NatsConnection | null {
		return this.#nc;
	}

	/** Resolves with the connection once made; rejects when it will not be (refused, closed). */
	get ready(): Promise<NatsConnection> {
		return this.#ready;
	}

	/** Told each change of status (not the current one); returns the way to stop being told. */
	onStatus(listener: (status: ConnectionStatus) => void): () => void {
		this.#listeners.add(listener);
		return () => this.#listeners.delete(listener);
	}

	/** Opens the connection, once (openConnection). */
	open(credential: Credential, options: OpenOptions) {
		const dial = options.dial ?? websocket;
		const retry = options.retry ?? RETRY;
		const page = options.page ?? location;
		this.#ready = (async () => {
			for (let wait = retry.firstMs; ; wait = Math.min(wait * 2, retry.mostMs)) {
				if (this.#closed) throw new Error('closed before connecting');
				try {
					const nc = await dial(optionsOf(credential, page, options.deflate));
					if (this.#closed) {
						await nc.close().catch(() => {});
						throw new Error('closed before connecting');
					}
					this.attach(nc);
					return nc;
				} catch (error) {
					if (this.#closed) throw error;
					if (refusedCredential(error)) {
						this.#set('refused');
						throw error;
					}
					this.#set('offline');
					if (!options.keepTrying) throw error;
					await sleep(wait);
				}
			}
		})();
		// a caller that only follows the status need not wait for it
		this.#ready.catch(() => {});
	}

	/** Watches an open connection: its events, the browser's and the probe. */
	attach(nc: NatsConnection) {
		this.#nc = nc;
		watched.set(nc, this);
		this.#ready ??= Promise.resolve(nc);
		this.#link = !nc.isClosed();
		this.#set(this.#link ? 'online' : 'offline');
		void this.#follow(nc);
		void nc.closed().then((error) => {
			if (refusedCredential(error)) this.#set('revoked');
			else this.#update(() => (this.#link = false));
			this.#unlisten();
		});
		const events = this.#events;
		if (!events) return;
		const offline = () =>
			this.#update(() => {
				this.#browser = false;
				// what the socket says is not trusted again until the server answers
				this.#silent = true;
			});
		const online = () => this.#update(() => (this.#browser = true));
		events.addEventListener('offline', offline);
		events.addEventListener('online', online);
		this.#unlisten = () => {
			events.removeEventListener('offline', offline);
			events.removeEventListener('online', online);
		};
	}

	/** A send went unanswered: the server is not heard until it answers a question. */
	unanswered() {
		this.#update(() => (this.#silent = true));
	}

	/** Stops trying and closes the connection; nobody is told anything more. */
	async close() {
		this.#closed = true;
		this.#listeners.clear();
		this.#unlisten();
		await this.#nc?.close().catch(() => {});
	}

	/** Whether trying again is over: refused or revoked. */
	get #final(): boolean {
		return this.#status === 'refused' || this.#status === 'revoked';
	}

	async #follow(nc: NatsConnection) {
		for await (const status of nc.status()) {
			if (this.#final) return;
			if (status.type === 'disconnect' || status.type === 'reconnecting') {
				this.#update(() => (this.#link = false));
			} else if (status.type === 'reconnect') {
				// a new socket: heard
				this.#update(() => {
					this.#link = true;
					this.#silent = false;
				});
			} else if (status.type === 'error' && refusedCredential(status.error)) {
				// the credential this connection was opened with is refused now (a revoked table,
				// a removed member): trying again never helps, and nats.js would try once more
				this.#set('revoked');
				this.#unlisten();
				await nc.close().catch(() => {});
				return;
			} else if (status.type === 'close') return this.#update(() => (this.#link = false));
		}
	}

	#set(status: ConnectionStatus) {
		if (this.#status === status || this.#final) return;
		this.#status = status;
		if (this.#closed) return;
		for (const listener of [...this.#listeners]) listener(status);
	}

	/** One of the three words changed: the status follows, and a silence is probed. */
	#update(change: () => void) {
		change();
		if (this.#nc === null || this.#final) return;
		if (this.#silent) void this.#probe(this.#nc);
		this.#set(this.#link && this.#browser && !this.#silent ? 'online' : 'offline');
	}

	/** Asks the server every few seconds while it is unheard; its answer ends the silence. */
	async #probe(nc: NatsConnection) {
		if (this.#probing) return;
		this.#probing = true;
		while (this.#silent && !this.#closed && !this.#final && !nc.isClosed()) {
			await sleep(this.#timing.every);
			if (!this.#browser || !this.#link || this.#closed) continue;
			const heard = await Promise.race([
				nc.rtt().then(
					() => true,
					() => false
				),
				sleep(this.#timing.wait).then(() => false)
			]);
			if (heard && this.#browser) this.#update(() => (this.#silent = false));
		}
		this.#probing = false;
	}
}
