// A live channel whose server the test plays (live/table.test.ts, live/outbox.test.ts): it
// delivers the entries the test gives and answers each append as the test says.
import type { Append, LiveChannel, Online } from './client';
import { writeEntry, type Entry } from './protocol';

/** A channel whose server the test plays: it delivers entries and answers appends. */
export function fakeChannel(answer: (entry: Entry) => Append) {
	const status = new Set<(status: Online) => void>();
	let deliver: (seq: number, bytes: Uint8Array, pending: number) => void | Promise<void> = () => {};
	const sent: Entry[] = [];
	const channel = {
		onStatus(callback: (status: Online) => void) {
			status.add(callback);
			return () => status.delete(callback);
		},
		onHere() {},
		onAsk() {},
		onShorter() {},
		readAgain() {},
		sayHere() {},
		ask() {},
		async follow(_: number, onEntry: typeof deliver) {
			deliver = onEntry;
		},
		async append(bytes: Uint8Array) {
			const entry = JSON.parse(new TextDecoder().decode(bytes)) as Entry;
			sent.push(entry);
			return answer(entry);
		},
		async close() {}
	};
	return {
		channel: channel as unknown as LiveChannel,
		sent,
		deliver: (seq: number, entry: Entry, pending = 0) => deliver(seq, writeEntry(entry), pending),
		// the connection as the library reports it: a closed table's channel may still say so
		say: (online: Online) => [...status].forEach((callback) => callback(online))
	};
}
