// The keeper: the one writer of every live table's stream (docs/wire.md, "Who writes: the
// server appends, after checking"). A phone sends each entry as a request to its table's
// `append` subject; the keeper checks it against its copy of the match (judge.ts) and the
// table's quota (quota.ts), appends it with compare-and-set on the match's subject, and answers
// with the stream sequence or a refusal word. A refused entry is never stored, so nothing a
// leaked link sends can stop a table or fill its store with junk. It also answers the phones'
// reads (a page of a match's entries, within the table's reads for the minute) and feeds each
// entry it stores to a stream made before streams republished them: phones have no JetStream
// (docs/wire.md, "Where it is stored"). It hears each table's "still here" (imported from the
// table's account): a `pen` entry from another phone than the holder's is stored only after the
// holder's silence (silence.ts), so a leaked link cannot take the pen from a phone at play.
import { headers, type Msg, type NatsConnection } from '@nats-io/nats-core';
import { DiscardPolicy, jetstream, jetstreamManager, type MsgRequest } from '@nats-io/jetstream';
import {
	ALL_APPENDS,
	ALL_HERES,
	ALL_READS,
	MATCH_ID,
	TABLE_ID,
	feedSubject,
	matchSubject,
	streamOf
} from '../src/lib/wire/names.js';
import type { AppendAnswer } from '../src/lib/wire/append';
import { PAGE_BYTES, SLOW_DOWN, readAsked, type Page } from '../src/lib/wire/read';
import {
	PEN_SILENCE_MS,
	TABLE_HERES_PER_MINUTE,
	TABLE_READS_PER_MINUTE
} from '../src/lib/wire/limits';
import { HERE_SIG, hereProof } from '../src/lib/wire/here';
import { loadCopy, startLedger, type Place } from './ledger';
import { Quota } from './quota';
import { PenSilence, writerOf } from './silence';

export interface KeeperOptions {
	quota?: Quota;
	/** the pages of each table's entries read in a minute (TABLE_READS_PER_MINUTE) */
	reads?: Quota;
	/**
	 * The pen's silence; by default PEN_SILENCE_MS, or `PASSPAD_PEN_SILENCE_MS` read once at
	 * start: the browser tests move the phones' clocks, not the server's (playwright.config.ts).
	 */
	penSilenceMs?: number;
	now?: () => number;
	log?: (line: string) => void;
}

/**
 * Whether a request came through a table account's import (its reply mapped by nats-server to
 * `_R_.…`, docs/wire.md, "Where it is stored"): the answer then reaches the asking phone's own
 * account only, whatever reply subject the phone named. Nothing else is answered: a reply named
 * inside the keeper's account (the streams' own) would make the keeper write there.
 */
export function throughImport(reply: string | undefined): boolean {
	return !!reply && reply.startsWith('_R_.');
}

/** `passpad.<table>.append.<match>` (or `read`) as its table and match, or null. */
export function appendTarget(subject: string): { table: string; match: string } | null {
	const [, table, , match, ...rest] = subject.split('.');
	if (rest.length || !TABLE_ID.test(table ?? '') || !MATCH_ID.test(match ?? '')) return null;
	return { table, match };
}

const text = new TextDecoder();

/** The pen's silence this keeper holds: the tests' shorter one, or the phones' own. */
export function penSilenceOf(env: string | undefined): number {
	const said = Number(env);
	return env !== undefined && env !== '' && Number.isSafeInteger(said) && said >= 0
		? said
		: PEN_SILENCE_MS;
}

export function startKeeper(nc: NatsConnection, options: KeeperOptions) {
	const js = jetstream(nc, { timeout: 5_000 });
	const quota = options.quota ?? new Quota();
	const reads = options.reads ?? new Quota(TABLE_READS_PER_MINUTE, Number.MAX_SAFE_INTEGER);
	const now = options.now ?? Date.now;
	const heres = new Quota(TABLE_HERES_PER_MINUTE, Number.MAX_SAFE_INTEGER);
	const silence = new PenSilence(
		now(),
		options.penSilenceMs ?? penSilenceOf(process.env.PASSPAD_PEN_SILENCE_MS)
	);
	const log = options.log ?? (() => {});
	const ledger = startLedger({ silence, now, log });
	/** each table whose stream the keeper checked: whether the stream republishes its entries */
	const republishes = new Map<string, boolean>();
	const managing = jetstreamManager(nc, { checkAPI: false });

	/**
	 * A table opened before the keeper drops its oldest entry when its stream is full: from its
	 * first append on, it refuses the next instead (`full`), so a full table keeps its match.
	 * A stream made before streams republished (streams.ts) is fed by the keeper instead.
	 */
	async function refuseWhenFull(table: string) {
		if (republishes.has(table)) return;
		const jsm = await managing;
		const info = await jsm.streams.info(streamOf(table));
		if (info.config.discard !== DiscardPolicy.New) {
			await jsm.streams.update(streamOf(table), { ...info.config, discard: DiscardPolicy.New });
		}
		republishes.set(table, !!info.config.republish);
	}

	/**
	 * An entry stored on a stream that does not republish: published on the table's feed as the
	 * stream would (its sequence, and the subject's one before it, by which a phone sees a gap).
	 */
	function feed(table: string, match: string, bytes: Uint8Array, seq: number, before: number) {
		if (republishes.get(table) !== false) return;
		const said = headers();
		said.set('Nats-Stream', streamOf(table));
		said.set('Nats-Subject', matchSubject(table, match));
		said.set('Nats-Sequence', String(seq));
		said.set('Nats-Last-Sequence', String(before));
		nc.publish(feedSubject(table, match), bytes, { headers: said });
	}

	/**
	 * A page of the match's stored entries from stream sequence `from` on (docs/wire.md, "Where
	 * it is stored"), read from the stream itself: what a phone reads is what is stored.
	 */
	async function page(table: string, match: string, from: number): Promise<Page> {
		const jsm = await managing;
		const stream = streamOf(table);
		const subject = matchSubject(table, match);
		const last = await jsm.streams
			.getMessage(stream, { last_by_subj: subject })
			.then((message) => message?.seq ?? 0)
			.catch(() => 0);
		const entries: Page['entries'] = [];
		let size = 0;
		for (let seq = from; seq <= last;) {
			const message = await jsm.streams
				// STREAM.MSG.GET reads next_by_subj on 2.9.10 (measured); the library types it for direct gets only
				.getMessage(stream, { next_by_subj: subject, seq } as unknown as MsgRequest)
				.catch(() => null);
			if (!message || message.seq > last) break;
			const entry = text.decode(message.data);
			if (entries.length && size + entry.length > PAGE_BYTES) break;
			entries.push([message.seq, entry]);
			size += entry.length;
			seq = message.seq + 1;
		}
		return { last, entries };
	}

	/** A table's match as the ledger stores it: its subject, compare-and-set on it, its feed. */
	function placeOf(table: string, match: string): Place {
		return {
			key: `${table}.${match}`,
			match,
			load: async () => {
				await refuseWhenFull(table);
				return loadCopy(js, streamOf(table), matchSubject(table, match), match);
			},
			store: (bytes, entry, copy) =>
				js.publish(matchSubject(table, match), bytes, {
					msgID: entry.id,
					expect: { lastSubjectSequence: copy.lastSeq }
				}),
			stored: (bytes, seq, copy) => feed(table, match, bytes, seq, copy.lastSeq)
		};
	}

	function heard(msg: Msg) {
		const target = appendTarget(msg.subject);
		if (!target || !throughImport(msg.reply)) return;
		const respond = (answer: AppendAnswer) => {
			try {
				msg.respond(JSON.stringify(answer));
			} catch {
				// the phone is gone: it reads the table when it is back
			}
		};
		if (!quota.take(target.table, msg.data.length, now())) {
			return respond({ ok: false, why: 'slow-down' });
		}
		const place = placeOf(target.table, target.match);
		ledger.serial(place.key, async () => {
			const answer = await ledger.append(place, msg.data).catch((error) => {
				log(`keeper: ${String((error as Error)?.message ?? error)}`);
				return null;
			});
			if (answer) respond(answer);
		});
	}

	/** A phone's read: a page of its match's entries, or no answer (it asks again). */
	async function read(msg: Msg) {
		const target = appendTarget(msg.subject);
		const asked = readAsked(msg.data);
		if (!target || !asked) return;
		// a table's phones and a group's board (its group's account) ask through an import alone
		if (!throughImport(msg.reply)) return;
		// a page costs the server a read of the stream per entry: a loop of reads is slowed down
		if (!reads.take(target.table, 0, now())) {
			try {
				msg.respond(JSON.stringify(SLOW_DOWN));
			} catch {
				// the phone is gone
			}
			return;
		}
		try {
			msg.respond(JSON.stringify(await page(target.table, target.match, asked.from)));
		} catch (error) {
			log(`keeper: read ${target.table}: ${String((error as Error)?.message ?? error)}`);
		}
	}

	/** A table's "still here": counted for its holder when its phone's key proves it. */
	async function here(msg: Msg) {
		const target = appendTarget(msg.subject);
		if (!target || msg.data.length > 200 || !msg.headers?.get(HERE_SIG)) return;
		// each costs a signature's check: a flood is checked no more than a phone says them
		if (!heres.take(target.table, 0, now())) return;
		const by = text.decode(msg.data);
		const proof = await hereProof(target.table, target.match, by, (name) => msg.headers?.get(name));
		if (!proof) return; // an older build's, or a forgery: the phones follow it, the keeper does not
		const key = `${target.table}.${target.match}`;
		for (const writer of [writerOf(proof.key, by), writerOf(undefined, by)]) {
			silence.here(key, writer, proof.at, now());
		}
	}

	const subscriptions = [
		nc.subscribe(ALL_HERES, {
			callback: (error, msg) => {
				if (!error) void here(msg).catch(() => {});
			}
		}),
		nc.subscribe(ALL_APPENDS, {
			callback: (error, msg) => {
				if (!error) heard(msg);
			}
		}),
		nc.subscribe(ALL_READS, {
			callback: (error, msg) => {
				if (!error) void read(msg);
			}
		})
	];

	return {
		/** Stops listening; the appends under way finish. */
		async stop() {
			for (const subscription of subscriptions) subscription.unsubscribe();
			await ledger.drained();
		}
	};
}
