/**
 * One match's channel on the live server (docs/live.md, "The client"): appends that the server
 * refuses when stale, an ordered reader that resumes after the last applied entry, the pen's
 * "still here" and "may I?", and the connection's status. Given a connection, so the browser
 * (WebSocket, browser.ts) and node (tests, bench) share it. Loaded only where a match is live.
 */
import type { NatsConnection, Subscription } from '@nats-io/nats-core';
import {
	DeliverPolicy,
	JetStreamApiError,
	jetstream,
	type ConsumerMessages,
	type JetStreamClient
} from '@nats-io/jetstream';
import { askSubject, hereSubject, matchSubject, streamOf } from '$lib/wire/names.js';
import { consumeOrdered } from './ordered';
import { refusedCredential } from './refusal';

/** JetStream's code for "wrong last sequence": another entry got there first. */
const WRONG_LAST_SEQUENCE = 10071;

export type Append =
	| { readonly ok: true; readonly seq: number; readonly duplicate: boolean }
	/** another entry is the match's last on the server: ours was not stored */
	| { readonly ok: false; readonly why: 'stale' }
	/** the server said no (a follower's credential, a revoked table) */
	| { readonly ok: false; readonly why: 'refused'; readonly detail: string }
	/** no answer: the entry may or may not be stored; a retry with the same id is safe */
	| { readonly ok: false; readonly why: 'offline' };

/**
 * closed: the server refuses this phone's credential, which it took before (a revoked table, or
 * a server that lost it: the match screen asks which, refusal.ts)
 */
export type Online = 'online' | 'offline' | 'closed';

export class LiveChannel {
	readonly #nc: NatsConnection;
	readonly #js: JetStreamClient;
	readonly #table: string;
	readonly #match: string;
	readonly #subs: Subscription[] = [];
	#reading: ConsumerMessages | null = null;
	#closed = false;
	#online: Online = 'online';
	#onStatus = new Set<(status: Online) => void>();
	/** whether closing the channel closes the connection too (a phone's one per match) */
	readonly #owns: boolean;

	constructor(nc: NatsConnection, table: string, match: string, { owns = false } = {}) {
		this.#nc = nc;
		this.#owns = owns;
		this.#js = jetstream(nc, { timeout: 5_000 });
		this.#table = table;
		this.#match = match;
		void this.#watchStatus();
	}

	get online(): Online {
		return this.#online;
	}

	/** The connection's status as the table sees it: offline the moment it drops. */
	onStatus(callback: (status: Online) => void): () => void {
		this.#onStatus.add(callback);
		return () => this.#onStatus.delete(callback);
	}

	#set(status: Online) {
		if (this.#online === status) return;
		this.#online = status;
		for (const callback of this.#onStatus) callback(status);
	}

	async #watchStatus() {
		for await (const status of this.#nc.status()) {
			if (this.#closed) return;
			if (status.type === 'disconnect' || status.type === 'reconnecting') this.#set('offline');
			else if (status.type === 'reconnect') this.#set('online');
			else if (status.type === 'error' && refusedCredential(status.error)) {
				// the credential this connection was opened with is refused now (a revoked table,
				// docs/live.md, "What a phone says"): trying again never helps
				this.#set('closed');
				await this.#nc.close().catch(() => {});
				return;
			} else if (status.type === 'close') return this.#set('offline');
		}
	}

	/**
	 * Appends an entry's bytes, only if the match's last message on the server is at stream
	 * sequence `after` (0: none yet). `id` makes a retry a no-op. The caller waits for each
	 * answer before the next append: the expectation names the previous entry's sequence.
	 */
	async append(bytes: Uint8Array, id: string, after: number): Promise<Append> {
		try {
			const ack = await this.#js.publish(matchSubject(this.#table, this.#match), bytes, {
				msgID: id,
				expect: { lastSubjectSequence: after }
			});
			return { ok: true, seq: ack.seq, duplicate: ack.duplicate };
		} catch (error) {
			if (error instanceof JetStreamApiError) {
				if (error.code === WRONG_LAST_SEQUENCE) return { ok: false, why: 'stale' };
				return { ok: false, why: 'refused', detail: error.message };
			}
			const message = error instanceof Error ? error.message : String(error);
			if (/permission/i.test(message)) return { ok: false, why: 'refused', detail: message };
			return { ok: false, why: 'offline' };
		}
	}

	/**
	 * Reads the match's entries from stream sequence `from` on, in order, for as long as the
	 * channel is open: `onEntry` is awaited before the next, and told how many entries the
	 * server has after it (0: caught up). When the library recreates its
	 * consumer (a server restart), reading starts again after the last entry `onEntry` saw, so
	 * nothing is skipped and nothing comes twice.
	 */
	async follow(
		from: number,
		onEntry: (seq: number, bytes: Uint8Array, pending: number) => void | Promise<void>
	) {
		let next = Math.max(1, from);
		while (!this.#closed) {
			const consumer = await this.#consumer(next);
			if (!consumer) return;
			let messages: ConsumerMessages;
			try {
				// stops when the library recreates its consumer: read afresh below (ordered.ts)
				messages = await consumeOrdered(consumer);
			} catch {
				await new Promise((done) => setTimeout(done, 500));
				continue;
			}
			this.#reading = messages;
			for await (const message of messages) {
				if (message.seq < next) continue; // delivered again after a recreate: seen already
				await onEntry(message.seq, message.data, message.info.pending);
				next = message.seq + 1;
			}
			// stopped: closed, or recreated, or the pull gave up: read again from after the last
			this.#reading = null;
		}
	}

	async #consumer(from: number) {
		for (let wait = 250; !this.#closed; wait = Math.min(wait * 2, 4_000)) {
			try {
				return await this.#js.consumers.get(streamOf(this.#table), {
					filter_subjects: matchSubject(this.#table, this.#match),
					deliver_policy: DeliverPolicy.StartSequence,
					opt_start_seq: from
				});
			} catch {
				// the server is away: the connection comes back by itself, then so does the reader
				await new Promise((done) => setTimeout(done, wait));
			}
		}
		return null;
	}

	/** The pen phone's "still here", every few seconds while connected (pen.ts). */
	sayHere(by: string) {
		try {
			this.#nc.publish(hereSubject(this.#table, this.#match), by);
		} catch {
			// offline: silence is what the others should hear
		}
	}

	onHere(callback: (by: string) => void) {
		this.#subs.push(
			this.#nc.subscribe(hereSubject(this.#table, this.#match), {
				callback: (error, message) => {
					if (!error) callback(message.string());
				}
			})
		);
	}

	/** "May I have the pen?": heard by the phones connected now, kept nowhere. */
	ask(by: string, name: string) {
		this.#nc.publish(askSubject(this.#table, this.#match), JSON.stringify({ by, name }));
	}

	onAsk(callback: (by: string, name: string) => void) {
		this.#subs.push(
			this.#nc.subscribe(askSubject(this.#table, this.#match), {
				callback: (error, message) => {
					if (error) return;
					try {
						const { by, name } = message.json<{ by: unknown; name: unknown }>();
						if (typeof by === 'string' && typeof name === 'string' && name.length <= 60) {
							callback(by, name);
						}
					} catch {
						// not an ask: ignored
					}
				}
			})
		);
	}

	/**
	 * Stops reading and listening. A closed channel tells nobody anything more: a screen's
	 * channel left open would go on reacting to the connection's status after the screen
	 * is gone (docs/live.md, "The client").
	 */
	async close() {
		if (this.#closed) return;
		this.#closed = true;
		this.#onStatus.clear();
		this.#reading?.stop();
		for (const sub of this.#subs) sub.unsubscribe();
		if (this.#owns) await this.#nc.close().catch(() => {});
	}
}
