/**
 * Open tables (docs/live.md, "Open tables"): any phone may open a table on a server started
 * with `--open`, within a public service's limits: tables per address per hour, open tables at
 * once, and a table a day without an entry expires, its credentials and stream removed and its
 * phones told. The policy pure, then the door over HTTP and the expiry against a real nats-server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { LiveChannel, type Online } from '../src/lib/live/client';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { matchSubject, streamOf } from '../src/lib/wire/names.js';
import { answerClosed } from './closed';
import {
	OpenDoor,
	addressKey,
	askingAddress,
	closedOf,
	expireTable,
	forgetExpired,
	idleTables,
	type OpenLimits
} from './open';
import { answerOpen } from './open-http';
import type { Registry } from './registry';

const HOUR = 3_600_000;
const limits: OpenLimits = {
	perAddressPerHour: 3,
	tables: 5,
	idleMs: 24 * HOUR,
	forgetMs: 30 * 24 * HOUR
};

describe('the address a limit counts', () => {
	it('is an IPv4 address as it is, also mapped in IPv6, and an IPv6 address by its /64', () => {
		expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
		expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
		expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
		expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
		expect(addressKey('2001:db8::9')).toBe('2001:db8:0:0::/64');
		expect(addressKey('::1')).toBe('0:0:0:0::/64');
	});

	const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
	it('counts two IPv6 addresses as one exactly when their first 64 bits are equal', () => {
		fc.assert(
			fc.property(
				fc.array(group, { minLength: 8, maxLength: 8 }),
				fc.array(group, { minLength: 4, maxLength: 4 }),
				(address, otherEnd) => {
					const one = address.join(':');
					const sameHome = [...address.slice(0, 4), ...otherEnd].join(':');
					expect(addressKey(sameHome)).toBe(addressKey(one));
					const next = (parseInt(address[3], 16) + 1) % 0x10000;
					const elsewhere = [...address.slice(0, 3), next.toString(16), ...address.slice(4)];
					expect(addressKey(elsewhere.join(':'))).not.toBe(addressKey(one));
				}
			)
		);
	});
});

describe('the address that asks', () => {
	it("is the connection's, unless the server trusts its proxy: then the last one the proxy forwarded", () => {
		expect(askingAddress('10.0.0.2', '203.0.113.7', false)).toBe('10.0.0.2');
		expect(askingAddress('10.0.0.2', '203.0.113.7', true)).toBe('203.0.113.7');
		// what a phone writes itself comes first and is never read
		expect(askingAddress('10.0.0.2', '198.51.100.1, 203.0.113.7', true)).toBe('203.0.113.7');
		expect(askingAddress('10.0.0.2', ['198.51.100.1', '203.0.113.7 '], true)).toBe('203.0.113.7');
		expect(askingAddress('10.0.0.2', undefined, true)).toBe('10.0.0.2');
		expect(askingAddress(undefined, undefined, false)).toBe('');
	});
});

describe('tables per address per hour, and open tables at once', () => {
	it("lets an address open its hour's tables, then refuses it until the hour has passed", () => {
		const door = new OpenDoor(limits);
		const at = 1_000_000;
		for (let index = 0; index < 3; index++)
			expect(door.take('203.0.113.7', at + index, 0)).toBeNull();
		expect(door.take('203.0.113.7', at + 10, 0)).toBe('too-many');
		expect(door.take('::ffff:203.0.113.7', at + 10, 0)).toBe('too-many');
		// another address is not held by this one's hour
		expect(door.take('203.0.113.8', at + 10, 0)).toBeNull();
		// refused asks do not count: an hour after the first, one more
		expect(door.take('203.0.113.7', at + HOUR, 0)).toBeNull();
		expect(door.take('203.0.113.7', at + HOUR, 0)).toBe('too-many');
	});

	it('refuses every address while the server holds its open tables, and counts nothing then', () => {
		const door = new OpenDoor(limits);
		expect(door.take('198.51.100.1', 0, 5)).toBe('full');
		expect(door.take('198.51.100.1', 1, 4)).toBeNull();
		expect(door.take('198.51.100.1', 2, 4)).toBeNull();
		expect(door.take('198.51.100.1', 3, 4)).toBeNull();
		expect(door.take('198.51.100.1', 4, 0)).toBe('too-many');
	});

	it('gives back a table counted but not made', () => {
		const door = new OpenDoor({ ...limits, perAddressPerHour: 1 });
		expect(door.take('198.51.100.1', 0, 0)).toBeNull();
		door.giveBack('198.51.100.1');
		expect(door.take('198.51.100.1', 1, 0)).toBeNull();
	});
});

describe('an open table a day without an entry', () => {
	const registry = (): Registry => ({
		version: 1,
		groups: {},
		users: [
			{ user: 'aaaaaaaa-w', hash: 'h', role: 'writer', table: 'aaaaaaaa' },
			{ user: 'bbbbbbbb-w', hash: 'h', role: 'writer', table: 'bbbbbbbb' }
		],
		tables: {
			aaaaaaaa: { createdAt: 0, open: true },
			bbbbbbbb: { createdAt: 0, open: true },
			hosts000: { createdAt: 0 },
			revoked0: { createdAt: 0, open: true, revokedAt: 5 }
		}
	});

	it("expires from its last entry, or its opening when it has none; a host's table never", () => {
		const last = new Map<string, number | null>([
			['aaaaaaaa', null],
			['bbbbbbbb', 10 * HOUR],
			['hosts000', null]
		]);
		expect(idleTables(registry(), last, 24 * HOUR - 1, limits.idleMs)).toEqual([]);
		expect(idleTables(registry(), last, 24 * HOUR, limits.idleMs)).toEqual(['aaaaaaaa']);
		expect(idleTables(registry(), last, 34 * HOUR, limits.idleMs)).toEqual([
			'aaaaaaaa',
			'bbbbbbbb'
		]);
		// a table whose stream could not be read is kept until it can
		expect(idleTables(registry(), new Map(), 99 * HOUR, limits.idleMs)).toEqual([]);
	});

	it('expired, its credentials go and it reads as expired, not as closed by its host', () => {
		const held = registry();
		expect(expireTable(held, 'aaaaaaaa', 7)).toBe(true);
		expect(expireTable(held, 'aaaaaaaa', 8)).toBe(false);
		expect(expireTable(held, 'hosts000', 8)).toBe(false);
		expect(held.users.map((user) => user.user)).toEqual(['bbbbbbbb-w']);
		expect(closedOf(held, 'aaaaaaaa')).toBe('expired');
		expect(closedOf(held, 'revoked0')).toBe(true);
		expect(closedOf(held, 'bbbbbbbb')).toBe(false);
		expect(closedOf(held, 'nosuchtable')).toBe(false);
	});

	it('expired, it is forgotten a month later (its link then reads as refused); no other table is', () => {
		const held = registry();
		expireTable(held, 'aaaaaaaa', HOUR);
		expect(forgetExpired(held, HOUR + limits.forgetMs - 1, limits.forgetMs)).toBe(false);
		expect(forgetExpired(held, HOUR + limits.forgetMs, limits.forgetMs)).toBe(true);
		expect(Object.keys(held.tables)).toEqual(['bbbbbbbb', 'hosts000', 'revoked0']);
		expect(closedOf(held, 'aaaaaaaa')).toBe(false);
	});
});

describe('the open door on a real server', () => {
	let server: TestLive;
	let http: Server;
	let origin = '';
	beforeAll(async () => {
		server = await startTestLive({
			open: { perAddressPerHour: 2, tables: 3, idleMs: 1_500, sweepEveryMs: HOUR }
		});
		const app = answerClosed(server.live.closedTable, (_req, res) => res.end('the app'));
		http = createServer(answerOpen(server.live.openDoor!.open, app));
		await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
		origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
	}, 60_000);
	afterAll(async () => {
		http?.close();
		await server?.stop();
	});

	const ask = (init?: RequestInit) => fetch(`${origin}/nats/open`, init);
	const post = () =>
		ask({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });

	it('says it is open, opens tables for an address up to its hour, then says why not', async () => {
		expect(await (await ask()).json()).toEqual({ open: true });
		// a form of another site cannot ask (no JSON without the browser asking first)
		expect((await ask({ method: 'POST', body: 'x' })).status).toBe(415);
		const first = await post();
		expect(first.status).toBe(201);
		const made = await first.json();
		expect(made).toMatchObject({ table: expect.any(String), writer: { user: `${made.table}-w` } });
		expect(first.headers.get('cache-control')).toBe('no-store');
		// the credential works: a phone connects with it
		const nc = await server.phone(made.writer);
		await nc.close();
		expect((await post()).status).toBe(201);
		const third = await post();
		expect(third.status).toBe(429);
		expect(await third.json()).toEqual({ error: 'too-many' });
		// the server holds 3 at once: another address gets the third, a fourth is full
		expect(await server.live.openDoor!.open('198.51.100.9')).toHaveProperty('table');
		expect(await server.live.openDoor!.open('198.51.100.10')).toEqual({ error: 'full' });
	}, 60_000);

	it('expires a table a day (here 1.5 s) without an entry: its phones told, credentials and stream gone', async () => {
		// the door above is full: the tables below are the host's, marked open as the door makes them
		const [idle, played] = await server.live.createTables(2, true);
		const nc = await server.phone(idle.writer);
		const channel = new LiveChannel(nc, idle.table, 'match-1');
		const said: Online[] = [];
		const closed = new Promise<void>((done) =>
			channel.onStatus((status) => (said.push(status), status === 'revoked' && done()))
		);
		await new Promise((done) => setTimeout(done, 1_000));
		// the played table's entry (as the keeper writes it) keeps it open
		const js = (await import('@nats-io/jetstream')).jetstream(server.live.nc);
		await js.publish(matchSubject(played.table, 'match-1'), '{}');
		await new Promise((done) => setTimeout(done, 600));
		const expired = await server.live.openDoor!.sweep();
		expect(expired).toContain(idle.table);
		expect(expired).not.toContain(played.table);
		await closed;
		expect(said.at(-1)).toBe('revoked');
		await expect(server.live.jsm.streams.info(streamOf(idle.table))).rejects.toThrow(/not found/);
		expect((await server.live.jsm.streams.info(streamOf(played.table))).state.messages).toBe(1);
		const why = await fetch(`${origin}/nats/closed/${idle.table}`);
		expect(await why.json()).toEqual({ closed: true, expired: true });
		expect(await (await fetch(`${origin}/nats/closed/${played.table}`)).json()).toEqual({
			closed: false
		});
		await expect(server.phone(idle.writer, { reconnect: false })).rejects.toThrow(/authorization/i);
		await channel.close();
	}, 60_000);
});
