/**
 * The one connection status and retry path (docs/live.md, "The connection"), against a real
 * nats-server where the server's part matters (a restart, a revoked table, a refused password)
 * and a still connection where only the time matters (a socket gone silent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import type { ConnectionOptions, NatsConnection } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from './test-server';
import {
	Connection,
	openConnection,
	watchConnection,
	type ConnectionStatus,
	type Dial
} from './connection';

let server: TestLive;
beforeAll(async () => {
	server = await startTestLive();
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

const page = { protocol: 'http:', host: 'localhost' };
const quick = { firstMs: 20, mostMs: 80 };

/** Node's TCP to the test server, in place of the browser's WebSocket; each try counted. */
function tcp() {
	const dial = Object.assign(
		(options: ConnectionOptions) => {
			dial.tries++;
			return connect({
				...options,
				servers: `127.0.0.1:${server.live.nodes[0].port}`,
				reconnectTimeWait: 100
			});
		},
		{ tries: 0 }
	);
	return dial;
}

/** Every status the connection said, in order, and a way to wait for one. */
function statuses(connection: Connection) {
	const said: ConnectionStatus[] = [];
	const waiters: [ConnectionStatus, () => void][] = [];
	connection.onStatus((status) => {
		said.push(status);
		for (const [wanted, done] of waiters) if (wanted === status) done();
	});
	const until = (wanted: ConnectionStatus) =>
		connection.status === wanted
			? Promise.resolve()
			: new Promise<void>((done) => waiters.push([wanted, done]));
	return { said, until };
}

const credentialOf = (user: { user: string; pass: string }) => ({ u: user.user, p: user.pass });

describe('one connection, one status (against nats-server)', () => {
	it('online once connected; the server killed, offline; restarted, online again', async () => {
		const made = await server.live.createTable();
		const connection = openConnection(credentialOf(made.writer), {
			dial: tcp() as Dial,
			page,
			events: null,
			keepTrying: true
		});
		const seen = statuses(connection);
		const nc = await connection.ready;
		expect(connection.status).toBe('online');
		expect(watchConnection(nc)).toBe(connection);
		await server.live.kill();
		await seen.until('offline');
		await server.live.restart();
		await seen.until('online');
		expect(seen.said).toEqual(['online', 'offline', 'online']);
		await connection.close();
	}, 60_000);

	it('a revoked credential reads revoked, once, and stops retrying', async () => {
		const made = await server.live.createTable();
		const dial = tcp();
		const connection = openConnection(credentialOf(made.writer), {
			dial: dial as Dial,
			page,
			events: null,
			keepTrying: true
		});
		const seen = statuses(connection);
		const nc = await connection.ready;
		await server.live.revoke(made.table);
		await seen.until('revoked');
		await nc.closed();
		expect(nc.isClosed()).toBe(true);
		// nothing is tried again: no new connection, no status after it
		await new Promise((done) => setTimeout(done, 300));
		expect(dial.tries).toBe(1);
		// the reload drops the socket first (offline), then the credential is refused
		expect(seen.said.filter((status) => status === 'revoked')).toHaveLength(1);
		expect(seen.said.at(-1)).toBe('revoked');
		expect(connection.status).toBe('revoked');
		await connection.close();
	}, 30_000);

	it('a credential refused at the first connection reads refused, and is tried once', async () => {
		const made = await server.live.createTable();
		const dial = tcp();
		const connection = openConnection(
			{ u: made.writer.user, p: 'x'.repeat(32) },
			{ dial: dial as Dial, page, events: null, keepTrying: true, retry: quick }
		);
		await expect(connection.ready).rejects.toThrow(/authorization violation/i);
		expect(connection.status).toBe('refused');
		await new Promise((done) => setTimeout(done, 200));
		expect(dial.tries).toBe(1);
	}, 30_000);
});

describe('the one back-off (a first connection not made)', () => {
	it('tries again, waiting longer each time, until the server answers', async () => {
		const made = await server.live.createTable();
		const real = tcp();
		const at: number[] = [];
		const dial = (options: ConnectionOptions) => {
			at.push(Date.now());
			return at.length <= 3 ? Promise.reject(new Error('connection refused')) : real(options);
		};
		const connection = openConnection(credentialOf(made.writer), {
			dial,
			page,
			events: null,
			keepTrying: true,
			retry: quick
		});
		const seen = statuses(connection);
		await connection.ready;
		expect(seen.said).toEqual(['offline', 'online']);
		expect(at).toHaveLength(4);
		const waits = at.slice(1).map((time, index) => time - at[index]);
		// 20, 40, 80 ms: each wait at least the one before it
		expect(waits[0]).toBeGreaterThanOrEqual(quick.firstMs - 2);
		expect(waits[1]).toBeGreaterThanOrEqual(2 * quick.firstMs - 2);
		expect(waits[2]).toBeGreaterThanOrEqual(quick.mostMs - 2);
		await connection.close();
	}, 30_000);

	it('one try only when not asked to keep trying: the reason comes back', async () => {
		const connection = openConnection(
			{ u: 'someone', p: 'x'.repeat(32) },
			{ dial: () => Promise.reject(new Error('connection refused')), page, events: null }
		);
		await expect(connection.ready).rejects.toThrow('connection refused');
		expect(connection.status).toBe('offline');
	});
});

/** A connection whose socket stays open and whose server answers only when `answering`. */
function silentConnection() {
	const state = { answering: false, closed: false };
	const nc = {
		closed: () => new Promise(() => {}),
		close: () => Promise.resolve((state.closed = true)),
		isClosed: () => state.closed,
		// no news from the socket: it neither closes nor reconnects
		status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => {}) }) }),
		rtt: () => (state.answering ? Promise.resolve(1) : new Promise<number>(() => {}))
	} as unknown as NatsConnection;
	return { nc, state };
}

const until = async (check: () => boolean) => {
	for (let tries = 0; tries < 200 && !check(); tries++) {
		await new Promise((done) => setTimeout(done, 5));
	}
	expect(check()).toBe(true);
};

const probing = { every: 5, wait: 20 };

describe('a socket gone silent (docs/group.md, "What is written where on the phone")', () => {
	it('a send left unanswered is offline until the server answers a question, then online again', async () => {
		const { nc, state } = silentConnection();
		const connection = watchConnection(nc, { events: null, timing: probing });
		const told: ConnectionStatus[] = [];
		connection.onStatus((status) => told.push(status));
		expect(connection.status).toBe('online');
		connection.unanswered();
		expect(connection.status).toBe('offline');
		await new Promise((done) => setTimeout(done, 60));
		expect(connection.status).toBe('offline');
		state.answering = true;
		await until(() => connection.status === 'online');
		expect(told).toEqual(['offline', 'online']);
		await connection.close();
	});

	it("the browser's offline is offline at once; its online waits for the server's answer", async () => {
		const { nc, state } = silentConnection();
		const events = new EventTarget();
		const connection = watchConnection(nc, {
			events: events as unknown as Window,
			timing: probing
		});
		const told: ConnectionStatus[] = [];
		connection.onStatus((status) => told.push(status));
		events.dispatchEvent(new Event('offline'));
		expect(connection.status).toBe('offline');
		// the server answers, but the browser still says offline: nothing is sent
		state.answering = true;
		await new Promise((done) => setTimeout(done, 60));
		expect(connection.status).toBe('offline');
		state.answering = false;
		events.dispatchEvent(new Event('online'));
		await new Promise((done) => setTimeout(done, 60));
		expect(connection.status).toBe('offline');
		state.answering = true;
		await until(() => connection.status === 'online');
		expect(told).toEqual(['offline', 'online']);
		await connection.close();
	});
});
