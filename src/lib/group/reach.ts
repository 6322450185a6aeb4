/**
 * Whether the group's server can be reached now (docs/group.md, "What is written where on the
 * phone"): the connection's own status (a socket cut), the browser's word (its `offline` event:
 * the wifi went) and a send left unanswered (a socket gone silent without closing, which
 * nats-server's pings notice only after minutes). From the browser's `offline` or an unanswered
 * send on, the server is asked every few seconds until it answers, so the phone says within a
 * few seconds that its changes wait, and sends them once it is heard again.
 */
import type { NatsConnection } from '@nats-io/nats-core';

/** Between two questions to a server gone silent. */
export const PROBE_EVERY_MS = 2_000;
/** How long a question waits for its answer. */
export const PROBE_WAIT_MS = 3_000;

type Events = Pick<Window, 'addEventListener' | 'removeEventListener'>;

export class Reach {
	/** the connection's status: open, or cut and reconnecting */
	#link = true;
	/** the browser's word: false from its `offline` event to its `online` */
	#browser = true;
	/** unheard since a send went unanswered or the browser said offline */
	#silent = false;
	#probing = false;
	#stopped = false;
	#unwatch: (() => void) | null = null;

	constructor(
		private readonly nc: NatsConnection,
		private readonly changed: (online: boolean) => void,
		private readonly events: Events | null = typeof window === 'undefined' ? null : window,
		private readonly timing = { every: PROBE_EVERY_MS, wait: PROBE_WAIT_MS }
	) {}

	get online(): boolean {
		return this.#link && this.#browser && !this.#silent;
	}

	/** Follows the connection and the browser until `stop`. */
	watch(): this {
		void this.nc.closed().then(() => this.#set(() => (this.#link = false)));
		void this.#follow();
		const offline = () =>
			this.#set(() => {
				this.#browser = false;
				// what the socket says is not trusted again until the server answers
				this.#silent = true;
			});
		const online = () => this.#set(() => (this.#browser = true));
		this.events?.addEventListener('offline', offline);
		this.events?.addEventListener('online', online);
		this.#unwatch = () => {
			this.events?.removeEventListener('offline', offline);
			this.events?.removeEventListener('online', online);
		};
		return this;
	}

	/** A send went unanswered: the server is not heard until it answers a question. */
	unanswered() {
		this.#set(() => (this.#silent = true));
	}

	stop() {
		this.#stopped = true;
		this.#unwatch?.();
	}

	async #follow() {
		for await (const status of this.nc.status()) {
			if (this.#stopped) return;
			if (status.type === 'disconnect' || status.type === 'reconnecting') {
				this.#set(() => (this.#link = false));
			} else if (status.type === 'reconnect') {
				// a new socket: heard
				this.#set(() => {
					this.#link = true;
					this.#silent = false;
				});
			} else if (status.type === 'close') return this.#set(() => (this.#link = false));
		}
	}

	#set(change: () => void) {
		const was = this.online;
		change();
		if (this.#silent) void this.#probe();
		if (this.online !== was && !this.#stopped) this.changed(this.online);
	}

	/** Asks the server every few seconds while it is unheard; its answer ends the silence. */
	async #probe() {
		if (this.#probing) return;
		this.#probing = true;
		while (this.#silent && !this.#stopped && !this.nc.isClosed()) {
			await new Promise((done) => setTimeout(done, this.timing.every));
			if (!this.#browser || !this.#link || this.#stopped) continue;
			const heard = await Promise.race([
				this.nc.rtt().then(
					() => true,
					() => false
				),
				new Promise<boolean>((done) => setTimeout(() => done(false), this.timing.wait))
			]);
			if (heard && this.#browser) this.#set(() => (this.#silent = false));
		}
		this.#probing = false;
	}
}
