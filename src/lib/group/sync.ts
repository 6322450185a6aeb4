/**
 * One group's record kept in step on this phone (docs/group.md): the group's stream read with
 * an ordered consumer, the newest version of every thing first (the whole record), then every
 * new one; each message reconciled (reconcile.ts) and written through src/lib/db (db/group/),
 * one transaction a thing. Changes made here (matches of the group, their players) are found
 * by their revision, queued in the outbox and sent in order, each over the version this phone
 * last had (`expect.lastSubjectSequence`) with its own message id; a send the server refuses
 * as stale becomes a conflict once the group's version is read. Given a connection, so the
 * browser (WebSocket) and node (tests, bench) share it.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import {
	DeliverPolicy,
	JetStreamApiError,
	jetstream,
	jetstreamManager,
	type ConsumerMessages,
	type JetStreamClient
} from '@nats-io/jetstream';
import { Dexie } from 'dexie';
import type { PasspadDb } from '$lib/db/db';
import type { ConflictRow, OutboxRow, RefusedNote, SyncedRow } from '$lib/db/schema';
import { keepRefused, refusedOf, withNote } from '$lib/db/refused';
import { newId as newMatchId } from '$lib/wire/ids';
import { OTHER_GROUP, writeDeleted, writeMatch, writeNewMatches } from '$lib/db/group/matches';
import type { NewMatch } from '$lib/db/group/matches';
import {
	RECORD_TABLES,
	groupRevisions,
	matchWithLog,
	readBatch,
	readThing,
	rosterHere,
	type BatchHere,
	type ThingHere
} from '$lib/db/group/here';
import {
	acknowledged,
	dropPending,
	enqueue,
	markAttempted,
	pendingCount
} from '$lib/db/group/outbox';
import { copyMatch, dropConflict, writeConflict } from '$lib/db/group/conflicts';
import { keepReadTo, moveSeq, readToOf, writeSynced } from '$lib/db/group/synced';
import { writePlayer } from '$lib/db/group/players';
import { groupStreamOf, groupSubjectsOf, memberSubject } from '$lib/wire/names.js';
import { consumeOrdered } from '$lib/live/ordered';
import { penDone, savedLive, savedPen, type Keeping } from '$lib/live/saved';
import {
	deletedVersion,
	digest,
	matchVersion,
	mergedVersion,
	playerVersion,
	proveMatch,
	thingOfSubject,
	writeVersion,
	type Stamp,
	type Thing,
	type Version
} from './record';
import { followerOf, reconcile, type Decision } from './reconcile';
import { MemberRecord } from '$lib/wire/provision';
import { CatchUpCount, throttled, type CatchUp } from './progress';
import * as v from 'valibot';

/** JetStream's "wrong last sequence": the group has a version this phone has not read yet. */
const WRONG_LAST_SEQUENCE = 10071;
/** Messages of the whole record taken in one transaction. */
const BATCH = 500;
/** How long a proof ahead runs before IndexedDB's events get their turn. */
const SLICE_MS = 12;
/** Lets the browser's queued events run (scheduler.yield where there is one). */
const giveWay = (): Promise<void> => {
	const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	return scheduler?.yield ? scheduler.yield() : new Promise((done) => setTimeout(done, 0));
};
/** Decisions made ahead for a batch's matches, by stream sequence. */
type Proven = ReadonlyMap<number, Decision>;

export type Online = 'online' | 'offline';

/** A message of the group's stream, as read. */
interface Message {
	subject: string;
	seq: number;
	msgId: string;
	data: Uint8Array;
}

/** A message of the group refused here: worded on the group's page, kept (db/refused.ts). */
export type { RefusedNote };

export interface SyncStatus {
	readonly online: Online;
	/** the whole record has been read once since the start */
	readonly caughtUp: boolean;
	/** until then, how far (progress.ts): null before the first version comes */
	readonly catchingUp: CatchUp | null;
	/** versions written here and not yet acknowledged */
	readonly pending: number;
	readonly conflicts: number;
	readonly refused: readonly RefusedNote[];
	/** the server refused this phone's credential or a write (a removed member): why, as it said */
	readonly denied: string | null;
	/** the group's members as the server wrote them (removed ones included, marked) */
	readonly members: readonly MemberRecord[];
}

export type Settle = 'mine' | 'theirs' | 'both';
export type Settled = { ok: true; copy?: string } | { ok: false; why: 'no-conflict' | 'not-both' };

export interface GroupSyncOptions {
	/** none yet: the phone scans its own changes and counts them until `connect` (docs/group.md) */
	nc?: NatsConnection;
	db: PasspadDb;
	group: string;
	/** this phone's id, written as `by` in its versions */
	phone: string;
	now?: () => number;
	/** a random message id for each version */
	msgId?: () => string;
	/** where live play's word on each match is kept (live/saved.ts): this browser's by default */
	liveStore?: Keeping;
	/** messages of the whole record taken in one transaction (BATCH; tests use a few) */
	batch?: number;
}

/**
 * A match of the group played live, as this phone knows it (live/saved.ts, docs/group.md):
 * `pen`, live here with the pen (as last read at its table, else the phone that started it):
 * it sends the match; `follower`, the pen elsewhere when this phone last read the table, live
 * here or stopped since: it sends nothing of it until the group's version, over, is its copy;
 * `none`, not live here: an ordinary match.
 */
type LiveRole = 'pen' | 'follower' | 'none';

function roleOf(id: string, keeping?: Keeping): LiveRole {
	const pen = savedPen(id, keeping);
	if (pen === false) return 'follower';
	const live = savedLive(id, keeping);
	if (!live) return 'none';
	return (pen ?? !!live.readers) ? 'pen' : 'follower';
}

const randomId = () => newMatchId().replaceAll('-', '');

export class GroupSync {
	readonly group: string;
	// set by `connect`: a phone opened offline counts its changes before (docs/group.md)
	#nc!: NatsConnection;
	#js!: JetStreamClient;
	#connected = false;
	#started = false;
	readonly #db: PasspadDb;
	readonly #phone: string;
	readonly #now: () => number;
	readonly #msgId: () => string;
	readonly #liveStore: Keeping | undefined;
	readonly #batch: number;
	#closed = false;
	#reading: ConsumerMessages | null = null;
	#queue: Promise<unknown> = Promise.resolve();
	#online: Online = 'online';
	#caughtUp = false;
	#caughtUpWaiters: (() => void)[] = [];
	#catchUp = new CatchUpCount();
	/** each batch taken moves the figure; the card is told a few times a second at most */
	readonly #showCatchUp = throttled(() => this.#emit());
	#pending = 0;
	#conflicts = 0;
	#refused: RefusedNote[] = [];
	/** the notes being written to the group's row, in order */
	#keeping: Promise<void> = Promise.resolve();
	#denied: string | null = null;
	#members = new Map<string, MemberRecord>();
	/** things the server said are stale: not sent again until the group's version is read */
	#stale = new Set<Thing>();
	#sendChain: Promise<void> = Promise.resolve();
	#listeners = new Set<(status: SyncStatus) => void>();
	#stopWatching: (() => void) | null = null;
	/** the last batch read was mostly new here (a phone joining): the next is proven ahead */
	#ahead = false;

	constructor(options: GroupSyncOptions) {
		this.group = options.group;
		this.#db = options.db;
		this.#phone = options.phone;
		this.#now = options.now ?? Date.now;
		this.#msgId = options.msgId ?? randomId;
		this.#liveStore = options.liveStore;
		this.#online = options.nc ? 'online' : 'offline';
		if (options.nc) this.connect(options.nc);
		this.#batch = options.batch ?? BATCH;
	}

	/**
	 * Follows this phone's writes from now on; connected, reads the group and sends what is
	 * pending, else only counts what waits to be sent (a phone opened with no network).
	 */
	start(): this {
		this.#started = true;
		void this.#loadRefused();
		if (this.#connected) this.#begin();
		this.#stopWatching = this.#watchWrites();
		if (!this.#connected) void this.flush();
		return this;
	}

	/** The connection, once there is one: reading and sending start then. */
	connect(nc: NatsConnection): this {
		if (this.#connected) return this;
		this.#nc = nc;
		this.#js = jetstream(nc, { timeout: 5_000 });
		this.#connected = true;
		this.#online = 'online';
		if (this.#started && !this.#closed) {
			this.#emit();
			this.#begin();
		}
		return this;
	}

	#begin() {
		void this.#watchStatus();
		void this.#read();
		void this.#refresh().then(() => this.flush());
	}

	get status(): SyncStatus {
		return {
			online: this.#online,
			caughtUp: this.#caughtUp,
			catchingUp: this.#caughtUp ? null : this.#catchUp.figure,
			pending: this.#pending,
			conflicts: this.#conflicts,
			refused: this.#refused,
			denied: this.#denied,
			members: [...this.#members.values()]
		};
	}

	onStatus(listener: (status: SyncStatus) => void): () => void {
		this.#listeners.add(listener);
		listener(this.status);
		return () => this.#listeners.delete(listener);
	}

	/** Resolves once the whole record has been read (at once when it has). */
	caughtUp(): Promise<void> {
		if (this.#caughtUp) return Promise.resolve();
		return new Promise((done) => this.#caughtUpWaiters.push(done));
	}

	/**
	 * Looks for this phone's changes now and sends what is pending, in order. Resolves when the
	 * outbox is empty, or what is left cannot go yet (offline, stale, refused).
	 */
	async flush(): Promise<void> {
		await this.#serial(() => this.#scan());
		await this.#send();
		await this.#refresh();
	}

	async stop(): Promise<void> {
		this.#closed = true;
		this.#showCatchUp.cancel();
		this.#stopWatching?.();
		this.#reading?.stop();
		await this.#queue.catch(() => {});
		await this.#keeping;
	}

	/**
	 * Settles a conflict (docs/group.md): keep this phone's version (sent over the group's),
	 * keep the group's (written here), or, for a match, keep both (this phone's becomes a new
	 * match of the group, the group's takes its place).
	 */
	async settle(thing: Thing, choice: Settle): Promise<Settled> {
		const settled = await this.#serial(async (): Promise<Settled> => {
			const db = this.#db;
			const conflict = await db.conflicts.get([this.group, thing]);
			if (!conflict) return { ok: false, why: 'no-conflict' };
			const theirs = conflict.theirs as Version;
			const here = await readThing(db, this.group, thing);
			const mine = (await this.#build(thing)) ?? (conflict.mine as Version);
			const seq = Math.max(here.synced?.seq ?? 0, conflict.theirsSeq);
			let copy: string | undefined;
			if (choice === 'both') {
				if (theirs.kind !== 'match' || !here.match) return { ok: false, why: 'not-both' };
				copy = newMatchId();
				await copyMatch(db, here.match.id, copy);
			}
			const chosen = choice === 'mine' ? mine : theirs;
			if (choice === 'mine') {
				await dropConflict(db, this.group, thing);
			} else {
				// the group's version written here (its conflict row goes with it)
				await this.#write(theirs, { seq, msgId: conflict.theirsMsgId, hash: digest(theirs) });
			}
			// the choice is written to the group over its newest version, so every phone settles
			const revision = (await db.matches.get(thing.slice(thing.indexOf('.') + 1)))?.revision;
			await this.#enqueue(
				thing,
				{ ...chosen, ...this.#stamp(chosen.id) },
				digest(chosen),
				choice === 'mine' ? -2 : (revision ?? -1),
				true
			);
			this.#stale.delete(thing);
			return copy ? { ok: true, copy } : { ok: true };
		});
		await this.flush();
		return settled;
	}

	// ---- status

	#emit() {
		const status = this.status;
		for (const listener of this.#listeners) listener(status);
	}

	#setOnline(online: Online) {
		if (this.#online === online) return;
		this.#online = online;
		this.#emit();
		if (online === 'online') void this.flush();
	}

	async #watchStatus() {
		void this.#nc.closed().then(() => this.#setOnline('offline'));
		for await (const status of this.#nc.status()) {
			if (this.#closed) return;
			if (status.type === 'disconnect' || status.type === 'reconnecting') {
				this.#setOnline('offline');
			} else if (status.type === 'reconnect') this.#setOnline('online');
			else if (status.type === 'close') return this.#setOnline('offline');
		}
	}

	async #refresh() {
		this.#pending = await pendingCount(this.#db, this.group);
		this.#conflicts = await this.#db.conflicts.where('group').equals(this.group).count();
		this.#emit();
	}

	/**
	 * A refusal said now and kept on the group's row, so the page says it after a reload: the
	 * refused sequence is passed over and never read again. Written in its own transaction,
	 * after whatever transaction the message was taken in (one per sequence: taken again, said once).
	 */
	#refuse(note: RefusedNote) {
		this.#refused = withNote(this.#refused, note);
		this.#keeping = this.#keeping
			.then(() => Dexie.ignoreTransaction(() => keepRefused(this.#db, this.group, note)))
			.catch(() => {});
	}

	/** The notes kept before this start, with any said since. */
	async #loadRefused() {
		const kept = await refusedOf(this.#db, this.group).catch(() => []);
		this.#refused = kept.reduce(withNote, this.#refused);
		if (kept.length > 0) this.#emit();
	}

	/** One thing at a time: a message read, a scan, a send's answer never interleave. */
	#serial<T>(work: () => Promise<T>): Promise<T> {
		const next = this.#queue.then(work, work);
		this.#queue = next.catch(() => {});
		return next;
	}

	// ---- reading the group

	async #read() {
		const stream = groupStreamOf(this.group);
		let target = 0;
		try {
			const jsm = await jetstreamManager(this.#nc, { checkAPI: false });
			target = (await jsm.streams.info(stream)).state.last_seq;
		} catch {
			// no answer: caught up once the first pull has nothing more to give
		}
		// read on from what an earlier start took, not the whole record again; a stream that
		// ends before it is not the one read then (made anew on the server): read it whole
		let readTo = await readToOf(this.#db, this.group).catch(() => 0);
		if (readTo > target && target > 0) readTo = 0;
		if (target === 0 || readTo >= target) this.#reached();
		// a phone with nothing of the group yet: its first batches are all new here
		this.#ahead = (await this.#db.synced.where('group').equals(this.group).count()) === 0;
		let next = readTo > 0 ? readTo + 1 : 0;
		// the server's member records before it are not read again: the list read on its own
		if (next > 0) void this.#readMembers();
		while (!this.#closed) {
			const consumer = await this.#consumer(next);
			if (!consumer) return;
			let messages: ConsumerMessages;
			try {
				// stops when the library recreates its consumer: read afresh after `next` (ordered.ts);
				// the library's pulls of 100 (pulls of 500 measured slower in Chromium)
				messages = await consumeOrdered(consumer);
			} catch {
				await new Promise((done) => setTimeout(done, 500));
				continue;
			}
			this.#reading = messages;
			// the whole record at first: many messages at a time, each batch one transaction,
			// the next batch read and proven while the last one's transaction is written
			let batch: Message[] = [];
			let writing: Promise<void> = Promise.resolve();
			for await (const message of messages) {
				if (message.seq < next) continue;
				batch.push({
					subject: message.subject,
					seq: message.seq,
					msgId: message.headers?.get('Nats-Msg-Id') ?? '',
					data: message.data
				});
				next = message.seq + 1;
				const known = this.#catchUp.figure !== null;
				this.#catchUp.read(message.info.pending);
				// how many are coming is known from the first one: said before the first batch's end
				if (!known && !this.#caughtUp) this.#showCatchUp();
				// the whole record at first, many at a time, up to the stream's last message when
				// reading began; after it each message at once. Never by the server's count alone:
				// nats-server 2.9 can count one more pending than comes, and the batch would wait
				if (message.seq < target && message.info.pending > 0 && batch.length < this.#batch) {
					continue;
				}
				const taking = batch;
				batch = [];
				const reached = message.seq >= target || message.info.pending === 0;
				const proven = await this.#proveAhead(taking);
				await writing;
				writing = this.#serial(() => this.#takeAll(taking, proven)).then(() => {
					if (reached) this.#reached();
				});
			}
			await writing;
			if (batch.length > 0) await this.#serial(() => this.#takeAll(batch));
			this.#reading = null;
		}
	}

	#reached() {
		if (this.#caughtUp) return;
		this.#caughtUp = true;
		this.#showCatchUp.cancel();
		for (const done of this.#caughtUpWaiters.splice(0)) done();
		this.#emit();
	}

	async #consumer(next: number) {
		for (let wait = 250; !this.#closed; wait = Math.min(wait * 2, 4_000)) {
			try {
				return await this.#js.consumers.get(groupStreamOf(this.group), {
					filter_subjects: groupSubjectsOf(this.group),
					// the first read: the newest version of every thing; after a restart, what follows
					...(next === 0
						? { deliver_policy: DeliverPolicy.LastPerSubject }
						: { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: next })
				});
			} catch {
				await new Promise((done) => setTimeout(done, wait));
			}
		}
		return null;
	}

	/**
	 * Messages read together, in one transaction (a phone joining reads thousands); should
	 * anything fail in it, nothing of it is written and each is taken again on its own, so one
	 * bad write loses no other.
	 */
	async #takeAll(batch: Message[], proven: Proven = new Map()) {
		const take = (message: Message) =>
			this.#take(message.subject, message.seq, message.msgId, message.data);
		if (batch.length === 1) await take(batch[0]);
		else {
			try {
				await this.#db.transaction('rw', RECORD_TABLES(this.#db), () =>
					this.#takeMany(batch, proven)
				);
			} catch {
				for (const message of batch) await take(message);
			}
		}
		// all of it taken (a take that throws stops here): a later start reads on after it
		await keepReadTo(this.#db, this.group, batch[batch.length - 1].seq);
		if (!this.#caughtUp) {
			this.#catchUp.taken(batch.length);
			this.#showCatchUp();
		}
		// what a message queued (a contest) or let go again (a stale send) goes now, after it
		void this.#send();
	}

	/**
	 * A joining phone's next batch, each match read and proven as a thing new here would be
	 * (reconcile.ts: the same pure decision #takeMany makes), while the last batch's transaction
	 * is written: IndexedDB works in the browser's own process meanwhile, and the proofs give
	 * way to its events now and then. #takeMany uses a proof only for a thing still new here.
	 */
	async #proveAhead(batch: readonly Message[]): Promise<Proven> {
		const proven = new Map<number, Decision>();
		if (!this.#ahead || batch.length < 2) return proven;
		let since = performance.now();
		for (const message of batch) {
			const thing = thingOfSubject(this.group, message.subject);
			if (!thing?.startsWith('match.')) continue;
			const { seq, msgId, data } = message;
			proven.set(seq, reconcile({ hash: null }, undefined, { thing, seq, msgId, data }));
			if (performance.now() - since > SLICE_MS) {
				await giveWay();
				since = performance.now();
			}
		}
		return proven;
	}

	/**
	 * Many messages, in the caller's transaction. A match this phone has nothing of (a joining
	 * phone's whole record) is reconciled and proven as ever, then written with the others
	 * like it in bulk (db/group/matches.ts, writeNewMatches: one read of the batch, who wins what moved
	 * once); every other message is taken on its own, in its order, after those before it.
	 */
	async #takeMany(batch: Message[], proven: Proven) {
		const db = this.#db;
		let here: BatchHere | null = null;
		let rosterMoved = false;
		let waiting: NewMatch[] = [];
		let fresh = 0;
		const write = async () => {
			await writeNewMatches(db, this.group, waiting, here!.players);
			waiting = [];
		};
		for (const [at, message] of batch.entries()) {
			const thing = thingOfSubject(this.group, message.subject);
			// the server's own messages write nothing: read at once, with no await, since a long
			// run of awaits on no request (a club's fifty members) ends Dexie's hold on the
			// transaction and the rest of the batch would be written outside it
			if (!thing) {
				this.#other(message.subject, message.data);
				continue;
			}
			if (thing.startsWith('match.')) {
				if (!here) {
					const rest = batch.slice(at).map((one) => thingOfSubject(this.group, one.subject));
					here = await readBatch(
						db,
						this.group,
						rest.filter((one) => one !== null)
					);
				} else if (rosterMoved) {
					if (waiting.length > 0) await write();
					here.players = await rosterHere(db);
				}
				rosterMoved = false;
				const incoming = { thing, seq: message.seq, msgId: message.msgId, data: message.data };
				const decision = here.fresh.has(thing)
					? (proven.get(message.seq) ?? reconcile({ hash: null }, undefined, incoming))
					: null;
				const seated =
					decision?.kind === 'apply' &&
					decision.match?.seats.every((seat) => here!.players.has(seat.playerId));
				if (seated) {
					// a second version of it in this batch is taken on its own, after this one
					here.fresh.delete(thing);
					this.#stale.delete(thing);
					fresh++;
					waiting.push({
						match: decision.match!,
						fields: { seq: message.seq, msgId: message.msgId, hash: decision.hash }
					});
					continue;
				}
			}
			if (waiting.length > 0) await write();
			await this.#take(message.subject, message.seq, message.msgId, message.data);
			// what it wrote: this thing, and perhaps the roster (a player made, merged, renamed)
			here?.fresh.delete(thing);
			rosterMoved = true;
		}
		if (waiting.length > 0) await write();
		this.#ahead = fresh * 2 >= batch.length;
	}

	/** One message of the group, reconciled and written (or refused) in its own transaction. */
	async #take(subject: string, seq: number, msgId: string, data: Uint8Array) {
		const thing = thingOfSubject(this.group, subject);
		if (!thing) return this.#other(subject, data);
		this.#stale.delete(thing);
		const here = await readThing(this.#db, this.group, thing);
		if (seq <= (here.synced?.seq ?? 0)) return;
		const incoming = { thing, seq, msgId, data };
		const ours = new Set(here.outbox.map((entry) => entry.msgId));
		if (here.conflict && !ours.has(msgId)) return this.#takeOverConflict(here, incoming);
		const local = await this.#local(thing, here);
		const following = this.#role(thing.slice('match.'.length)) !== 'none';
		const copy = { hash: local.hash, ...followerOf(here.match, here.log, following) };
		const decision = reconcile(copy, here.synced, incoming, ours);
		const fields = { seq, msgId, hash: 'hash' in decision ? decision.hash : null };
		switch (decision.kind) {
			case 'known':
				return;
			case 'follow':
				// the group's newest version of a match followed here: should the pen come to this
				// phone, its next version is written over it (docs/group.md)
				return moveSeq(this.#db, this.group, thing, seq);
			case 'refused':
				return this.#refused_(thing, seq, decision);
			case 'ours': {
				const entry = here.outbox.find((pending) => pending.msgId === msgId)!;
				await acknowledged(this.#db, entry, seq);
				return this.#refresh();
			}
			case 'same':
				this.#overHere(thing, here.match?.status);
				await writeSynced(this.#db, {
					group: this.group,
					subject: thing,
					...fields,
					revision: here.match?.revision ?? -1,
					...(here.synced?.mergedInto ? { mergedInto: here.synced.mergedInto } : {})
				});
				for (const entry of here.outbox) await dropPending(this.#db, entry.seq!);
				return this.#refresh();
			case 'keep-mine-and-send':
				await writeSynced(this.#db, { ...(here.synced as SyncedRow), seq, msgId });
				// what was sent over the older version would be refused: built again over this one
				for (const entry of here.outbox) await dropPending(this.#db, entry.seq!);
				return;
			case 'conflict': {
				const mine = local.version ?? (await this.#build(thing));
				if (!mine) return this.#write(decision.version, fields, decision);
				await writeConflict(this.#db, {
					group: this.group,
					subject: thing,
					mine,
					theirs: decision.version,
					theirsSeq: seq,
					theirsMsgId: msgId,
					at: this.#now()
				});
				// this phone saw it first: its version goes to the group as contesting the
				// group's, so every phone shows both (a contest read here needs no answer)
				if (decision.version.contest === null) {
					await this.#enqueue(thing, { ...mine, contest: seq }, digest(mine), -1, true);
				}
				return this.#refresh();
			}
			case 'apply':
				await this.#write(decision.version, fields, decision);
				this.#overHere(thing, decision.match?.status);
				// the counts moved only if a version of this thing was waiting here
				if (here.outbox.length > 0) await this.#refresh();
				return;
		}
	}

	/**
	 * A message on a thing in conflict here: a plain version written over a contest settles it
	 * (taken, when this phone changed nothing since); anything else becomes the group's side.
	 */
	async #takeOverConflict(
		here: ThingHere,
		incoming: { thing: Thing; seq: number; msgId: string; data: Uint8Array }
	) {
		const conflict = here.conflict!;
		const decision = reconcile({ hash: null }, undefined, incoming);
		if (decision.kind === 'refused') return this.#refused_(incoming.thing, incoming.seq, decision);
		if (decision.kind !== 'apply' && decision.kind !== 'same') return;
		const { seq, msgId } = incoming;
		const local = await this.#local(incoming.thing, here);
		const unchanged = local.hash === null || local.hash === digest(conflict.mine as Version);
		if (decision.version.contest === null && unchanged) {
			await this.#write(decision.version, { seq, msgId, hash: decision.hash }, decision);
			return this.#refresh();
		}
		await writeConflict(this.#db, {
			...conflict,
			theirs: decision.version,
			theirsSeq: seq,
			theirsMsgId: msgId
		});
	}

	/** The server's own messages: a member's record (its label, removed or not). */
	/** The newest record of each member (a start that reads on after `readTo` meets none). */
	async #readMembers() {
		try {
			const consumer = await this.#js.consumers.get(groupStreamOf(this.group), {
				// one subject as a string: a list needs nats-server 2.10 (Debian's is 2.9)
				filter_subjects: memberSubject(this.group, '*'),
				deliver_policy: DeliverPolicy.LastPerSubject
			});
			const messages = await consumer.fetch({ max_messages: 1_000, expires: 5_000 });
			for await (const message of messages) {
				this.#other(message.subject, message.data);
				if (message.info.pending === 0) break;
			}
		} catch {
			// no answer: the list fills as member records come with the rest
		}
	}

	#other(subject: string, data: Uint8Array) {
		if (!subject.startsWith(`passpad.g.${this.group}.member.`)) return;
		try {
			const parsed = v.safeParse(MemberRecord, JSON.parse(new TextDecoder().decode(data)));
			if (!parsed.success) return;
			// the member list read on its own may come after a newer record of the same member
			if ((this.#members.get(parsed.output.user)?.at ?? -1) > parsed.output.at) return;
			this.#members.set(parsed.output.user, parsed.output);
			this.#emit();
		} catch {
			// not a member's record: nothing to show
		}
	}

	#refused_(thing: Thing, seq: number, decision: Extract<Decision, { kind: 'refused' }>) {
		this.#refuse({
			thing,
			seq,
			why: decision.why,
			...(decision.refusal ? { refusal: decision.refusal } : {}),
			at: this.#now()
		});
		this.#emit();
		// the next version written here expects this one: a hostile message cannot block the thing
		return moveSeq(this.#db, this.group, thing, seq);
	}

	/** The group's version written here (proven first for a match). */
	async #write(
		version: Version,
		fields: { seq: number; msgId: string; hash: string | null },
		decision?: Decision
	) {
		const thing: Thing = `${version.kind}.${version.id}`;
		let written: unknown;
		if (version.kind === 'player') {
			written = await writePlayer(this.#db, this.group, { ...version }, fields);
		} else if (version.deleted) {
			written = await writeDeleted(this.#db, this.group, version.id, fields);
		} else {
			const proven =
				decision && 'match' in decision && decision.match ? decision.match : proveMatch(version);
			const match = 'ok' in proven ? (proven.ok ? proven.match : null) : proven;
			if (!match) {
				const why = 'ok' in proven && !proven.ok ? proven.why : 'invalid';
				return this.#refused_(thing, fields.seq, { kind: 'refused', why });
			}
			written = await writeMatch(this.#db, this.group, match, fields);
		}
		if (written === OTHER_GROUP) {
			this.#refuse({ thing, seq: fields.seq, why: 'other-group', at: this.#now() });
			this.#emit();
		}
	}

	// ---- this phone's changes

	#stamp(id: string): Stamp {
		return { v: 1, id, by: this.#phone, at: this.#now(), contest: null };
	}

	/** This phone's version of a thing and its digest (null: nothing here to say). */
	async #local(
		thing: Thing,
		here: ThingHere
	): Promise<{ version: Version | null; hash: string | null }> {
		const id = thing.slice(thing.indexOf('.') + 1);
		if (thing.startsWith('player.')) {
			if (here.synced?.mergedInto) {
				const version = mergedVersion(null, here.synced.mergedInto, this.#stamp(id));
				return { version, hash: digest(version) };
			}
			if (!here.player) return { version: null, hash: null };
			const version = playerVersion(here.player, this.#stamp(id));
			return { version, hash: digest(version) };
		}
		if (here.match) {
			// as the group last had it: no need to read the log
			if (!here.log) return { version: null, hash: here.synced!.hash };
			const version = matchVersion(here.match, here.log, this.#stamp(id));
			return { version, hash: digest(version) };
		}
		const synced = here.synced?.hash ?? null;
		if (synced === null) return { version: null, hash: null };
		// gone here: the group's delete taken, or deleted on this phone (then sent as such)
		const version = deletedVersion(this.#stamp(id));
		return { version, hash: digest(version) };
	}

	async #build(thing: Thing): Promise<Version | null> {
		if (!thing.startsWith('match.')) return null;
		const { match, log } = await matchWithLog(this.#db, thing.slice('match.'.length));
		return match ? matchVersion(match, log, this.#stamp(match.id)) : null;
	}

	/**
	 * Finds what changed here since the group last had it and queues its versions: players
	 * first (a match never names a player the group lacks), then matches, each once.
	 */
	async #scan() {
		const db = this.#db;
		const synced = new Map<string, SyncedRow>();
		for (const row of await db.synced.where('group').equals(this.group).toArray()) {
			synced.set(row.subject, row);
		}
		const conflicts = new Set(
			(await db.conflicts.where('group').equals(this.group).toArray()).map((row) => row.subject)
		);
		const revisions = await groupRevisions(db, this.group);
		await this.#adopt(synced, revisions);
		const moved: Version[] = [];
		const players = new Set<string>();
		for (const [id, revision] of revisions) {
			const row = synced.get(`match.${id}`);
			if (conflicts.has(`match.${id}`) || row?.revision === revision) continue;
			const { match, log } = await matchWithLog(db, id);
			if (!match) continue;
			// a match played live is the pen phone's to send, its end too (docs/group.md)
			if (!this.#sends(id, row !== undefined)) continue;
			const version = matchVersion(match, log, this.#stamp(id));
			const hash = digest(version);
			if (hash === row?.hash) {
				// the same as the group's: remembered, so the log is not read again
				await writeSynced(db, { ...row, revision: match.revision });
				continue;
			}
			moved.push(version);
			for (const seat of match.seats) players.add(seat.playerId);
		}
		// matches the group has that are gone here: deleted on this phone
		for (const row of synced.values()) {
			if (!row.subject.startsWith('match.') || conflicts.has(row.subject)) continue;
			const id = row.subject.slice('match.'.length);
			if (revisions.has(id) || row.hash === null || row.hash === 'deleted') continue;
			if (await db.matches.get(id)) continue; // in another group or none now: not ours to say
			moved.push(deletedVersion(this.#stamp(id)));
		}
		// players: the group's that changed here, and those a new version seats for the first time
		for (const row of synced.values()) {
			if (row.subject.startsWith('player.')) players.add(row.subject.slice('player.'.length));
		}
		for (const id of players) {
			const thing: Thing = `player.${id}`;
			if (conflicts.has(thing)) continue;
			const row = synced.get(thing);
			const local = await this.#local(thing, {
				synced: row,
				conflict: undefined,
				outbox: [],
				player: await db.players.get(id)
			});
			if (!local.version || local.hash === row?.hash) continue;
			await this.#enqueue(thing, local.version, local.hash!, -1);
		}
		for (const version of moved) {
			const thing: Thing = `match.${version.id}`;
			const row = await db.matches.get(version.id);
			await this.#enqueue(thing, version, digest(version), row?.revision ?? -1);
		}
		await this.#refresh();
	}

	#role(id: string): LiveRole {
		return roleOf(id, this.#liveStore);
	}

	/**
	 * The group's version of a match, over (finished or abandoned), is this phone's copy: a
	 * phone that followed it without the pen may send it from now, like any match of the group.
	 */
	#overHere(thing: Thing, status: string | undefined) {
		if (!thing.startsWith('match.') || status === undefined || status === 'active') return;
		const id = thing.slice('match.'.length);
		if (this.#role(id) === 'follower') penDone(id, this.#liveStore);
	}

	/**
	 * Whether this phone sends the match's versions: not while the pen is another phone's, once
	 * the group has `heard` of the match (a version read or sent here). Its first version goes
	 * from the phone that has it in the group, pen or not: a phone that follows it has it in no
	 * group and takes it up, with the pen, only once the group has it (#adopt, docs/group.md).
	 */
	#sends(id: string, heard: boolean): boolean {
		return !heard || this.#role(id) !== 'follower';
	}

	/**
	 * The pen came to this phone for a match of the group it followed (its copy, taken from the
	 * link, in no group): the copy becomes the group's here, so this phone sends it, over the
	 * group's newest version it read (docs/group.md). Only when every seat is a player of the
	 * group: a seat the group lacks would be a second player of that name in its roster.
	 */
	async #adopt(synced: Map<string, SyncedRow>, revisions: Map<string, number>) {
		const db = this.#db;
		for (const row of synced.values()) {
			if (!row.subject.startsWith('match.')) continue;
			const id = row.subject.slice('match.'.length);
			if (revisions.has(id) || this.#role(id) !== 'pen') continue;
			const match = await db.matches.get(id);
			// finished too: a pen phone that played the match to its end before it could adopt it
			if (!match || match.group !== null || match.status === 'handed') continue;
			if (!match.seats.every((seat) => synced.has(`player.${seat.playerId}`))) continue;
			const adopted = await db.transaction('rw', db.matches, async () => {
				const now = await db.matches.get(id);
				if (!now || now.group !== null) return false;
				await db.matches.update(id, { group: this.group });
				return true;
			});
			if (adopted) revisions.set(id, match.revision);
		}
	}

	async #enqueue(thing: Thing, body: Version, hash: string, revision: number, force = false) {
		await enqueue(
			this.#db,
			{ group: this.group, subject: thing, msgId: this.#msgId(), body, hash, revision },
			force
		);
	}

	/** Sends the outbox in order while the server answers; one round of sending at a time. */
	#send(): Promise<void> {
		const round = async () => {
			const skipped = new Set<number>();
			while (!this.#closed && this.#online === 'online' && this.#denied === null) {
				const entry = await this.#nextToSend(skipped);
				if (!entry) break;
				// each send in the queue: the sequence it expects is the newest read here
				const answer = await this.#serial(() => this.#publish(entry));
				if (answer === 'offline') break;
				if (answer === 'skip') skipped.add(entry.seq!);
			}
			await this.#refresh();
		};
		this.#sendChain = this.#sendChain.then(round, round);
		return this.#sendChain;
	}

	async #nextToSend(skipped: Set<number>): Promise<OutboxRow | undefined> {
		const all = await this.#db.outbox.where('group').equals(this.group).toArray();
		return all.find((entry) => !skipped.has(entry.seq!) && !this.#stale.has(entry.subject));
	}

	async #publish(entry: OutboxRow): Promise<'sent' | 'skip' | 'offline'> {
		// read again: the entry may have been acknowledged or dropped by a message read meanwhile
		const fresh = await this.#db.outbox.get(entry.seq!);
		if (!fresh) return 'sent';
		entry = fresh;
		let body = entry.body as Version;
		const synced = await this.#db.synced.get([this.group, entry.subject]);
		if (body.contest === null && (await this.#db.conflicts.get([this.group, entry.subject]))) {
			await dropPending(this.#db, entry.seq!);
			return 'sent';
		}
		const expected = synced?.seq ?? 0;
		// a contest names the group's version it is written over, the newest read here
		if (body.contest !== null) body = { ...body, contest: expected };
		// the pen went to another phone meanwhile: that phone sends this match now (docs/group.md)
		const heard = synced !== undefined;
		if (
			body.kind === 'match' &&
			!body.deleted &&
			body.contest === null &&
			!this.#sends(body.id, heard)
		) {
			await dropPending(this.#db, entry.seq!);
			return 'sent';
		}
		if (!entry.attempted) await markAttempted(this.#db, entry.seq!);
		try {
			const ack = await this.#js.publish(
				`passpad.g.${this.group}.${entry.subject}`,
				writeVersion(body),
				{ msgID: entry.msgId, expect: { lastSubjectSequence: expected } }
			);
			await acknowledged(this.#db, entry, ack.seq);
			return 'sent';
		} catch (error) {
			if (error instanceof JetStreamApiError) {
				if (error.code === WRONG_LAST_SEQUENCE) {
					// the group has a version not read here yet: the reader brings it, then a conflict
					this.#stale.add(entry.subject as Thing);
					return 'skip';
				}
				this.#denied = error.message;
				this.#emit();
				return 'offline';
			}
			const message = error instanceof Error ? error.message : String(error);
			if (/permission/i.test(message)) {
				this.#denied = message;
				this.#emit();
			}
			return 'offline';
		}
	}

	/**
	 * This phone's writes to its matches and roster, seen through Dexie's own change events
	 * (this tab's and other tabs'), start a scan shortly after: a burst of taps is one scan.
	 */
	#watchWrites(): () => void {
		let timer: ReturnType<typeof setTimeout> | null = null;
		const prefix = `idb://${this.#db.name}/`;
		const listener = (parts: Record<string, unknown>) => {
			const touched = Object.keys(parts).some(
				(part) => part.startsWith(`${prefix}matches/`) || part.startsWith(`${prefix}players/`)
			);
			if (!touched || this.#closed) return;
			if (timer) clearTimeout(timer);
			timer = setTimeout(() => {
				timer = null;
				// not connected yet: scanned, so the count of what waits is right at once
				if (this.#caughtUp || !this.#connected) void this.flush();
			}, 400);
		};
		Dexie.on('storagemutated', listener);
		return () => {
			Dexie.on('storagemutated').unsubscribe(listener);
			if (timer) clearTimeout(timer);
		};
	}
}

export type { ConflictRow };
