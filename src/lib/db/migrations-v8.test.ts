import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { PasspadDb } from './db';
import { SCHEMA, SCHEMA_VERSION, type EveningRow } from './schema';
import { DEFAULT_SCALE } from '../evening/tag';

describe('v7 -> v8: docs/evening.md, a club evening kept on the phone', () => {
	it('a v7 database opens with its rows as they were and an empty evenings table, found by group', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const old = new Dexie(name);
		for (let at = 1 as 1 | 2 | 3 | 4 | 5 | 6 | 7; at <= 7; at++) old.version(at).stores(SCHEMA[at]);
		await old.open();
		const player = {
			id: 'p1',
			name: 'Ana',
			nameKey: 'ana',
			hidden: false,
			createdAt: 1,
			colour: null
		};
		const group = {
			id: 'club42',
			name: 'Club',
			server: '',
			user: 'u',
			pass: 'p',
			role: 'member',
			left: false,
			joinedAt: 1
		};
		await old.table('players').add(player);
		await old.table('groups').add(group);
		old.close();

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(8);
		expect(await db.players.toArray()).toEqual([player]);
		expect(await db.groups.toArray()).toEqual([group]);
		expect(await db.evenings.count()).toBe(0);
		const evening: EveningRow = {
			id: 'e1',
			group: 'club42',
			createdAt: 2,
			updatedAt: 2,
			seed: 7,
			rounds: 2,
			game: 'ill-pass',
			scale: DEFAULT_SCALE,
			players: [{ key: 'p1', name: 'Ana' }],
			present: ['p1'],
			drawn: []
		};
		await db.evenings.add(evening);
		expect(await db.evenings.where('group').equals('club42').toArray()).toEqual([evening]);
		db.close();
	});
});
