import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasspadDb } from './db';
import { SCHEMA, SCHEMA_VERSION } from './schema';
import { savedHost, savedLive, savedPen, savedSynced, deviceId } from '../live/saved';

/** The old build's localStorage, as a phone on v8 holds it (live/saved.ts until v8). */
function oldStorage(kept: Record<string, string>) {
	const map = new Map(Object.entries(kept));
	return {
		map,
		get length() {
			return map.size;
		},
		key: (at: number) => [...map.keys()][at] ?? null,
		getItem: (key: string) => map.get(key) ?? null,
		setItem: (key: string, value: string) => void map.set(key, value),
		removeItem: (key: string) => void map.delete(key)
	};
}

afterEach(() => {
	vi.unstubAllGlobals();
});

const writer = { t: 'tablelive1', m: 'match-1', u: 'table-w', p: 'secret-secret-secret', r: 'w' };
const readers = { ...writer, u: 'table-r', r: 'r' };

describe('v8 -> current (v9): docs/wire.md, "Upgrade in place": live play out of localStorage', () => {
	it('a phone with v8 data and live links in localStorage keeps every match, its live table, its pen and its group after the update; the old keys go', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const old = new Dexie(name);
		for (let at = 1 as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8; at <= 8; at++)
			old.version(at).stores(SCHEMA[at]);
		await old.open();
		const match = {
			id: 'match-1',
			game: 'ill-pass',
			status: 'active',
			updatedAt: 2,
			playerIds: [],
			group: 'club42'
		};
		const group = { id: 'club42', name: 'Club', server: '', user: 'u', pass: 'p' };
		await old.table('matches').add(match);
		await old
			.table('logs')
			.add({ matchId: 'match-1', entries: [{ action: { type: 'take' }, at: 2 }] });
		await old.table('groups').add(group);
		old.close();
		const storage = oldStorage({
			'passpad.live.host': 'u=host-user&p=host-secret-secret',
			'passpad.live.device': 'phone-ana-0001',
			'passpad.live.match.match-1': JSON.stringify({
				link: writer,
				readers,
				name: 'Ana',
				group: 'club42'
			}),
			'passpad.live.synced.match-1': '[{"type":"take"}]',
			'passpad.live.pen.match-1': '1',
			'passpad.live.pen.match-2': '0',
			'passpad.theme': 'dark'
		});
		vi.stubGlobal('localStorage', storage);

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		expect(SCHEMA_VERSION).toBeGreaterThanOrEqual(9);
		expect(await db.matches.toArray()).toEqual([match]);
		expect(await db.logs.count()).toBe(1);
		expect(await db.groups.toArray()).toEqual([group]);
		expect(await savedLive('match-1', db)).toEqual({
			link: writer,
			readers,
			name: 'Ana',
			group: 'club42'
		});
		expect(await savedHost(db)).toEqual({ u: 'host-user', p: 'host-secret-secret' });
		expect(await deviceId(() => 'made-anew-0000', db)).toBe('phone-ana-0001');
		expect(await savedSynced('match-1', db)).toBe('[{"type":"take"}]');
		expect(await savedPen('match-1', db)).toBe(true);
		// a match whose live play stopped with the pen elsewhere keeps that word
		expect(await savedPen('match-2', db)).toBe(false);
		// the credentials are no longer in localStorage; what is not live play's stays
		expect([...storage.map.keys()]).toEqual(['passpad.theme']);
		db.close();
	});

	it('no localStorage (a worker, storage denied): the update opens with nothing to move', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const old = new Dexie(name);
		for (let at = 1 as 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8; at <= 8; at++)
			old.version(at).stores(SCHEMA[at]);
		await old.open();
		old.close();
		vi.stubGlobal('localStorage', undefined);
		const db = new PasspadDb(name);
		await db.open();
		expect(await db.links.count()).toBe(0);
		db.close();
	});
});
