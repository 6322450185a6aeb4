// The keeper: the one writer of every live table's stream (docs/wire.md, "Who writes: the
// server appends, after checking"). A phone sends each entry as a request to its table's
// `append` subject; the keeper checks it against its copy of the match (judge.ts) and the
// table's quota (quota.ts), appends it with compare-and-set on the match's subject, and answers
// with the stream sequence or a refusal word. A refused entry is never stored, so nothing a
// leaked link sends can stop a table or fill its store with junk.
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import {
	DeliverPolicy,
	DiscardPolicy,
	JetStreamApiError,
	jetstream,
	jetstreamManager
} from '@nats-io/jetstream';
import {
	ALL_APPENDS,
	MATCH_ID,
	TABLE_ID,
	inboxOf,
	matchSubject,
	streamOf
} from '../src/lib/wire/names.js';
import type { AppendAnswer } from '../src/lib/wire/append';
import { EMPTY, fold, judgeEntry, signedEntry, type Copy } from './judge';
import { Quota } from './quota';

/** JetStream's "wrong last sequence": a message reached the subject that the copy lacks. */
const WRONG_LAST_SEQUENCE = 10071;
/** Matches whose copy the keeper holds at once; the least recently used is read again if needed. */
const COPIES = 2_000;

export interface KeeperOptions {
	/** the users of a table's credentials now (none once revoked): replies go to their inboxes only */
	usersOf(table: string): string[];
	quota?: Quota;
	now?: () => number;
	log?: (line: string) => void;
}

/**
 * Whether `reply` is an inbox of one of the table's own credentials. Each credential has its own
 * inbox prefix (names.js `inboxOf`): a reply naming anything else (another table's `ask`, another
 * phone's inbox) would make the server, which may publish anywhere, write there for the sender.
 */
export function repliesToTable(reply: string | undefined, users: readonly string[]): boolean {
	return !!reply && users.some((user) => reply.startsWith(`${inboxOf(user)}.`));
}

/** `passpad.<table>.append.<match>` as its table and match, or null. */
export function appendTarget(subject: string): { table: string; match: string } | null {
	const [, table, , match, ...rest] = subject.split('.');
	if (rest.length || !TABLE_ID.test(table ?? '') || !MATCH_ID.test(match ?? '')) return null;
	return { table, match };
}

export function startKeeper(nc: NatsConnection, options: KeeperOptions) {
	const js = jetstream(nc, { timeout: 5_000 });
	const quota = options.quota ?? new Quota();
	const now = options.now ?? Date.now;
	const log = options.log ?? (() => {});
	const copies = new Map<string, Copy>();
	const queues = new Map<string, Promise<void>>();
	const refusing = new Set<string>();

	/**
	 * A table opened before the keeper drops its oldest entry when its stream is full: from its
	 * first append on, it refuses the next instead (`full`), so a full table keeps its match.
	 */
	async function refuseWhenFull(table: string) {
		if (refusing.has(table)) return;
		const jsm = await jetstreamManager(nc, { checkAPI: false });
		const info = await jsm.streams.info(streamOf(table));
		if (info.config.discard !== DiscardPolicy.New) {
			await jsm.streams.update(streamOf(table), { ...info.config, discard: DiscardPolicy.New });
		}
		refusing.add(table);
	}

	/** Every message of the match's subject, read in order: the copy as the stream has it. */
	async function load(table: string, match: string): Promise<Copy> {
		await refuseWhenFull(table);
		const subject = matchSubject(table, match);
		const consumer = await js.consumers.get(streamOf(table), {
			filter_subjects: subject,
			deliver_policy: DeliverPolicy.All
		});
		const info = await consumer.info(true);
		if (info.num_pending === 0) return EMPTY;
		const messages: { seq: number; data: Uint8Array }[] = [];
		const reading = await consumer.consume({ max_messages: 256, expires: 2_000 });
		for await (const message of reading) {
			messages.push({ seq: message.seq, data: message.data });
			if (message.info.pending === 0) break;
		}
		reading.stop();
		return fold(messages, match);
	}

	async function copyOf(key: string, table: string, match: string): Promise<Copy> {
		const held = copies.get(key);
		if (held) {
			// most recently used last: the first is the one dropped
			copies.delete(key);
			copies.set(key, held);
			return held;
		}
		const copy = await load(table, match);
		keep(key, copy);
		return copy;
	}

	function keep(key: string, copy: Copy) {
		copies.delete(key);
		copies.set(key, copy);
		if (copies.size > COPIES) copies.delete(copies.keys().next().value as string);
	}

	/** The entry checked and stored, or why not; null: no answer (the phone sends it again). */
	async function append(
		table: string,
		match: string,
		bytes: Uint8Array,
		again = true
	): Promise<AppendAnswer | null> {
		const key = `${table}.${match}`;
		const signed = await signedEntry(bytes, match);
		if (!signed.ok) return signed.answer;
		const copy = await copyOf(key, table, match);
		const judged = judgeEntry(copy, signed.entry);
		if (judged.kind === 'answer') return judged.answer;
		try {
			const ack = await js.publish(matchSubject(table, match), bytes, {
				msgID: judged.entry.id,
				expect: { lastSubjectSequence: copy.lastSeq }
			});
			if (ack.duplicate) {
				// stored before, and the copy missed it: read again at the next append
				copies.delete(key);
				return { ok: true, seq: ack.seq, duplicate: true };
			}
			keep(key, judged.next(ack.seq));
			return { ok: true, seq: ack.seq, duplicate: false };
		} catch (error) {
			copies.delete(key);
			if (error instanceof JetStreamApiError) {
				// someone else wrote on the subject (an admin): the copy is read again, and judged once more
				if (error.code === WRONG_LAST_SEQUENCE && again) return append(table, match, bytes, false);
				if (/maximum (bytes|messages)/i.test(error.message)) return { ok: false, why: 'full' };
			}
			log(`keeper: ${table} ${match}: ${String((error as Error)?.message ?? error)}`);
			// stored or not, unknown: the phone sends it again with the same id, which is then known
			return null;
		}
	}

	/** One append at a time per match: each is judged against the copy the one before left. */
	function serial(key: string, step: () => Promise<void>) {
		const next = (queues.get(key) ?? Promise.resolve()).then(step).catch(() => {});
		queues.set(key, next);
		void next.then(() => {
			if (queues.get(key) === next) queues.delete(key);
		});
	}

	function heard(msg: Msg) {
		const target = appendTarget(msg.subject);
		if (!target || !repliesToTable(msg.reply, options.usersOf(target.table))) return;
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
		serial(`${target.table}.${target.match}`, async () => {
			const answer = await append(target.table, target.match, msg.data).catch((error) => {
				log(`keeper: ${String((error as Error)?.message ?? error)}`);
				return null;
			});
			if (answer) respond(answer);
		});
	}

	const subscription = nc.subscribe(ALL_APPENDS, {
		callback: (error, msg) => {
			if (!error) heard(msg);
		}
	});

	return {
		/** Stops listening; the appends under way finish. */
		async stop() {
			subscription.unsubscribe();
			await Promise.all(queues.values());
		}
	};
}
