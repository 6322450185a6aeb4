/**
 * A live server for node tests (docs/live.md, "Tests"; docs/group.md, "Tests"): nats-server on
 * free loopback ports in a fresh folder, bcrypt cost 4 (the config still holds hashes only),
 * and phones as node clients, each with its credential's own inbox prefix.
 *
 *   const server = await startTestLive();
 *   const made = await server.live.createGroup('Thursday club');   // or createTable(), invite()…
 *   const nc = await server.phone(made.member);
 *   …
 *   await server.stop();   // closes every phone, stops the server, removes the folder
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { startLive, type LiveOptions } from '../../../server/live';
import type { OpenSettings } from '../../../server/open-tables';
import { inboxOf } from '../wire/names.js';

export type Live = Awaited<ReturnType<typeof startLive>>;
export interface TestLive {
	live: Live;
	/** the server's data folder */
	dir: string;
	/**
	 * A phone connected with a credential. `reconnect: false` for a phone the test expects
	 * the server to drop (a removed member).
	 */
	phone(
		credential: { user: string; pass: string },
		options?: { reconnect?: boolean; node?: number }
	): Promise<NatsConnection>;
	/**
	 * The whole server stops and starts again on the same folder, as `npm run server` restarted
	 * (new ports: phones connect again with `phone`).
	 */
	restart(): Promise<void>;
	stop(): Promise<void>;
}

export async function startTestLive(
	options: {
		nodes?: number;
		limits?: { members?: number; openTables?: number; groupBytes?: number };
		/** any phone may open a table (`--open`, server/open.ts) */
		open?: OpenSettings;
		/** the keeper's clock, reads quota, pen's silence (server/live.ts `keeper`) */
		keeper?: LiveOptions['keeper'];
	} = {}
): Promise<TestLive> {
	const dir = mkdtempSync(join(tmpdir(), 'passpad-live-'));
	const start = () =>
		startLive({
			dataDir: dir,
			cost: 4,
			nodes: options.nodes,
			limits: options.limits,
			open: options.open,
			keeper: options.keeper,
			// NATS_LOG=1: the server's own log on stderr, to see why a test's request was refused
			quiet: !process.env.NATS_LOG
		});
	const open: NatsConnection[] = [];
	const server: TestLive = {
		live: await start(),
		dir,
		async phone(credential, { reconnect = true, node = 0 } = {}) {
			const nc = await connect({
				servers: `127.0.0.1:${server.live.nodes[node].port}`,
				user: credential.user,
				pass: credential.pass,
				inboxPrefix: inboxOf(credential.user),
				reconnect,
				maxReconnectAttempts: -1,
				reconnectTimeWait: 100
			});
			open.push(nc);
			return nc;
		},
		async restart() {
			await Promise.all(open.splice(0).map((nc) => nc.close().catch(() => {})));
			await server.live.stop();
			server.live = await start();
		},
		async stop() {
			await Promise.all(open.map((nc) => nc.close().catch(() => {})));
			await server.live.stop();
			rmSync(dir, { recursive: true, force: true });
		}
	};
	return server;
}
