/**
 * What the group server's tests share (docs/group.md): a real nats-server started with the
 * config the server (server/) writes, two groups made on it, and how a member's phone
 * publishes a version and reads a stream.
 */
import { afterAll, beforeAll } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { createGroup, type NewGroup } from '$lib/wire/provision';
import { startTestLive, type TestLive } from './test-server';

/** The file's own nats-server (useGroupServer), and the two groups made on it first. */
export let server: TestLive;
export let club: NewGroup;
export let other: NewGroup;

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
let ids = 0;
const msgID = () => `test-${Date.now()}-${ids++}`;

/** Publishes a thing's version over the one at `after` (0: a new thing), as a member's phone does. */
export async function put(nc: NatsConnection, subject: string, body: unknown, after: number) {
	return jetstream(nc, { timeout: 3_000 }).publish(subject, json(body), {
		msgID: msgID(),
		expect: { lastSubjectSequence: after }
	});
}

/**
 * The newest message of every subject of a stream, read as a joining phone reads it. While
 * nats-server reloads its config (a member invited or removed) its JetStream API can answer
 * "no responders" for a moment: a phone tries again, as this does.
 */
export async function readAll(nc: NatsConnection, stream: string) {
	const js = jetstream(nc, { timeout: 3_000 });
	const consumer = await retried(() =>
		js.consumers.get(stream, { deliver_policy: DeliverPolicy.LastPerSubject })
	);
	const found = new Map<string, { seq: number; body: unknown }>();
	const info = await consumer.info(true);
	if (info.num_pending === 0) return found;
	const messages = await consumer.fetch({ max_messages: 10_000, expires: 3_000 });
	for await (const message of messages) {
		found.set(message.subject, { seq: message.seq, body: message.json() });
		if (message.info.pending === 0) break;
	}
	return found;
}

/** While a config reload lands, JetStream answers no one for a moment; 15 s is far beyond that. */
export const RELOAD_BUDGET = 15_000;

export async function retried<T>(step: () => Promise<T>): Promise<T> {
	const deadline = Date.now() + RELOAD_BUDGET;
	for (;;) {
		try {
			return await step();
		} catch (error) {
			const reloading = /no responders|not enabled/i.test(String(error));
			if (!reloading || Date.now() > deadline) throw error;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
	}
}

/** Resolves with the server's error once the connection reports one (a permission refused). */
export function nextError(nc: NatsConnection) {
	return new Promise<string>((resolve) => {
		void (async () => {
			for await (const status of nc.status()) {
				if (status.type === 'error') return resolve(String(status.error));
			}
		})();
	});
}

/** Whether the connection ends within `ms` (the server dropped its user). */
export function closedWithin(nc: NatsConnection, ms: number) {
	return Promise.race([
		nc.closed().then(() => true),
		new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))
	]);
}

export async function must<T>(
	answer: Promise<{ ok: true; value: T } | { ok: false; error: string }>
) {
	const made = await answer;
	if (!made.ok) throw new Error(made.error);
	return made.value;
}

/** Starts the server and makes the two groups before the file's tests; stops it after. */
export function useGroupServer(): void {
	beforeAll(async () => {
		// a small group's limits, so that reaching them takes a few requests
		server = await startTestLive({
			limits: { members: 6, openTables: 3, groupBytes: 1024 * 1024 }
		});
		const host = await server.phone(server.live.host);
		club = await must(createGroup(host, 'Thursday club', 'Ana’s phone'));
		other = await must(createGroup(host, 'Family', 'Zoé’s phone'));
	}, 30_000);

	afterAll(async () => {
		await server?.stop();
	});
}
