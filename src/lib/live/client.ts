/**
 * One match's channel on the live server (docs/live.md, "The client"): appends asked of the
 * server's keeper, which checks each before it stores it, an ordered reader that resumes after the last applied entry, the pen's
 * "still here" and "may I?", and the connection's status. Given a connection, so the browser
 * (WebSocket, browser.ts) and node (tests, bench) share it. Loaded only where a match is live.
 */
import type { Msg, NatsConnection, Subscription } from '@nats-io/nats-core';
import {
	DeliverPolicy,
	jetstream,
	type ConsumerMessages,
	type JetStreamClient
} from '@nats-io/jetstream';
import { readAnswer, type AppendRefusal } from '$lib/wire/append';
import { PUBLIC_KEY } from '$lib/wire/signing';
import { appendSubject, askSubject, hereSubject, matchSubject, streamOf } from '$lib/wire/names.js';
import { consumeOrdered } from './ordered';
import { refusedCredential } from './refusal';

/** How long a phone waits for the keeper's answer before it counts itself offline. */
const ANSWER_MS = 5_000;

export type Append =
	| { readonly ok: true; readonly seq: number; readonly duplicate: boolean }
	/** the table's log does not end where the entry says: another entry got there first */
	| { readonly ok: false; readonly why: 'moved'; readonly length?: number }
	/** the game's rules refused it (`code`, `params`: the reducer's), or a start past the first entry */
	| {
			readonly ok: false;
			readonly why: 'refused';
			readonly code?: string;
			readonly params?: Readonly<Record<string, string | number>>;
	  }
	/**
	 * not an entry (`not-passpad`), not this phone's to write (`not-yours`: a follower's
	 * credential, or an entry only the pen writes), the table's store full (`full`), or its quota
	 * for the minute spent (`slow-down`: send it again in a while)
	 */
	| { readonly ok: false; readonly why: Exclude<AppendRefusal, 'moved' | 'refused'> }
	/** no answer: the entry may or may not be stored; a retry with the same id is safe */
	| { readonly ok: false; readonly why: 'offline' };

/**
 * closed: the server refuses this phone's credential, which it took before (a revoked table, or
 * a server that lost it: the match screen asks which, refusal.ts)
 */
export type Online = 'online' | 'offline' | 'closed';

/**
 * A message JetStream delivered (a consumer's, its reply names the ack): a phone's ask and
 * "still here" are plain publishes, while a leaked link of another table may point its consumer
 * at this table's subjects, and JetStream delivers there on the account's behalf (docs/live.md,
 * "Who writes: the keeper").
 */
const delivered = (message: Msg) => !!message.reply;

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
	 * Asks the server's keeper to append an entry's bytes (docs/live.md, "Who writes: the keeper"): it checks
	 * the entry against the table's log (its position, the pen, the game's rules, the table's
	 * quota) and stores it, or says why not. The entry's id makes a retry a no-op: one already
	 * stored is answered as stored. The caller waits for each answer before the next append.
	 */
	async append(bytes: Uint8Array): Promise<Append> {
		let reply;
		try {
			reply = await this.#nc.request(appendSubject(this.#table, this.#match), bytes, {
				timeout: ANSWER_MS
			});
		} catch (error) {
			// the server refuses a follower's credential the subject: not this phone's to write
			const said = error instanceof Error ? `${error.name} ${error.message}` : String(error);
			if (/permission/i.test(said)) return { ok: false, why: 'not-yours' };
			return { ok: false, why: 'offline' };
		}
		const answer = readAnswer(reply.data);
		if (!answer) return { ok: false, why: 'offline' };
		if (answer.ok) return { ok: true, seq: answer.seq, duplicate: answer.duplicate };
		if (answer.why === 'moved') return { ok: false, why: 'moved', length: answer.length };
		if (answer.why === 'refused') {
			return { ok: false, why: 'refused', code: answer.code, params: answer.params };
		}
		return { ok: false, why: answer.why };
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
					if (!error && !delivered(message)) callback(message.string());
				}
			})
		);
	}

	/**
	 * "May I have the pen?": heard by the phones connected now, kept nowhere. `key`: the asking
	 * phone's public key, which the pen entry that gives it the pen names (docs/live.md, "Who writes: the keeper").
	 */
	ask(by: string, name: string, key?: string) {
		this.#nc.publish(askSubject(this.#table, this.#match), JSON.stringify({ by, name, key }));
	}

	onAsk(callback: (by: string, name: string, key?: string) => void) {
		this.#subs.push(
			this.#nc.subscribe(askSubject(this.#table, this.#match), {
				callback: (error, message) => {
					if (error || delivered(message)) return;
					try {
						const { by, name, key } = message.json<{ by: unknown; name: unknown; key: unknown }>();
						if (typeof by === 'string' && typeof name === 'string' && name.length <= 60) {
							callback(by, name, typeof key === 'string' && PUBLIC_KEY.test(key) ? key : undefined);
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
