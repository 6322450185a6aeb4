import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { PasspadDb } from './db';
import { SCHEMA, SCHEMA_VERSION } from './schema';

type Old = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;

describe('v11 -> v12 (schema.ts): the seal each group match is as here, a table of its own', () => {
	it('a group phone of v11 opens with its record as it was and no seal known: its next change is sealed over the newest', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const old = new Dexie(name);
		for (let at = 1 as Old; at <= 11; at++) old.version(at).stores(SCHEMA[at]);
		await old.open();
		const synced = { group: 'club42', subject: 'match.m1', seq: 7, msgId: 'v', revision: 2 };
		await old.table('synced').add({ ...synced, hash: 'h' });
		await old.table('changed').add({ group: 'club42', subject: 'match.m1', n: 3 });
		old.close();

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		expect(SCHEMA_VERSION).toBe(12);
		expect(await db.synced.toArray()).toEqual([{ ...synced, hash: 'h' }]);
		expect(await db.changed.count()).toBe(1);
		expect(await db.seals.count()).toBe(0);
		await db.seals.put({ group: 'club42', match: 'm1', id: 's1', pos: 4 });
		expect(await db.seals.get(['club42', 'm1'])).toMatchObject({ id: 's1', pos: 4 });
		db.close();
	});
});
