// The schema v6 upgrade on a large phone, printed, never asserted as a time (docs/group.md,
// "Figures"): a database as Passpad v5 wrote it (a row per action), with 10,000 finished
// I'll Pass matches of about 120 actions each (1.2 million rows, the games' own simulator),
// opened by this version, which packs each match's rows into its one log row (db.ts,
// packLogs). In node with fake-indexeddb: slower than a browser's IndexedDB, so an upper
// figure. Asserts only that every log came through whole.
// Run: npx vitest run --config bench/vitest.config.ts bench/upgrade.bench.ts
// (UPGRADE_MATCHES=2000 for a smaller database)
import 'fake-indexeddb/auto';
import { loadavg } from 'node:os';
import { Dexie } from 'dexie';
import { expect, it } from 'vitest';
import { PasspadDb } from '../src/lib/db/db';
import { SCHEMA } from '../src/lib/db/schema';
import { seeded } from '../src/lib/rules/common';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';

const MATCHES = Number(process.env.UPGRADE_MATCHES ?? 10_000);
/** rows written to the old table per request while seeding */
const SEED_ROWS = 20_000;
const load = () =>
	loadavg()
		.map((value) => value.toFixed(1))
		.join(', ');

it(`v5 -> v6 with ${MATCHES} matches`, async () => {
	const name = `upgrade-bench-${crypto.randomUUID()}`;
	// a pool of whole games of about 120 actions, each used for many matches
	const random = seeded(6);
	const pool = Array.from({ length: 50 }, () => {
		let game = randomGame(random, 4);
		while (game.actions.length < 100 || game.actions.length > 140) game = randomGame(random, 4);
		return game;
	});
	const old = new Dexie(name);
	for (const version of [1, 2, 3, 4, 5] as const) old.version(version).stores(SCHEMA[version]);
	await old.open();
	const seedStart = performance.now();
	let rows: { matchId: string; seq: number; action: unknown; at: number }[] = [];
	let total = 0;
	const matches = [];
	for (let n = 0; n < MATCHES; n++) {
		const game = pool[n % pool.length];
		const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
		matches.push({
			id,
			game: 'ill-pass',
			config: game.config,
			seats: [],
			playerIds: [],
			status: 'finished',
			notes: '',
			playedMs: 0,
			playedByHand: false,
			createdAt: n,
			updatedAt: n,
			revision: 0,
			length: game.actions.length,
			redo: [],
			result: null,
			group: null
		});
		for (const [seq, action] of game.actions.entries())
			rows.push({ matchId: id, seq, action, at: 1_700_000_000_000 + n * 3_600_000 + seq * 5_000 });
		if (rows.length >= SEED_ROWS || n === MATCHES - 1) {
			await old.table('actions').bulkAdd(rows);
			total += rows.length;
			rows = [];
		}
	}
	await old.table('matches').bulkAdd(matches);
	old.close();
	console.log(
		`upgrade bench: a v5 database of ${MATCHES} matches, ${total} action rows, written in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (load ${load()})`
	);

	const start = performance.now();
	const db = new PasspadDb(name);
	await db.open();
	const seconds = (performance.now() - start) / 1000;
	const heap = process.memoryUsage().heapUsed / 2 ** 20;
	console.log(
		`upgrade bench: v5 -> v6 in ${seconds.toFixed(1)} s (${MATCHES} logs, ${total} actions; heap after ${heap.toFixed(0)} MB; load ${load()}; node, fake-indexeddb)`
	);
	expect(await db.logs.count()).toBe(MATCHES);
	const last = await db.logs.get(matches[MATCHES - 1].id);
	expect(last!.entries).toHaveLength(matches[MATCHES - 1].length);
	db.close();
});
