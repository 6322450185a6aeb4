/**
 * What the parts of one group's sync share (docs/group.md, "On the phone"): the database, the
 * group, this phone, the connection once there is one, the status, the things the server said
 * are stale, and the one queue that keeps a message read, a scan and a send's answer from
 * interleaving. The parts (reader.ts, take.ts, changes.ts, sender.ts, role.ts) are functions
 * of it; sync.ts (`GroupSync`) puts them together.
 */
import type { NatsConnection } from '@nats-io/nats-core';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { PasspadDb } from '$lib/db/db';
import { newId as newMatchId } from '$lib/wire/ids';
import type { Stamp, Thing } from './record';
import { StatusBoard } from './status';

/** Messages of the whole record taken in one transaction. */
export const BATCH = 500;

/** A message of the group's stream, as read. */
export interface Message {
	subject: string;
	seq: number;
	msgId: string;
	data: Uint8Array;
}

export interface CoreOptions {
	db: PasspadDb;
	group: string;
	/** this phone's id, written as `by` in its versions */
	phone: string;
	now?: () => number;
	/** a random message id for each version */
	msgId?: () => string;
	/** messages of the whole record taken in one transaction (BATCH; tests use a few) */
	batch?: number;
	online: boolean;
}

const randomId = () => newMatchId().replaceAll('-', '');

export class SyncCore {
	readonly group: string;
	readonly db: PasspadDb;
	readonly phone: string;
	readonly now: () => number;
	readonly msgId: () => string;
	readonly batch: number;
	readonly board: StatusBoard;
	// set by `connect` (sync.ts): a phone opened offline counts its changes before (docs/group.md)
	nc!: NatsConnection;
	js!: JetStreamClient;
	closed = false;
	/** things the server said are stale: not sent again until the group's version is read */
	readonly stale = new Set<Thing>();
	/**
	 * the tracked change (db/changed.ts, its `n`) each thing's queued version was built from:
	 * not built again until a write moves it on, or its version is dropped (changes.ts)
	 */
	readonly built = new Map<Thing, number>();
	/**
	 * whether the group reads its matches from the wire, as the fold of the member records last
	 * said (switch.ts); null until every record is read: a seal's copy waits to know
	 * (changes.ts, sender.ts, turn-back.ts)
	 */
	switched: boolean | null = null;
	/**
	 * whether this phone read the group's wire to its end since its reading last started
	 * (wire-taking.ts); null: this sync reads no wire (no entries wiring)
	 */
	wireWhole: boolean | null = null;
	/** a round of sending, asked after what a message read queued or let go (sender.ts) */
	send: () => Promise<void> = () => Promise.resolve();
	/** a send left unanswered: the server may have gone silent (live/connection.ts) */
	unanswered: () => void = () => {};
	#queue: Promise<unknown> = Promise.resolve();

	constructor(options: CoreOptions) {
		this.group = options.group;
		this.db = options.db;
		this.phone = options.phone;
		this.now = options.now ?? Date.now;
		this.msgId = options.msgId ?? randomId;
		this.batch = options.batch ?? BATCH;
		this.board = new StatusBoard(this.db, this.group, options.online ? 'online' : 'offline');
	}

	/** One thing at a time: a message read, a scan, a send's answer never interleave. */
	serial<T>(work: () => Promise<T>): Promise<T> {
		const next = this.#queue.then(work, work);
		this.#queue = next.catch(() => {});
		return next;
	}

	/** Resolves once what is queued now has run. */
	settled(): Promise<void> {
		return this.#queue.then(
			() => {},
			() => {}
		);
	}

	/**
	 * Whether a change to a match waits for the group's wire (docs/wire.md, "Reading a group's
	 * matches from the wire", step 3): the group reads it, or may (the fold not known yet), and
	 * this phone has not read it to its end. A seal written since the switch is there only, so
	 * a copy here from the versions may lack it: a version or a seal sent over that copy now
	 * would lose that change on every phone. Its steps go meanwhile (the keeper places them).
	 */
	get waitsForWire(): boolean {
		return this.wireWhole === false && this.switched !== false;
	}

	/** A version written by this phone now. */
	stamp(id: string): Stamp {
		return { v: 1, id, by: this.phone, at: this.now(), contest: null };
	}
}
