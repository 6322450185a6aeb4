/**
 * Sending this phone's outbox to the group (docs/group.md, "Every write says what it
 * replaces"): in order, each version over the sequence last read here
 * (`expect.lastSubjectSequence`) with its own message id, so a retried send is stored once. A
 * send the server refuses as stale waits for the group's version (then a conflict); a refusal
 * of the credential stops sending.
 */
import { JetStreamApiError } from '@nats-io/jetstream';
import type { OutboxRow } from '$lib/db/schema';
import { acknowledged, dropPending, markAttempted } from '$lib/db/group/outbox';
import { recordOf } from '$lib/db/group/synced';
import type { SyncCore } from './core';
import { writeVersion, type Thing, type Version } from './record';
import { sends } from './role';

/** JetStream's "wrong last sequence": the group has a version this phone has not read yet. */
const WRONG_LAST_SEQUENCE = 10071;

export class GroupSender {
	#chain: Promise<void> = Promise.resolve();

	constructor(private readonly core: SyncCore) {}

	/** Sends the outbox in order while the server answers; one round of sending at a time. */
	send(): Promise<void> {
		const core = this.core;
		const round = async () => {
			const skipped = new Set<number>();
			while (!core.closed && core.board.online === 'online' && core.board.denied === null) {
				const entry = await this.#next(skipped);
				if (!entry) break;
				// each send in the queue: the sequence it expects is the newest read here
				const answer = await core.serial(() => this.#publish(entry));
				if (answer === 'offline') break;
				if (answer === 'skip') skipped.add(entry.seq!);
			}
			await core.board.refresh();
		};
		this.#chain = this.#chain.then(round, round);
		return this.#chain;
	}

	async #next(skipped: Set<number>): Promise<OutboxRow | undefined> {
		const core = this.core;
		// read in order up to the first that may go, not the whole outbox (each holds a version)
		return core.db.outbox
			.where('group')
			.equals(core.group)
			.filter((entry) => !skipped.has(entry.seq!) && !core.stale.has(entry.subject))
			.first();
	}

	async #publish(entry: OutboxRow): Promise<'sent' | 'skip' | 'offline'> {
		const core = this.core;
		const db = core.db;
		// read again: the entry may have been acknowledged or dropped by a message read meanwhile
		const fresh = await db.outbox.get(entry.seq!);
		if (!fresh) return 'sent';
		entry = fresh;
		let body = entry.body as Version;
		const synced = await db.synced.get([core.group, entry.subject]);
		if (body.contest === null && (await db.conflicts.get([core.group, entry.subject]))) {
			await dropPending(db, entry.seq!);
			core.built.delete(entry.subject);
			return 'sent';
		}
		// a match whose copy is a seal's (take-track.ts): the seal carries what it says while the
		// group reads the wire (docs/wire.md); once it turned back, a version goes over the record
		// subject's last as read here (turn-back.ts); not known yet, it waits
		const versioned = synced?.onWire && body.contest === null;
		if (versioned && core.switched === null) return 'skip';
		if (versioned && core.switched) {
			await dropPending(db, entry.seq!);
			core.built.delete(entry.subject);
			return 'sent';
		}
		const expected = versioned ? recordOf(synced).seq : (synced?.seq ?? 0);
		// a contest names the group's version it is written over, the newest read here
		if (body.contest !== null) body = { ...body, contest: expected };
		// the pen went to another phone meanwhile: that phone sends this match now (docs/group.md)
		const heard = synced !== undefined;
		if (
			body.kind === 'match' &&
			!body.deleted &&
			body.contest === null &&
			!(await sends(core, body.id, heard))
		) {
			await dropPending(db, entry.seq!);
			// its tracked change is done with at the next look (changes.ts)
			core.built.delete(entry.subject);
			return 'sent';
		}
		if (!entry.attempted) await markAttempted(db, entry.seq!);
		try {
			const ack = await core.js.publish(
				`passpad.g.${core.group}.${entry.subject}`,
				writeVersion(body),
				synced?.onWire && !versioned
					? { msgID: entry.msgId }
					: { msgID: entry.msgId, expect: { lastSubjectSequence: expected } }
			);
			await acknowledged(db, entry, ack.seq);
			if (entry.changed !== undefined && core.built.get(entry.subject) === entry.changed) {
				core.built.delete(entry.subject);
			}
			return 'sent';
		} catch (error) {
			if (error instanceof JetStreamApiError) {
				if (error.code === WRONG_LAST_SEQUENCE) {
					// the group has a version not read here yet: the reader brings it, then a conflict
					core.stale.add(entry.subject as Thing);
					return 'skip';
				}
				core.board.denied = error.message;
				core.board.emit();
				return 'offline';
			}
			const message = error instanceof Error ? error.message : String(error);
			if (/permission/i.test(message)) {
				core.board.denied = message;
				core.board.emit();
			} else core.unanswered();
			return 'offline';
		}
	}
}
