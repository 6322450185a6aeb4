import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { PasspadDb } from './db';
import { SCHEMA, SCHEMA_VERSION } from './schema';

type Old = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

describe('v9 -> current (v10): docs/group.md, "On the phone: what leaves": changes made before tracking are tracked once', () => {
	it("a phone with a group's changes made on v9 and never sent has each of them tracked, and nothing the group already has", async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const old = new Dexie(name);
		for (let at = 1 as Old; at <= 9; at++) old.version(at).stores(SCHEMA[at]);
		await old.open();
		const match = (id: string, group: string | null, revision: number) => ({
			id,
			game: 'ill-pass',
			status: 'active',
			updatedAt: 2,
			playerIds: [],
			group,
			revision
		});
		await old.table('groups').bulkAdd([
			{ id: 'club42', name: 'Club', server: '', user: 'u', pass: 'p', left: false },
			{ id: 'gone01', name: 'Old', server: '', user: 'u', pass: 'p', left: true }
		]);
		await old.table('matches').bulkAdd([
			// moved since the group last had it
			match('moved', 'club42', 5),
			// as the group has it
			match('clean', 'club42', 3),
			// never sent
			match('new', 'club42', 0),
			// this phone's only
			match('mine', null, 7),
			// a group this phone left: nothing is sent to it any more
			match('left', 'gone01', 2)
		]);
		const synced = (subject: string, revision: number, hash: string | null = 'h') => ({
			group: 'club42',
			subject,
			seq: 1,
			msgId: 'm',
			revision,
			hash
		});
		await old
			.table('synced')
			.bulkAdd([
				synced('match.moved', 4),
				synced('match.clean', 3),
				synced('match.deleted', 2),
				synced('match.never', -1, null),
				synced('player.ana', -1)
			]);
		await old.table('evenings').add({ id: 'ev1', group: 'club42' });
		await old.table('settings').add({ key: 'ratings.group.club42', value: true });
		old.close();

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		// v11 and v12 add no upgrader: what v10 tracked is what a phone has now
		expect(SCHEMA_VERSION).toBe(12);
		const tracked = (await db.changed.toArray()).map((row) => `${row.group} ${row.subject}`);
		expect(tracked.sort()).toEqual(
			[
				'club42 match.moved',
				'club42 match.new',
				// the group has it, and it is gone here: deleted on this phone
				'club42 match.deleted',
				'club42 player.ana',
				'club42 evening.ev1',
				'club42 settings'
			].sort()
		);
		// nothing else moved
		expect(await db.matches.count()).toBe(5);
		expect(await db.synced.count()).toBe(5);
		db.close();
	});
});
