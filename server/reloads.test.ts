/**
 * Config reloads while tables are at play (docs/live.md, "A new table: config reload"): on
 * nats-server 2.9.10 each reload checks every connection's password again, and may drop the
 * keeper's answers to the appends under way (bench/live-appends.mjs measures both). So tables
 * asked at once are made with one reload, the hashes cost bcrypt's least, and after a reload
 * the server reads its config again while the keeper's answers do not reach the phones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { READINGS_AGAIN, loadedAt, reloadUntilAnswered, sleep } from './nats';
import { hashOf, newPassword } from './registry';

describe('reading the config again while answers are lost', () => {
	it('reads it again until the keeper’s answers come back, and no more', async () => {
		const probes = [false, false, false, true];
		let readings = 0;
		const again = await reloadUntilAnswered(
			async () => probes.shift() ?? true,
			async () => void readings++
		);
		expect([again, readings]).toEqual([1, 1]);
	});

	it('reads it nothing more when the first answer comes back', async () => {
		let readings = 0;
		expect(
			await reloadUntilAnswered(
				async () => true,
				async () => void readings++
			)
		).toBe(0);
		expect(readings).toBe(0);
	});

	it('gives up after READINGS_AGAIN, and says so', async () => {
		let readings = 0;
		const said: string[] = [];
		const again = await reloadUntilAnswered(
			async () => false,
			async () => void readings++,
			(line) => said.push(line)
		);
		expect([again, readings]).toEqual([READINGS_AGAIN, READINGS_AGAIN]);
		expect(said.at(-1)).toMatch(/still do not reach the phones/);
	});
});

describe('a credential’s hash', () => {
	it('costs bcrypt’s least: nats-server checks every connection’s again at each reload', async () => {
		expect(await hashOf(newPassword())).toMatch(/^\$2a\$04\$/);
	});
});

describe('tables asked at once', () => {
	let server: TestLive;
	beforeAll(async () => {
		server = await startTestLive();
	});
	afterAll(async () => {
		await server?.stop();
	});

	it('are made together, with one reload for all, each its own table', async () => {
		const node = server.live.nodes[0];
		const reloads: string[] = [];
		let watching = true;
		const watch = (async () => {
			let last = await loadedAt(node);
			while (watching) {
				const now = await loadedAt(node);
				if (now !== null && now !== last) reloads.push(now);
				last = now ?? last;
				await sleep(5);
			}
		})();
		// six phones ask at once (each its `passpad.provision` request): one at a time, as before,
		// it took two readings each, twelve
		const made = await Promise.all(Array.from({ length: 6 }, () => server.live.createTable()));
		watching = false;
		await watch;
		expect(new Set(made.map((one) => one.table)).size).toBe(6);
		expect(reloads.length).toBeGreaterThan(0);
		expect(reloads.length).toBeLessThanOrEqual(4);
		// and each works: its writer reaches the keeper
		const phone = await server.phone(made[5].writer);
		await expect(
			phone.request(`passpad.${made[5].table}.read.probe`, '{"from":1}')
		).resolves.toBeTruthy();
	}, 60_000);
});
