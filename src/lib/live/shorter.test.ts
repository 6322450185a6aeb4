/**
 * A server that comes back shorter (docs/live.md, "Durability"): nats-server 2.9 acknowledges an
 * entry before it is on the disk, so a power cut can lose the last acknowledged entries. Here
 * the real nats-server is stopped, its store put back as it was before the last entries, and
 * started again, while the pen phone and a follower (LiveTables on real channels, their own logs
 * in memory) hold those entries. Nothing may be lost in silence: the pen phone sends them again
 * (or, had another phone the pen there, both versions are shown), and no phone's own log is cut
 * back to the server's shorter one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { RULES } from '$lib/rules/registry';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { canonicalJson as key } from '$lib/wire/canonical';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { matchSubject, streamOf } from '$lib/wire/names.js';
import { LiveChannel } from './client';
import { ANA, BEN, memoryPort } from './fixtures';
import { readEntry } from './protocol';
import { LiveTable } from './table.svelte';
import { startTestLive, type TestLive } from './test-server';

let server: TestLive;
beforeAll(async () => {
	server = await startTestLive();
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const game = randomGame(random, 3);
const MATCH = 'shorter-match';

/** A phone's own copy of the match in memory, as the store's sync port keeps it. */
function phoneCopy() {
	const copy = memoryPort({
		id: MATCH,
		game: 'ill-pass',
		config: game.config,
		names: ['Ana', 'Ben', 'Chloé'],
		createdAt: 1
	});
	return { port: copy.port, state: Object.assign(copy.state, { shortest: Infinity }) };
}

/** Waits until `ok()` holds, looking every 50 ms, or says what was waited for. */
async function until(what: string, ok: () => boolean | Promise<boolean>, ms = 60_000) {
	const deadline = Date.now() + ms;
	while (!(await ok())) {
		if (Date.now() > deadline) throw new Error(`waited ${ms / 1000} s for ${what}`);
		await new Promise((done) => setTimeout(done, 50));
	}
}

/**
 * The acts of the match as the server holds them now; with `storedBefore`, only those it stored
 * before that moment (what it came back with, not what a phone sent again since).
 */
async function serverActs(table: string, storedBefore = Infinity): Promise<number> {
	const info = await server.live.jsm.streams.info(streamOf(table));
	let acts = 0;
	for (let seq = info.state.first_seq; seq <= info.state.last_seq && seq > 0; seq++) {
		const message = await server.live.jsm.streams.getMessage(streamOf(table), { seq });
		if (!message || message.subject !== matchSubject(table, MATCH)) continue;
		if (message.time.getTime() >= storedBefore) continue;
		const read = readEntry(message.data);
		if (read.ok && read.entry.change.kind === 'act') acts++;
	}
	return acts;
}

/** Stops the one nats-server (its store flushed: SIGTERM), runs `between`, starts it again. */
async function stopped(between: () => void) {
	await server.live.kill(0, 'SIGTERM');
	between();
	await server.live.restart(0);
}

describe('a server that comes back without its last entries', () => {
	/** The table, the pen phone's and the follower's, shared by the two steps below. */
	let held: {
		table: string;
		ana: ReturnType<typeof phoneCopy>;
		ben: ReturnType<typeof phoneCopy>;
		anaTable: LiveTable;
		benTable: LiveTable;
	} | null = null;
	afterAll(async () => {
		await held?.anaTable.close();
		await held?.benTable.close();
	});

	it('comes back with 3 of the 6 entries it acknowledged, the phones holding all 6', async () => {
		const made = await server.live.createTable();
		const store = join(server.dir, 'jetstream');
		const before = `${store}.before`;
		const signer = await newKeyPair().then(signerOf);

		const ana = phoneCopy();
		const anaTable = new LiveTable(
			new LiveChannel(await server.phone(made.writer), made.table, MATCH),
			ana.port,
			{ by: ANA, name: 'Ana', reader: false, signer },
			(id) => RULES[id]
		);
		await anaTable.open(true);
		const ben = phoneCopy();
		const benTable = new LiveTable(
			new LiveChannel(await server.phone(made.reader), made.table, MATCH),
			ben.port,
			{ by: BEN, name: 'Ben', reader: true },
			(id) => RULES[id]
		);
		await benTable.open(false);
		held = { table: made.table, ana, ben, anaTable, benTable };

		/** Ana enters the game's next action; it is on the server and Ben has it. */
		const enter = async (count: number) => {
			ana.state.actions = game.actions.slice(0, count);
			anaTable.changed();
			await until(`${count} actions at the table`, () => !anaTable.pending);
			await until(`Ben's ${count} actions`, () => ben.state.actions.length === count);
		};
		for (let count = 1; count <= 3; count++) await enter(count);
		await stopped(() => cpSync(store, before, { recursive: true }));
		await until('Ana back online', () => anaTable.online === 'online');
		for (let count = 4; count <= 6; count++) await enter(count);
		expect(await serverActs(made.table)).toBe(6);

		// the power cut: the store as it was before the last three entries
		const cut = Date.now();
		await stopped(() => {
			rmSync(store, { recursive: true, force: true });
			cpSync(before, store, { recursive: true });
		});
		await until('the server back', async () => (await serverActs(made.table).catch(() => -1)) >= 0);
		// the pen phone may have sent the last three again already (the next step's point), so
		// what the server came back with is what it stored before the cut
		expect(await serverActs(made.table, cut)).toBe(3);
		expect([ana.state.actions.length, ben.state.actions.length]).toEqual([6, 6]);
	}, 240_000);

	it(
		// the pen phone reads the table again from its first entry (client.ts tells it: the
		// server's last entry is before one it took, or an entry does not follow its copy), and
		// sends what it holds past the server's end; the follower keeps its own meanwhile
		// (table.svelte.ts; the keeper reads its copy again for an entry behind it, keeper.ts)
		'the pen phone sends them again and the follower keeps them: nothing lost in silence',
		async () => {
			if (!held) throw new Error('the step before did not run');
			const { table, ana, ben, anaTable } = held;
			// what the follower shows is watched from now on: never cut back in silence
			const watch = setInterval(() => {
				ben.state.shortest = Math.min(ben.state.shortest, ben.state.actions.length);
			}, 20);
			try {
				// the next entry, as a person enters it
				ana.state.actions = game.actions.slice(0, 7);
				anaTable.changed();
				await until(
					'the table whole again, or both versions shown',
					async () => anaTable.conflict !== null || (await serverActs(table)) === 7
				);
				expect(anaTable.conflict).toBeNull();
				expect(await serverActs(table)).toBe(7);
				await until("Ben's 7 actions", () => ben.state.actions.length === 7);
				expect(ben.state.shortest).toBeGreaterThanOrEqual(6);
				expect(key(ben.state.actions)).toBe(key(game.actions.slice(0, 7)));
			} finally {
				clearInterval(watch);
			}
		},
		240_000
	);
});
