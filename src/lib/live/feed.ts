/**
 * What a live channel reads of the messages it hears (client.ts): whether JetStream delivered
 * one, a feed message's place in the stream, and whether an entry is the one a phone sent.
 */
import type { Msg } from '@nats-io/nats-core';

/**
 * A message JetStream delivered (a consumer's, its reply names the ack): a phone's ask and
 * "still here" are plain publishes, while a leaked link of another table may point its consumer
 * at this table's subjects, and JetStream delivers there on the account's behalf (docs/live.md,
 * "Who writes: the keeper").
 */
export const delivered = (message: Msg) => !!message.reply;

/** A feed message's stream sequence and the one of its subject's entry before it, or null. */
export function fed(message: Msg): { seq: number; before: number } | null {
	const seq = Number(message.headers?.get('Nats-Sequence'));
	const before = Number(message.headers?.get('Nats-Last-Sequence'));
	return Number.isSafeInteger(seq) && seq > 0 && Number.isSafeInteger(before) && before >= 0
		? { seq, before }
		: null;
}

/** Whether two entries' bytes are the same. */
export function same(a: Uint8Array, b: Uint8Array) {
	return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
