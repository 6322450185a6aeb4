/**
 * A phone's changes to a group's record are tracked in the transaction that writes them
 * (docs/group.md, "On the phone: what leaves"; docs/wire.md, "On the phone: one replicator"):
 * a tap costs the group's sender what the tap changed, not what the group holds.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { DBCore, Middleware } from 'dexie';
import { seeded } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { summarize } from '$lib/db/summary';
import { PasspadDb, useDatabase } from '$lib/db/db';
import { createMatch } from '$lib/db/matches';
// a tap as the app's store saves it (one action a transaction)
import { appendAction } from '$lib/db/log';
import { acknowledged } from '$lib/db/group/outbox';
import { GroupSync } from './sync';

/** Rows read from the record's tables (matches, logs, synced), counted below Dexie's API. */
function counter(): { middleware: Middleware<DBCore>; reads: () => number; reset: () => void } {
	let reads = 0;
	const counted = new Set(['matches', 'logs', 'synced']);
	return {
		reads: () => reads,
		reset: () => (reads = 0),
		middleware: {
			stack: 'dbcore',
			name: 'count-reads',
			create: (down) => ({
				...down,
				table: (name) => {
					const table = down.table(name);
					if (!counted.has(name)) return table;
					return {
						...table,
						get: (req) => (reads++, table.get(req)),
						getMany: (req) => ((reads += req.keys.length), table.getMany(req)),
						query: async (req) => {
							const res = await table.query(req);
							reads += res.result.length;
							return res;
						},
						openCursor: (req) => (reads++, table.openCursor(req))
					};
				}
			})
		}
	};
}

/** A phone in a group, offline, holding `count` finished matches of the group already queued. */
async function phoneWith(count: number) {
	const reads = counter();
	const db = new PasspadDb(`tracked-${count}-${crypto.randomUUID()}`);
	db.use(reads.middleware);
	await db.open();
	useDatabase(db);
	const group = 'g-tracked';
	await db.groups.add({
		id: group,
		name: 'Jeudi',
		server: '',
		user: 'm-ana',
		pass: 'x'.repeat(24),
		role: 'member',
		left: false,
		joinedAt: 1
	});
	const play = async (seed: number, upTo: number) => {
		const game = randomGame(seeded(seed), 3);
		const names = ['Ana', 'Ben', 'Chloé'];
		const match = await createMatch({ game: 'ill-pass', config: game.config, names, group });
		let state = RULES['ill-pass'].setup(game.config, 3);
		for (const [seq, action] of game.actions.slice(0, upTo).entries()) {
			const result = RULES['ill-pass'].apply(state, action);
			if (!result.ok) throw new Error(result.refusal.code);
			state = result.value;
			await appendAction(match.id, seq, action, summarize(RULES['ill-pass'], state));
		}
		return { id: match.id, game, state };
	};
	for (let seed = 0; seed < count; seed++) await play(seed, 3);
	const sync = new GroupSync({ db, group, phone: 'phone-ana-0001' });
	// the group has them all: each version acknowledged, as the server answers a sent one
	const acknowledgeAll = async () => {
		await sync.flush();
		let seq = (await db.synced.toArray()).reduce((top, row) => Math.max(top, row.seq), 0);
		for (const entry of await db.outbox.toArray()) await acknowledged(db, entry, ++seq);
	};
	await acknowledgeAll();
	// the one being played now
	const playing = await play(1000, 2);
	await acknowledgeAll();
	expect(await db.synced.count()).toBe(count + 1 + 3);
	return { db, sync, reads, playing };
}

describe('a tap in a group is tracked with it', () => {
	it('the sender reads what the tap changed: a tap in a group of 40 matches reads as few rows as in a group of 2', async () => {
		const cost = async (count: number) => {
			const { db, sync, reads, playing } = await phoneWith(count);
			const { id, game } = playing;
			const before = RULES['ill-pass'].setup(game.config, 3);
			let state = before;
			for (const action of game.actions.slice(0, 2)) {
				const next = RULES['ill-pass'].apply(state, action);
				if (!next.ok) throw new Error(next.refusal.code);
				state = next.value;
			}
			const action = game.actions[2];
			const next = RULES['ill-pass'].apply(state, action);
			if (!next.ok) throw new Error(next.refusal.code);
			await appendAction(id, 2, action, summarize(RULES['ill-pass'], next.value));
			reads.reset();
			await sync.flush();
			const read = reads.reads();
			// the tap's version is queued, built from the match as it is now
			const queued = await db.outbox
				.where('[group+subject]')
				.equals(['g-tracked', `match.${id}`])
				.toArray();
			expect(queued).toHaveLength(1);
			expect((queued[0].body as { log: unknown[] }).log).toHaveLength(3);
			await sync.stop();
			return read;
		};
		const small = await cost(2);
		const large = await cost(40);
		expect(large).toBeLessThanOrEqual(small);
		expect(large).toBeLessThan(20);
	});
});
