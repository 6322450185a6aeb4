/**
 * One owner of the registry (docs/live.md, "One owner of the registry"): `npm run server --
 * revoke…` asks the running server, which alone writes tables.json, so a revocation made while
 * the server adds a member (awaiting bcrypt) is never written over; with no server running the
 * command takes the folder's lock. A real nats-server, as the live tests run it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { adminRevoke } from './admin';
import { lockHolder, takeLock } from './lock';
import { readRegistry, writeRegistry, type Credential } from './registry';

/** How many revocations race how many additions (docs/live.md, "One owner of the registry"). */
const RACE = 200;

/** Runs `jobs` with `lanes` of them at a time, each lane one after another. */
async function inLanes<T>(jobs: (() => Promise<T>)[], lanes: number): Promise<T[]> {
	const done: T[] = [];
	let next = 0;
	await Promise.all(
		Array.from({ length: lanes }, async () => {
			while (next < jobs.length) done.push(await jobs[next++]());
		})
	);
	return done;
}

/**
 * Why the server turns a credential away. On a loaded machine it may close the socket before
 * its "Authorization Violation" reaches the client (ECONNRESET): asked again, never let in.
 */
async function refusal(server: TestLive, credential: Credential): Promise<string> {
	let said = '';
	for (let tries = 0; tries < 5 && !/authorization/i.test(said); tries++) {
		const nc = await server.phone(credential, { reconnect: false }).catch((error: unknown) => {
			said = String(error);
			return null;
		});
		if (nc) {
			await nc.close();
			return 'let in';
		}
	}
	return said;
}

describe('one owner of the registry', () => {
	let server: TestLive;
	beforeAll(async () => {
		server = await startTestLive({ limits: { members: 1_000, openTables: 1_000 } });
	});
	afterAll(() => server?.stop());

	it('registry: 200 revocations raced against 200 members added and tables opened: none undone, none lost', async () => {
		const { live, dir } = server;
		const club = await live.createGroup('Race club');
		const doomed = await live.createTables(RACE);
		const revocations = doomed.map(
			(made) => () => adminRevoke(dir, { what: 'revoke', table: made.table })
		);
		const added: Credential[] = [];
		const opened: string[] = [];
		const additions = Array.from({ length: RACE }, (_, index) =>
			index % 4 === 3
				? async () => void opened.push((await live.createTable()).table)
				: async () => void added.push((await live.invite(club.group, `Phone ${index}`)).member)
		);
		const [revoked] = await Promise.all([inLanes(revocations, 4), inLanes(additions, 4)]);
		expect(revoked.filter(Boolean)).toHaveLength(RACE);

		const registry = readRegistry(dir);
		const users = new Set(registry.users.map((user) => user.user));
		const back = doomed.filter(
			(made) => users.has(made.writer.user) || !registry.tables[made.table].revokedAt
		);
		expect(back.map((made) => made.table)).toEqual([]);
		const lost = added.filter((member) => !users.has(member.user));
		expect(lost.map((member) => member.user)).toEqual([]);
		expect(added).toHaveLength((RACE * 3) / 4);
		expect(opened.filter((table) => !users.has(`${table}-w`))).toEqual([]);
		// and the server refuses a revoked credential, accepts an added one
		expect(await refusal(server, doomed[0].writer)).toMatch(/authorization/i);
		await (await server.phone(added[added.length - 1], { reconnect: false })).close();
	}, 600_000);
});

describe('the folder lock', () => {
	it('registry: with no server running, a revocation takes the lock and writes the registry', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'passpad-lock-'));
		try {
			writeRegistry(dir, {
				version: 1,
				users: [{ user: 'table000001-w', hash: '$2a$04$x', role: 'writer', table: 'table000001' }],
				tables: { table000001: { createdAt: 1 } },
				groups: {}
			});
			expect(await adminRevoke(dir, { what: 'revoke', table: 'table000001' })).toBe(true);
			expect(readRegistry(dir).users).toEqual([]);
			expect(await adminRevoke(dir, { what: 'revoke', table: 'nosuchtable1' })).toBe(false);
			// the command let the lock go
			expect(lockHolder(dir)).toBeNull();
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('registry: a running process holds the lock; one that is gone leaves it to the next', () => {
		const dir = mkdtempSync(join(tmpdir(), 'passpad-lock-'));
		try {
			const lock = takeLock(dir);
			expect(lock).not.toBeNull();
			expect(lockHolder(dir)).toBe(process.pid);
			expect(takeLock(dir)).toBeNull();
			lock!.release();
			expect(lockHolder(dir)).toBeNull();
			// a lock left by a process that no longer runs (a server killed)
			writeRegistry(dir, { version: 1, users: [], tables: {}, groups: {} });
			const stale = join(dir, 'registry.lock');
			rmSync(stale, { force: true });
			writeFileSync(stale, '999999999');
			expect(lockHolder(dir)).toBeNull();
			const again = takeLock(dir);
			expect(again).not.toBeNull();
			again!.release();
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});
