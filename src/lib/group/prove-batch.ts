/**
 * A joining phone's batch proven as things new here (docs/group.md, "On the phone"): each match
 * read, validated and replayed through its game's reducer by reconcile.ts, the same pure
 * decision take.ts makes, so the proof can run beside the page (prove.worker.ts) while the last
 * batch is written. Pure: no Dexie, no network, no DOM.
 */
import type { Message } from './core';
import { thingOfSubject } from './record';
import { reconcile, type Decision } from './reconcile';

/** A batch's messages as one buffer: sent to a worker with one copy, however many there are. */
export interface PackedBatch {
	readonly group: string;
	readonly subjects: readonly string[];
	readonly seqs: readonly number[];
	readonly msgIds: readonly string[];
	/** where each message's bytes end in `bytes` (the first starts at 0) */
	readonly ends: readonly number[];
	readonly bytes: ArrayBuffer;
}

/**
 * Each message's own bytes copied into one buffer: a message read is a view into the
 * connection's larger buffer, which a worker would otherwise be sent whole, once a message.
 */
export function packBatch(group: string, messages: readonly Message[]): PackedBatch {
	const size = messages.reduce((sum, message) => sum + message.data.length, 0);
	const bytes = new Uint8Array(size);
	const ends: number[] = [];
	let at = 0;
	for (const message of messages) {
		bytes.set(message.data, at);
		at += message.data.length;
		ends.push(at);
	}
	return {
		group,
		subjects: messages.map((message) => message.subject),
		seqs: messages.map((message) => message.seq),
		msgIds: messages.map((message) => message.msgId),
		ends,
		bytes: bytes.buffer
	};
}

export function unpackBatch(packed: PackedBatch): Message[] {
	const bytes = new Uint8Array(packed.bytes);
	return packed.subjects.map((subject, index) => ({
		subject,
		seq: packed.seqs[index],
		msgId: packed.msgIds[index],
		data: bytes.subarray(index === 0 ? 0 : packed.ends[index - 1], packed.ends[index])
	}));
}

/**
 * One message's decision as for a match this phone has nothing of, or null for what is not a
 * match (taken on its own, in order, by take.ts).
 */
export function proveFresh(group: string, message: Message): Decision | null {
	const thing = thingOfSubject(group, message.subject);
	if (!thing?.startsWith('match.')) return null;
	const { seq, msgId, data } = message;
	return reconcile({ hash: null }, undefined, { thing, seq, msgId, data });
}

/**
 * A decision as sent back from a worker: the version's log is the proven match's own (the same
 * entries, read from the same bytes), so the copy between threads carries one log, not two.
 */
export function shareLog(decision: Decision): Decision {
	if (decision.kind !== 'apply' || !decision.match) return decision;
	const version = decision.version;
	if (version.kind !== 'match' || version.deleted) return decision;
	return { ...decision, version: { ...version, log: decision.match.log } };
}

/** A packed batch's matches proven: [stream sequence, decision] for each. */
export function proveBatch(packed: PackedBatch): [number, Decision][] {
	const proven: [number, Decision][] = [];
	for (const message of unpackBatch(packed)) {
		const decision = proveFresh(packed.group, message);
		if (decision) proven.push([message.seq, shareLog(decision)]);
	}
	return proven;
}
