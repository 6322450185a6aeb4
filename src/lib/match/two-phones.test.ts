/**
 * One injected database (docs/wire.md, "On the phone: one replicator"): a match's store writes
 * to the database it is given, so a test runs two phones in one process without swapping the
 * app's global one.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import * as db from '$lib/db';
import { illPass, type IllPassState } from '$lib/rules/ill-pass';
import type { GameUi } from '$lib/games/types';
import { MatchStore } from './store';

const ui = {
	game: illPass,
	describe: (action: { type: string; card?: number }, before: IllPassState, names: string[]) =>
		`${names[before.seat]} ${action.type} ${action.card ?? before.faceUp}`
} as unknown as GameUi;

async function phone(name: string) {
	const passpad = new db.PasspadDb(`${name}-${crypto.randomUUID()}`);
	await passpad.open();
	return passpad;
}

describe("a store writes to its phone's database", () => {
	it("two phones in one process: each store's acts, note, delete and put back land in its own database, tracked for its group there, and the app's global database is never touched", async () => {
		const global = await phone('global');
		db.useDatabase(global);
		const [ana, ben] = [await phone('ana'), await phone('ben')];
		const config = { start: 0, takerReveals: false };
		const names = ['Ana', 'Ben', 'Cleo'];
		const made = await db.createMatch({ game: 'ill-pass', config, names, group: 'g1' }, 1, ana);
		await db.createMatch({ game: 'ill-pass', config, names }, 1, ben);
		const store = new MatchStore(ui, await db.loadLog(made.id, ana), ana);
		expect((await store.act({ type: 'reveal', card: 17 })).ok).toBe(true);
		expect((await store.act({ type: 'pass' })).ok).toBe(true);
		expect((await store.undo()).ok).toBe(true);
		await store.setNotes('Au club');
		expect((await db.loadLog(made.id, ana)).actions).toEqual([{ type: 'reveal', card: 17 }]);
		expect((await ana.matches.get(made.id))?.notes).toBe('Au club');
		expect((await ana.changed.toArray()).map((row) => row.subject)).toEqual([`match.${made.id}`]);
		const removed = await MatchStore.delete(made.id, ana);
		expect(await ana.matches.get(made.id)).toBeUndefined();
		await MatchStore.restore(removed, ana);
		expect((await ana.matches.get(made.id))?.length).toBe(1);
		// Ben's phone and the global database hold nothing of it
		expect(await ben.matches.get(made.id)).toBeUndefined();
		expect(await ben.changed.count()).toBe(0);
		expect(await global.matches.count()).toBe(0);
		expect(await global.players.count()).toBe(0);
	});
});
