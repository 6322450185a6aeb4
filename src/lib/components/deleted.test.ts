import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasspadDb, useDatabase } from '$lib/db/db';
import { createMatch, removeMatch } from '$lib/db/matches';
import { recentlyDeleted, UNDO_MS } from './deleted.svelte';

let db: PasspadDb;
beforeEach(async () => {
	db = new PasspadDb(`deleted-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
});
afterEach(() => {
	recentlyDeleted.forget();
	vi.useRealTimers();
});

const match = (names: string[]) => createMatch({ game: 'climbing', config: {}, names });

describe('Undo of a delete, for a few seconds', () => {
	it('writes the match back while offered', async () => {
		const { id } = await match(['Léa', 'Sam']);
		recentlyDeleted.keep(await removeMatch(id));
		expect(await db.matches.get(id)).toBeUndefined();
		expect((await recentlyDeleted.undo())?.match.id).toBe(id);
		expect(await db.matches.get(id)).toBeDefined();
		expect(recentlyDeleted.removed).toBeNull();
	});

	it('is no longer offered once the few seconds are over', async () => {
		const { id } = await match(['Léa', 'Sam']);
		const removed = await removeMatch(id);
		// the clock is faked only around the offer: the database keeps its own timers
		vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
		recentlyDeleted.keep(removed);
		vi.advanceTimersByTime(UNDO_MS - 1);
		expect(recentlyDeleted.removed?.match.id).toBe(id);
		vi.advanceTimersByTime(1);
		expect(recentlyDeleted.removed).toBeNull();
		vi.useRealTimers();
		expect(await recentlyDeleted.undo()).toBeNull();
		expect(await db.matches.get(id)).toBeUndefined();
	});

	it('a second delete is the one Undo brings back; the first stays deleted', async () => {
		const first = await match(['Léa', 'Sam']);
		const second = await match(['Ana', 'Ben']);
		recentlyDeleted.keep(await removeMatch(first.id));
		recentlyDeleted.keep(await removeMatch(second.id));
		await recentlyDeleted.undo();
		expect(await db.matches.get(second.id)).toBeDefined();
		expect(await db.matches.get(first.id)).toBeUndefined();
	});

	it('a failed write back keeps the rows, to try again', async () => {
		const { id } = await match(['Léa', 'Sam']);
		const removed = await removeMatch(id);
		recentlyDeleted.keep(removed);
		await db.matches.add(removed.match); // the same id is here again: never written over
		await expect(recentlyDeleted.undo()).rejects.toThrow();
		expect(recentlyDeleted.removed).toBe(removed);
	});
});
