/**
 * Reading a group's stream (docs/group.md, "On the phone"): an ordered consumer from
 * `last_per_subject` on a phone's first read, else on from `readTo`; the whole record at first
 * many messages a transaction (each batch proven while the last one is written, by workers
 * beside the page where there are: provers.ts), then each message as it comes.
 */
import { DeliverPolicy, jetstreamManager, type ConsumerMessages } from '@nats-io/jetstream';
import { RECORD_TABLES } from '$lib/db/group/here';
import { keepReadTo, readToOf } from '$lib/db/group/synced';
import { groupStreamOf, groupSubjectsOf, memberSubject } from '$lib/wire/names.js';
import { readings } from '$lib/live/ordered';
import type { Message, SyncCore } from './core';
import { defaultProver, type Prover } from './provers';
import { take, takeMany, takeOther, type Proven } from './take';

/** Batches read ahead of the one being written: their messages held, their proofs started. */
const AHEAD = 2;

/** Where a reading stands after a message: its batch written now, or more awaited with it. */
export interface AfterMessage {
	readonly write: boolean;
	/** the record read as it was when the reading began */
	readonly reached: boolean;
}

/**
 * The whole record at first, many messages at a time, up to where it ended when reading began;
 * after it each message at once. Where it ended is known three ways, each enough: the message
 * is the stream's last (`target`; a match's entry or seal, on the wire's subjects, is often
 * last, so not always met), the server counts none pending after it (nats-server 2.9 can count
 * one more than comes), or the reading has given as many messages as its consumer had pending
 * when it began (`expected`). Never by one alone: the batch would wait for a message that does
 * not come.
 */
export function afterMessage(
	at: { readonly seq: number; readonly pending: number; readonly got: number },
	reading: {
		readonly target: number;
		readonly expected: number | null;
		readonly batch: number;
		readonly most: number;
	}
): AfterMessage {
	const reached =
		at.seq >= reading.target ||
		at.pending === 0 ||
		(reading.expected !== null && at.got >= reading.expected);
	return { write: reached || reading.batch >= reading.most, reached };
}

export class GroupReader {
	#reading: ConsumerMessages | null = null;
	/** the last batch read was mostly new here (a phone joining): the next is proven ahead */
	#ahead = false;

	constructor(
		private readonly core: SyncCore,
		/** who proves a joining phone's batches: workers beside the page where there are */
		private readonly prover: Prover & { stop?(): void } = defaultProver()
	) {}

	stop() {
		this.#reading?.stop();
		this.prover.stop?.();
	}

	async read() {
		const core = this.core;
		const board = core.board;
		const stream = groupStreamOf(core.group);
		let target = 0;
		try {
			const jsm = await jetstreamManager(core.nc, { checkAPI: false });
			target = (await jsm.streams.info(stream)).state.last_seq;
		} catch {
			// no answer: caught up once the first pull has nothing more to give
		}
		// read on from what an earlier start took, not the whole record again; a stream that
		// ends before it is not the one read then (made anew on the server): read it whole
		let readTo = await readToOf(core.db, core.group).catch(() => 0);
		if (readTo > target && target > 0) readTo = 0;
		if (target === 0 || readTo >= target) board.reached();
		// a phone with nothing of the group yet: its first batches are all new here
		this.#ahead = (await core.db.synced.where('group').equals(core.group).count()) === 0;
		let next = readTo > 0 ? readTo + 1 : 0;
		// the server's member records before it are not read again: the list read on its own
		if (next > 0) void this.#readMembers();
		// the first read: the newest version of every thing; after a restart, what follows
		const reads = readings(core.js, {
			stream: groupStreamOf(core.group),
			filter: groupSubjectsOf(core.group),
			after: () => Math.max(0, next - 1),
			closed: () => core.closed
		});
		for await (const { pending, messages } of reads) {
			// how many messages this reading has to give as it begins: once they have come, it is
			// caught up with the record as it was, whatever the server counts pending
			const expected = pending;
			let got = 0;
			// nothing new on the record's subjects: caught up, whatever the stream's last message
			// (a match's entry or seal, on subjects this phone is not sent: names.js `groupWireOf`)
			if (pending === 0) board.reached();
			this.#reading = messages;
			// the whole record at first: many messages at a time, each batch one transaction,
			// the next batch read and proven while the last one's transaction is written
			let batch: Message[] = [];
			let writing: Promise<void> = Promise.resolve();
			const waiting: Promise<void>[] = [];
			for await (const message of messages) {
				got++;
				if (message.seq < next) continue;
				batch.push({
					subject: message.subject,
					seq: message.seq,
					msgId: message.headers?.get('Nats-Msg-Id') ?? '',
					data: message.data
				});
				next = message.seq + 1;
				const known = board.catchUp.figure !== null;
				board.catchUp.read(message.info.pending);
				// how many are coming is known from the first one: said before the first batch's end
				if (!known && !board.caughtUp) board.showCatchUp();
				const { write, reached } = afterMessage(
					{ seq: message.seq, pending: message.info.pending, got },
					{ target, expected, batch: batch.length, most: core.batch }
				);
				if (!write) continue;
				const taking = batch;
				batch = [];
				// the stream read on while this batch is proven (workers beside the page) and the
				// one before written; no more than AHEAD batches wait, however slow the writes
				const proving = this.#proveAhead(taking);
				const before = writing;
				writing = Promise.all([proving, before]).then(([proven]) =>
					core
						.serial(() => this.#takeAll(taking, proven))
						.then(() => {
							if (reached) board.reached();
						})
				);
				waiting.push(writing);
				if (waiting.length > AHEAD) await waiting.shift();
			}
			await writing;
			if (batch.length > 0) await core.serial(() => this.#takeAll(batch));
			this.#reading = null;
		}
	}

	/**
	 * Messages read together, in one transaction (a phone joining reads thousands); should
	 * anything fail in it, nothing of it is written and each is taken again on its own, so one
	 * bad write loses no other.
	 */
	async #takeAll(batch: Message[], proven: Proven = new Map()) {
		const core = this.core;
		const one = (message: Message) =>
			take(core, message.subject, message.seq, message.msgId, message.data);
		const last = batch[batch.length - 1].seq;
		let kept = false;
		if (batch.length > 1) {
			try {
				// the batch and how far the stream is taken in one transaction: a reload mid-join
				// reads on after the last batch written, never past one half-written
				await core.db.transaction('rw', [...RECORD_TABLES(core.db), core.db.groups], async () => {
					const fresh = await takeMany(core, batch, proven);
					this.#ahead = fresh * 2 >= batch.length;
					await keepReadTo(core.db, core.group, last);
				});
				kept = true;
			} catch {
				// each taken again on its own below
			}
		}
		if (!kept) {
			for (const message of batch) await one(message);
			// all of it taken (a take that throws stops here): a later start reads on after it
			await keepReadTo(core.db, core.group, last);
		}
		if (!core.board.caughtUp) {
			core.board.catchUp.taken(batch.length);
			core.board.showCatchUp();
		}
		// what a message queued (a contest) or let go again (a stale send) goes now, after it
		void core.send();
	}

	/**
	 * A joining phone's next batch, each match read and proven as a thing new here would be
	 * (prove-batch.ts: the same pure decision takeMany makes), while the last batch's
	 * transaction is written: by workers beside the page where the browser has them, else by
	 * the page in slices. takeMany uses a proof only for a thing still new here.
	 */
	async #proveAhead(batch: readonly Message[]): Promise<Proven> {
		if (!this.#ahead || batch.length < 2) return new Map();
		return this.prover(this.core.group, batch);
	}

	/** The newest record of each member (a start that reads on after `readTo` meets none). */
	async #readMembers() {
		const core = this.core;
		try {
			const consumer = await core.js.consumers.get(groupStreamOf(core.group), {
				// one subject as a string: a list needs nats-server 2.10 (Debian's is 2.9)
				filter_subjects: memberSubject(core.group, '*'),
				deliver_policy: DeliverPolicy.LastPerSubject
			});
			const messages = await consumer.fetch({ max_messages: 1_000, expires: 5_000 });
			for await (const message of messages) {
				takeOther(core, message.subject, message.data);
				if (message.info.pending === 0) break;
			}
		} catch {
			// no answer: the list fills as member records come with the rest
		}
	}
}
