/**
 * A new phone joining a group's record (docs/group.md, "On the phone"): each batch read is one
 * transaction with how far the stream was taken, and what it writes is the group's, never a
 * change of this phone's to send. On the scene of sync-fixtures.ts.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { GroupSync } from './sync';
import { groupScene } from './sync-fixtures';

const scene = groupScene();
const { clubToJoin, credentialOf } = scene;

describe('group record sync: a new phone joins', () => {
	it("group: a joining phone writes each batch and how far it has read in one transaction, and a received match tracks no change of this phone's", async () => {
		const { group, db } = await clubToJoin(13);
		// the IndexedDB transaction each match row was made in, and each move of readTo
		const made = new Set<unknown>();
		const moved: unknown[] = [];
		db.matches.hook('creating', (_, __, transaction) => void made.add(transaction.idbtrans));
		db.groups.hook('updating', (changes, _, __, transaction) => {
			if ((changes as { readTo?: number }).readTo !== undefined) moved.push(transaction.idbtrans);
		});
		const nc = await scene.server.phone(await credentialOf(group, 'dan'));
		const sync = new GroupSync({ nc, db, group, phone: 'phone-dan-0001', batch: 5 });
		scene.engines.push(sync);
		sync.start();
		await sync.caughtUp();
		expect(await db.matches.count()).toBe(13);
		// 2 members, 3 players and 13 matches in batches of 5: each batch's matches in one
		// transaction, and readTo moved in that same one
		expect(made.size).toBe(moved.length);
		for (const transaction of made) expect(moved).toContain(transaction);
		// the group's versions, written as the group's: nothing to send back, nothing tracked
		expect(await db.changed.count()).toBe(0);
		expect(await db.outbox.count()).toBe(0);
		await sync.stop();
		await nc.close();
	}, 60_000);
});
