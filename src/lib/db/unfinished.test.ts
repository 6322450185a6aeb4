import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase } from './db';
import { createMatch, matchesByStatus } from './matches';
import { DB_NAME, SCHEMA } from './schema';
import { unfinishedMatches } from './unfinished';

// unfinishedMatches reads the app's own database name, as the home page does
afterEach(async () => {
	useDatabase(new PasspadDb(`unused-${crypto.randomUUID()}`));
	await Dexie.delete(DB_NAME);
});

const exists = async () => (await indexedDB.databases()).some((db) => db.name === DB_NAME);
const day = 86_400_000;

describe('the home page reads unfinished matches without Dexie', () => {
	it('a first visit: no database, no matches, and no database created', async () => {
		expect(await exists()).toBe(false);
		expect(await unfinishedMatches(8)).toEqual([]);
		expect(await exists()).toBe(false);
	});

	it('reads what Dexie reads: the active matches, newest first, at most the limit', async () => {
		const db = new PasspadDb();
		useDatabase(db);
		for (let index = 1; index <= 5; index++) {
			await createMatch(
				{ game: 'ill-pass', config: {}, names: [`P${index}`, 'Sam', 'Noor'] },
				index * day
			);
		}
		const newest = await createMatch(
			{ game: 'dominoes', config: {}, names: ['Léa', 'Ana'] },
			9 * day
		);
		await db.matches.update(newest.id, { status: 'finished' });

		const rows = await unfinishedMatches(3);
		expect(rows.map((row) => row.seats[0].name)).toEqual(['P5', 'P4', 'P3']);
		expect(rows).toEqual(await matchesByStatus('active', 3));
		expect(await unfinishedMatches(8)).toEqual(await matchesByStatus('active', 8));
		expect(await unfinishedMatches(0)).toEqual([]);
	});

	it('leaves no connection open: Dexie can still delete or upgrade the database at once', async () => {
		const db = new PasspadDb();
		useDatabase(db);
		await createMatch({ game: 'ill-pass', config: {}, names: ['Léa', 'Sam', 'Noor'] }, day);
		db.close();
		expect(await unfinishedMatches(8)).toHaveLength(1);
		let blocked = false;
		const request = indexedDB.deleteDatabase(DB_NAME);
		request.onblocked = () => (blocked = true);
		await new Promise((resolve) => (request.onsuccess = resolve));
		expect(blocked).toBe(false);
	});

	it('a database an older version wrote: no matches shown, and it is not upgraded', async () => {
		const old = new Dexie(DB_NAME);
		old.version(1).stores(SCHEMA[1]);
		await old.open();
		await old.table('matches').add({
			id: 'm1',
			game: 'ill-pass',
			config: {},
			seats: [],
			status: 'active',
			createdAt: 1,
			updatedAt: 2,
			length: 0,
			redo: [],
			result: null
		});
		const version = old.verno;
		old.close();

		expect(await unfinishedMatches(8)).toEqual([]);
		const reopened = new Dexie(DB_NAME);
		await reopened.open(); // dynamic mode: opens as it is
		expect(reopened.verno).toBe(version);
		expect(reopened.table('matches').schema.indexes.map((index) => index.name)).not.toContain(
			'[status+updatedAt]'
		);
		reopened.close();

		// the first screen that opens it with Dexie upgrades it, and the match is listed again
		const db = new PasspadDb();
		useDatabase(db);
		await db.open();
		db.close();
		expect((await unfinishedMatches(8)).map((row) => row.id)).toEqual(['m1']);
	});

	it('storage that cannot be used fails, so that the home page can say so', async () => {
		const factory = globalThis.indexedDB;
		try {
			Object.defineProperty(globalThis, 'indexedDB', { value: undefined, configurable: true });
			await expect(unfinishedMatches(8)).rejects.toThrow();
			// an open that never answers
			Object.defineProperty(globalThis, 'indexedDB', {
				value: { open: () => ({}) },
				configurable: true
			});
			await expect(unfinishedMatches(8, 50)).rejects.toThrow();
		} finally {
			Object.defineProperty(globalThis, 'indexedDB', { value: factory, configurable: true });
		}
	});
});
