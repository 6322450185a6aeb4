/**
 * One match's channel on the live server (docs/live.md, "The client"): appends asked of the
 * server's keeper, which checks each before it stores it; the match's entries read from the
 * keeper's `read` service and heard on the table's feed, in order, resuming after the last
 * applied entry; the pen's "still here" and "may I?"; and the connection's status. A phone's
 * account has no JetStream (docs/wire.md, "Where it is stored"). Given a connection, so the
 * browser (WebSocket, browser.ts) and node (tests, bench) share it. Loaded only where a match
 * is live.
 */
import { headers, type Msg, type NatsConnection, type Subscription } from '@nats-io/nats-core';
import { askAppend, type Append } from './ask';
import { READ_AGAIN_MS, readPage, readSlowDown, type Page } from '$lib/wire/read';
import { PUBLIC_KEY, type Signer } from '$lib/wire/signing';
import { hereHeaders } from '$lib/wire/here';
import { ASK_AGAIN_MS } from '$lib/wire/limits';
import {
	appendSubject,
	askSubject,
	feedSubject,
	hereSubject,
	readSubject
} from '$lib/wire/names.js';
import { watchConnection, type ConnectionStatus } from './connection';
import { delivered, fed, same } from './feed';

/** How long a phone waits for the keeper's answer before it counts itself offline. */
const ANSWER_MS = 5_000;

export type { Append } from './ask';

/**
 * The connection's status as a table sees it (connection.ts, one definition): revoked, the
 * server refuses this phone's credential, which it took before (a revoked table, or a server
 * that lost it: the match screen asks which, refusal.ts).
 */
export type Online = Extract<ConnectionStatus, 'online' | 'offline' | 'revoked'>;

/** A connection's status as a table sees it: a channel's connection is open when it is made. */
const asTable = (status: ConnectionStatus): Online =>
	status === 'refused' ? 'revoked' : status === 'connecting' ? 'offline' : status;

/** A read found the server's log shorter than what the phone took from it before. */
const SHORTER = -1;

export class LiveChannel {
	readonly #nc: NatsConnection;
	readonly #table: string;
	readonly #match: string;
	readonly #subs: Subscription[] = [];
	/** wakes the reader: a feed message, the connection back, or the channel closed */
	#wake: (() => void) | null = null;
	/** the connection came back: what was fed meanwhile is read from the keeper */
	#behind = true;
	#closed = false;
	#online: Online;
	#onStatus = new Set<(status: Online) => void>();
	/** stops following the connection's status (connection.ts) */
	readonly #unwatch: () => void;
	/** whether closing the channel closes the connection too (a phone's one per match) */
	readonly #owns: boolean;
	/** the next read starts from the match's first entry (readAgain) */
	#fromStart = false;
	/** told when the server holds fewer of the match's entries than this phone read */
	#onShorter: () => void = () => {};
	/** the appends waiting for their answer, each told when its own entry comes back (append) */
	readonly #sending = new Set<{ bytes: Uint8Array; stored: (seq: number) => void }>();
	/** how long an append waits for the keeper's answer (a test's own) */
	readonly #answerMs: number;

	constructor(
		nc: NatsConnection,
		table: string,
		match: string,
		{ owns = false, answerMs = ANSWER_MS } = {}
	) {
		this.#nc = nc;
		this.#owns = owns;
		this.#answerMs = answerMs;
		this.#table = table;
		this.#match = match;
		// one watcher per connection, whichever screen opened it (connection.ts): a board's
		// tables share theirs
		const connection = watchConnection(nc);
		this.#online = asTable(connection.status);
		this.#unwatch = connection.onStatus((status) => this.#said(asTable(status)));
	}

	get online(): Online {
		return this.#online;
	}

	/** The connection's status as the table sees it: offline the moment it drops. */
	onStatus(callback: (status: Online) => void): () => void {
		this.#onStatus.add(callback);
		return () => this.#onStatus.delete(callback);
	}

	#said(status: Online) {
		if (this.#closed || this.#online === status) return;
		if (status === 'online') {
			// back: what was fed meanwhile is read from the keeper
			this.#behind = true;
			this.#wake?.();
		}
		this.#online = status;
		for (const callback of this.#onStatus) callback(status);
	}

	/**
	 * Asks the server's keeper to append an entry's bytes (docs/live.md, "Who writes: the keeper"): it checks
	 * the entry against the table's log (its position, the pen, the game's rules, the table's
	 * quota) and stores it, or says why not. The entry's id makes a retry a no-op: one already
	 * stored is answered as stored. The caller waits for each answer before the next append.
	 * The entry itself, the same bytes, taken from the feed or a read page before the answer
	 * came, is the keeper's "stored" too: only the keeper stores and feeds a table's entries, and
	 * a config reload on nats-server 2.9 may lose its answer (docs/live.md, "A new table: config
	 * reload"). A refusal comes from the answer only.
	 */
	async append(bytes: Uint8Array): Promise<Append> {
		let sending;
		const cameBack = new Promise<Append>((resolve) => {
			sending = { bytes, stored: (seq: number) => resolve({ ok: true, seq, duplicate: false }) };
			this.#sending.add(sending);
		});
		try {
			return await Promise.race([this.#ask(bytes), cameBack]);
		} finally {
			this.#sending.delete(sending!);
		}
	}

	/** An entry stored at `seq`, from the feed or a read page: an append waiting for it is answered. */
	#stored(seq: number, bytes: Uint8Array) {
		for (const sending of this.#sending) if (same(sending.bytes, bytes)) sending.stored(seq);
	}

	/** The keeper's answer to an append, or offline when none came in time (ask.ts). */
	#ask(bytes: Uint8Array): Promise<Append> {
		return askAppend(this.#nc, appendSubject(this.#table, this.#match), bytes, this.#answerMs);
	}

	/**
	 * Told when the server came back without entries this phone had read from it (a power cut
	 * on nats-server 2.9: docs/live.md, "Durability"): the match is then read again from its
	 * first entry, and the table decides what the phones holding the lost entries do.
	 */
	onShorter(callback: () => void) {
		this.#onShorter = callback;
	}

	/**
	 * Reads the match again from its first entry: an answer or an entry said the server's log
	 * is not the one this phone read (the keeper keeps one chain, so it lost entries).
	 */
	readAgain() {
		this.#fromStart = this.#behind = true;
		this.#wake?.();
	}

	/**
	 * Reads the match's entries from stream sequence `from` on, in order, for as long as the
	 * channel is open: `onEntry` is awaited before the next, and told how many entries the
	 * server has after it (0: caught up). It listens to the table's feed first, then reads what
	 * is stored from the keeper page by page, then goes on with what the feed brought: an entry
	 * read and fed is taken once (by its sequence). A feed entry whose subject's entry before it
	 * is not the last one taken (the connection dropped, or a stream the keeper feeds had an
	 * entry written behind its back) sends it to the keeper again: nothing is skipped.
	 */
	async follow(
		from: number,
		onEntry: (seq: number, bytes: Uint8Array, pending: number) => void | Promise<void>
	) {
		let next = Math.max(1, from);
		/** the subject's last stored sequence this phone has taken everything up to */
		let known = 0;
		const heard: Msg[] = [];
		const wake = () => {
			const waiting = this.#wake;
			this.#wake = null;
			waiting?.();
		};
		this.#subs.push(
			this.#nc.subscribe(feedSubject(this.#table, this.#match), {
				callback: (error, message) => {
					// a consumer's delivery (its reply names the ack) is never the feed
					if (error || delivered(message)) return;
					// heard, not yet taken: the append it answers goes on at once, as the reader
					// may be waiting for that append's sender (live/table.svelte.ts)
					const at = fed(message);
					if (at) this.#stored(at.seq, message.data);
					heard.push(message);
					wake();
				}
			})
		);
		this.#behind = true;
		for (let wait: number = ASK_AGAIN_MS.first; !this.#closed;) {
			if (this.#behind) {
				this.#behind = false;
				if (this.#fromStart) [this.#fromStart, next, known, heard.length] = [false, 1, 0, 0];
				const read = await this.#read(next, async (seq, bytes, pending) => {
					await onEntry(seq, bytes, pending);
					next = seq + 1;
				});
				if (read === null) {
					// the server is away, or the keeper: the connection comes back by itself
					this.#behind = true;
					await new Promise((done) => setTimeout(done, wait));
					wait = Math.min(wait * 2, ASK_AGAIN_MS.most);
					continue;
				}
				wait = ASK_AGAIN_MS.first;
				if (read === SHORTER) {
					// the server lost entries this phone took: everything is read again
					this.#onShorter();
					this.#fromStart = this.#behind = true;
					continue;
				}
				known = Math.max(known, read);
			}
			while (heard.length && !this.#behind && !this.#closed) {
				const message = heard.shift()!;
				const at = fed(message);
				if (!at || at.seq < next) continue;
				if (at.before > known) {
					this.#behind = true;
					break;
				}
				await onEntry(at.seq, message.data, heard.length);
				next = at.seq + 1;
				known = at.seq;
			}
			if (!this.#behind && !heard.length && !this.#closed) {
				await new Promise<void>((done) => (this.#wake = done));
			}
		}
	}

	/**
	 * Every stored entry from `from` on, page by page from the keeper's `read` service, each
	 * handed to `take` in order: the subject's last sequence read, null when no answer came, or
	 * SHORTER when the server's last entry is before `from - 1`.
	 */
	async #read(
		from: number,
		take: (seq: number, bytes: Uint8Array, pending: number) => Promise<void>
	): Promise<number | null> {
		const encoder = new TextEncoder();
		for (let next = from; !this.#closed;) {
			let page: Page | null;
			try {
				const answer = await this.#nc.request(
					readSubject(this.#table, this.#match),
					JSON.stringify({ from: next }),
					{ timeout: this.#answerMs }
				);
				if (readSlowDown(answer.data)) {
					// the table's reads for the minute are spent (a leaked link's loop, or many
					// phones joining): the same page is asked again in a while, never "offline"
					await new Promise((done) => setTimeout(done, READ_AGAIN_MS));
					continue;
				}
				page = readPage(answer.data);
			} catch {
				return null;
			}
			if (!page) return null;
			// the server's last entry is before one this phone took: it came back shorter
			if (next === from && page.last < from - 1) return SHORTER;
			const entries = page.entries
				.filter(([seq]) => seq >= next)
				.map(([seq, text]) => [seq, encoder.encode(text)] as const);
			for (const [seq, bytes] of entries) this.#stored(seq, bytes);
			for (const [index, [seq, bytes]] of entries.entries()) {
				if (this.#closed) return null;
				// told to read again from the start while taking this page
				if (this.#fromStart) return 0;
				const after = entries.length - 1 - index;
				const last = index === entries.length - 1;
				await take(seq, bytes, after + (last && seq < page.last ? 1 : 0));
				next = seq + 1;
			}
			// read to the end: what is stored is all taken; a page short of its end with nothing
			// in it: the keeper could not read the stream, asked again later
			if (next > page.last) return page.last;
			if (!entries.length) return null;
		}
		return null;
	}

	/**
	 * The pen phone's "still here", every few seconds while connected (pen.ts): its body the
	 * phone's id, as every build reads it; signed with the phone's key in its headers
	 * (wire/here.ts), which the keeper needs to count it (docs/live.md, "The pen").
	 */
	async sayHere(by: string, signer?: Signer) {
		const subject = hereSubject(this.#table, this.#match);
		try {
			const said = headers();
			if (signer) {
				const signed = await hereHeaders(this.#table, this.#match, by, Date.now(), signer);
				for (const [name, value] of Object.entries(signed)) said.set(name, value);
			}
			this.#nc.publish(subject, by, signer ? { headers: said } : undefined);
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
		this.#unwatch();
		this.#onStatus.clear();
		this.#wake?.();
		for (const sub of this.#subs) sub.unsubscribe();
		if (this.#owns) await this.#nc.close().catch(() => {});
	}
}
