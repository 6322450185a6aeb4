// The server's hands in each group's own NATS account (docs/wire.md, "Where it is stored"): a
// group's stream lives in its account, out of the keeper's reach, so the server makes it and
// writes the group's members' and tables' records as that account's clerk (names.js `clerkOf`).
// Every clerk has the one password this process made (its hash in the config, state.ts): like the
// admin's, it never leaves the running server. A group's clerk connects the first time it is
// needed and stays connected until the server stops.
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import {
	jetstream,
	jetstreamManager,
	type JetStreamClient,
	type JetStreamManager
} from '@nats-io/jetstream';
import { clerkOf } from '../src/lib/wire/names.js';
import { RELOAD_BUDGET, sleep } from './nats';

export interface Clerk {
	nc: NatsConnection;
	js: JetStreamClient;
	jsm: JetStreamManager;
}

/**
 * A clerk's connection, tried again until the server has read the config that names its group's
 * account (a reload takes a moment to be effective: docs/wire.md, "Reloads").
 */
async function connectClerk(servers: string[], group: string, pass: string): Promise<Clerk> {
	const deadline = Date.now() + RELOAD_BUDGET;
	for (;;) {
		try {
			const nc = await connect({
				servers,
				user: clerkOf(group),
				pass,
				maxReconnectAttempts: -1,
				reconnectTimeWait: 250,
				name: `passpad-clerk-${group}`
			});
			// a cluster elects its JetStream leader a few seconds after starting: no check now
			const jsm = await jetstreamManager(nc, { checkAPI: false });
			return { nc, jsm, js: jetstream(nc, { timeout: 5_000 }) };
		} catch (failure) {
			if (Date.now() > deadline) throw failure;
			await sleep(100);
		}
	}
}

/** Each group's clerk, connected when first asked for. */
export function startClerks(servers: () => string[], pass: string) {
	const clerks = new Map<string, Promise<Clerk>>();
	return {
		of(group: string): Promise<Clerk> {
			let clerk = clerks.get(group);
			if (!clerk) {
				clerk = connectClerk(servers(), group, pass);
				clerks.set(group, clerk);
				// a failed connection is tried afresh the next time
				clerk.catch(() => clerks.delete(group));
			}
			return clerk;
		},
		async stop() {
			const all = [...clerks.values()];
			clerks.clear();
			await Promise.all(all.map((clerk) => clerk.then(({ nc }) => nc.close()).catch(() => {})));
		}
	};
}
