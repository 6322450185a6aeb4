/**
 * An ordered consumer read the way every reader here reads one (docs/live.md, "The client"): a
 * pull ends after PULL_EXPIRES_MS without news, and when the library recreates its consumer
 * (after a server restart) the messages stop, so the caller starts a new reader after the last
 * message it took (the board: afresh, newest registration of each table first): measured on
 * 2.9.10, the library's own recreate otherwise stalls. `readings` is the one retry path of the
 * group's readers (its record, its wire), the board's tables and its standings.
 */
import {
	DeliverPolicy,
	type Consumer,
	type ConsumerMessages,
	type JetStreamClient
} from '@nats-io/jetstream';
import { ASK_AGAIN_MS } from '$lib/wire/limits';

/** Short enough that a consumer recreated after a server restart delivers again at once. */
export const PULL_EXPIRES_MS = 4_000;

export { ASK_AGAIN_MS };

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

/** What a reader reads: one subject filter of a stream, and where each reading begins. */
export interface Reading {
	readonly stream: string;
	/** one subject as a string: a list needs nats-server 2.10 (Debian's is 2.9) */
	readonly filter: string;
	/**
	 * The stream sequence the next reading begins after: 0, from the newest message of each
	 * subject (a first read, or a reader that reads afresh each time)
	 */
	readonly after: () => number;
	readonly closed: () => boolean;
}

/** One reading: how many messages it has to give as it begins (null: not told), and them. */
export interface Read {
	/** 0: nothing to read now (no message will come to say the read is done) */
	readonly pending: number | null;
	readonly messages: ConsumerMessages;
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Readings of `reading.filter`, one after the other until `closed`: the next begins when the
 * caller is done with the last (its messages stopped: the library recreated its consumer, or
 * the caller stopped them to read again). A server away is asked again, the wait doubling from
 * ASK_AGAIN_MS.first to .most; the connection comes back by itself.
 */
export async function* readings(js: JetStreamClient, reading: Reading): AsyncGenerator<Read> {
	for (let pause: number = ASK_AGAIN_MS.first; !reading.closed();) {
		let read: Read;
		try {
			const after = reading.after();
			const consumer = await js.consumers.get(reading.stream, {
				filter_subjects: reading.filter,
				...(after > 0
					? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: after + 1 }
					: { deliver_policy: DeliverPolicy.LastPerSubject })
			});
			// asked before the first pull: once pulling, none pending would not say all were taken
			const pending = await consumer
				.info(true)
				.then((info) => info.num_pending)
				.catch(() => null);
			// the library's pulls of 100 (pulls of 500 measured slower in Chromium)
			read = { pending, messages: await consumeOrdered(consumer) };
		} catch {
			await wait(pause);
			pause = Math.min(pause * 2, ASK_AGAIN_MS.most);
			continue;
		}
		pause = ASK_AGAIN_MS.first;
		yield read;
	}
}
