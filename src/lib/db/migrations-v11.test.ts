import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase } from './db';
import { appendAction, loadLog } from './log';
import { createMatch } from './matches';
import { SCHEMA, SCHEMA_VERSION } from './schema';
import { entriesOfRow } from './log-row';

type Old = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;

describe('v10 -> v11 (schema.ts): a log row written as one string, the older form still read', () => {
	it('a log a v10 build wrote as objects is read as it is, and written as one string once it changes', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const made = new PasspadDb(name);
		useDatabase(made);
		await made.open();
		const match = await createMatch({
			game: 'ill-pass',
			config: { start: 0, takerReveals: false },
			names: ['Léa', 'Sam', 'Noor']
		});
		made.close();
		// the row as a v10 build left it: the match's entries as objects
		const old = new Dexie(name);
		for (let at = 1 as Old; at <= 10; at++) old.version(at).stores(SCHEMA[at]);
		await old.open();
		await old.table('logs').put({
			matchId: match.id,
			entries: [{ action: { type: 'reveal', card: 9 }, at: 1 }]
		});
		await old.table('matches').update(match.id, { length: 1 });
		old.close();

		const db = new PasspadDb(name);
		useDatabase(db);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		expect((await loadLog(match.id)).actions).toEqual([{ type: 'reveal', card: 9 }]);
		// nothing rewritten by opening: the row keeps its form until its log changes
		expect(await db.logs.get(match.id)).toHaveProperty('entries');
		await appendAction(match.id, 1, { type: 'pass' }, { status: 'active', result: null });
		const row = await db.logs.get(match.id);
		expect(row).toEqual({ matchId: match.id, json: expect.any(String) });
		expect((await loadLog(match.id)).actions).toEqual([
			{ type: 'reveal', card: 9 },
			{ type: 'pass' }
		]);
		// the first action's time carried over
		expect(entriesOfRow(row)[0].at).toBe(1);
		db.close();
	});
});
