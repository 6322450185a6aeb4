/**
 * An ordered consumer read the way every reader here reads one (docs/live.md, "The client"): a
 * pull ends after PULL_EXPIRES_MS without news, and when the library recreates its consumer
 * (after a server restart) the messages stop, so the caller starts a new reader after the last
 * message it took (the board: afresh, newest registration of each table first): measured on
 * 2.9.10, the library's own recreate otherwise stalls. Used by the live channel (client.ts), the
 * group's sync and the board.
 */
import type { Consumer, ConsumerMessages } from '@nats-io/jetstream';

/** Short enough that a consumer recreated after a server restart delivers again at once. */
export const PULL_EXPIRES_MS = 4_000;

/** The consumer's messages, stopped when the library reports it recreated the consumer. */
export async function consumeOrdered(
	consumer: Pick<Consumer, 'consume'>,
	options: { max_messages?: number } = {}
): Promise<ConsumerMessages> {
	const messages = await consumer.consume({ ...options, expires: PULL_EXPIRES_MS });
	void (async () => {
		for await (const status of messages.status()) {
			if (status.type === 'ordered_consumer_recreated') return messages.stop();
		}
	})();
	return messages;
}
