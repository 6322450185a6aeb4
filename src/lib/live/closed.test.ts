/**
 * A revoked table reads as revoked, never as offline (docs/live.md, "What a phone says"): the
 * channel of a phone at the table, against a real nats-server, says `revoked` once the server
 * refuses its credential, and its connection stops trying; a server restart is only offline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveChannel, type Online } from './client';
import { startTestLive, type TestLive } from './test-server';

let server: TestLive;
beforeAll(async () => {
	server = await startTestLive();
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

/** Every status the channel said, in order, and a way to wait for one. */
function statuses(channel: LiveChannel) {
	const said: Online[] = [];
	const waiters: [Online, () => void][] = [];
	channel.onStatus((status) => {
		said.push(status);
		for (const [wanted, done] of waiters) if (wanted === status) done();
	});
	const until = (wanted: Online) =>
		said.includes(wanted)
			? Promise.resolve()
			: new Promise<void>((done) => waiters.push([wanted, done]));
	return { said, until };
}

describe('a revoked table', () => {
	it('says revoked, once, and the connection stops trying', async () => {
		const made = await server.live.createTable();
		const nc = await server.phone(made.writer);
		const channel = new LiveChannel(nc, made.table, 'match-1');
		const seen = statuses(channel);
		await server.live.revoke(made.table);
		await seen.until('revoked');
		await nc.closed();
		expect(nc.isClosed()).toBe(true);
		expect(seen.said.filter((status) => status === 'revoked')).toHaveLength(1);
		expect(seen.said.at(-1)).toBe('revoked');
		expect(server.live.closedTable(made.table)).toBe(true);
		await channel.close();
	}, 30_000);

	it('an open table is not revoked, and a phone whose connection drops is only offline', async () => {
		const made = await server.live.createTable();
		expect(server.live.closedTable(made.table)).toBe(false);
		expect(server.live.closedTable('nosuchtable')).toBe(false);
		const nc = await server.phone(made.writer);
		const channel = new LiveChannel(nc, made.table, 'match-1');
		const seen = statuses(channel);
		await server.live.kill();
		await seen.until('offline');
		await server.live.restart();
		await seen.until('online');
		expect(seen.said).not.toContain('revoked');
		await channel.close();
	}, 60_000);
});
