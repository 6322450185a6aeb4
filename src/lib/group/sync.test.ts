/**
 * A group's record kept in step between phones (docs/group.md), on the scene of sync-fixtures.ts: a real nats-server with its
 * provisioning, each phone its own IndexedDB (fake-indexeddb) and its own GroupSync.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase } from '$lib/db/db';
import { createMatch, removeMatch, restoreMatch, setNotes } from '$lib/db/matches';
import { renamePlayer } from '$lib/db/players';
import { GroupSync } from './sync';
import { groupScene } from './sync-fixtures';

const scene = groupScene();
const { newGroup, credentialOf, online, newPhone, offline, play, until, record, agree } = scene;

describe('group record sync', () => {
	it('group: two phones agree after changes made offline on both, the whole record on a phone that joins', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		const first = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 1);
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(first))?.status === 'finished');

		// Ben's phone loses the network; both phones go on
		await offline(ben);
		await ana.as(async () => {
			const anaId = (await ana.db.players.where('nameKey').equals('ana').first())!.id;
			await renamePlayer(anaId, 'Anaïs');
		});
		const second = await play(ana, group, ['Anaïs', 'Ben', 'Dan'], 2, 12);
		await ana.sync.flush();
		const third = await play(ben, group, ['Ben', 'Chloé', 'Eve'], 3);
		await ben.as(() => setNotes(first, 'Au club, table 2'));
		const back = await online(ben, group);
		await back.sync.flush();
		await ana.sync.flush();
		await until(() => agree(ana, back));
		const mine = await record(back);
		expect(mine.matches.map((match) => match.id).sort()).toEqual([first, second, third].sort());
		expect(mine.matches.find((match) => match.id === first)?.notes).toBe('Au club, table 2');
		expect(mine.players.map((player) => player.name).sort()).toEqual(
			['Anaïs', 'Ben', 'Chloé', 'Dan', 'Eve'].sort()
		);
		expect(await back.db.conflicts.count()).toBe(0);
		// the server's record of the members, read with the group's
		await until(async () => ana.sync.status.members.length === 2);
		expect(ana.sync.status.members.map((member) => member.removed)).toEqual([false, false]);
		expect(await ana.db.outbox.count()).toBe(0);
		expect(await back.db.outbox.count()).toBe(0);

		// a third phone joins: the whole record, and its own "Ben" is the group's Ben
		const chloe = await (async () => {
			const db = new PasspadDb(`phone-chloe-${crypto.randomUUID()}`);
			await db.open();
			useDatabase(db);
			await createMatch({
				game: 'climbing',
				config: { mode: 'basic', tokens: 40 },
				names: ['Ben', 'Zoé']
			});
			await db.groups.add({
				id: group,
				name: 'Jeudi',
				server: '',
				user: 'm-chloe',
				pass: 'x'.repeat(24),
				role: 'member',
				left: false,
				joinedAt: 1
			});
			return online({ name: 'chloe', db, as: (work) => (useDatabase(db), work()) }, group);
		})();
		await until(async () => (await chloe.db.matches.where('group').equals(group).count()) === 3);
		const bens = await chloe.db.players.where('nameKey').equals('ben').toArray();
		expect(bens).toHaveLength(1);
		const groupBen = (await ana.db.players.where('nameKey').equals('ben').first())!;
		expect(bens[0].id).toBe(groupBen.id);
		// the phone's own match, in no group, now seats the group's Ben
		const own = (await chloe.db.matches.toArray()).find((match) => match.group === null)!;
		expect(own.playerIds).toContain(groupBen.id);
	}, 60_000);

	it('group: a phone started again reads on from where it was, not the whole record again, and still lists the members', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		const first = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 11);
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(first))?.status === 'finished');
		await offline(ben);
		const taken = (await ben.db.groups.get(group))!.readTo!;
		expect(taken).toBeGreaterThan(0);
		// behind the sync's back, Ben's copy of the first match goes: read again, it would return
		await ben.db.transaction('rw', ben.db.matches, ben.db.logs, ben.db.synced, async () => {
			await ben.db.matches.delete(first);
			await ben.db.logs.delete(first);
			await ben.db.synced.where('group').equals(group).delete();
		});
		const second = await play(ana, group, ['Ana', 'Ben', 'Dan'], 12);
		await ana.sync.flush();
		const back = await online(ben, group);
		await until(async () => (await back.db.matches.get(second))?.status === 'finished');
		expect(await back.db.matches.get(first)).toBeUndefined();
		expect((await back.db.groups.get(group))!.readTo).toBeGreaterThan(taken);
		// the server's member records, before where it read on from, read on their own
		await until(async () => back.sync.status.members.length === 2);
	}, 60_000);

	it('group: what is written with no network waits in the outbox and goes, in order, once back', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		await ana.nc.close();
		await until(async () => ana.sync.status.online === 'offline');
		const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 4, 6);
		await ana.sync.flush();
		const queued = await ana.db.outbox.orderBy('seq').toArray();
		// the players first, then their match: one version for the whole match played offline
		expect(queued.map((entry) => entry.subject.split('.')[0])).toEqual([
			'player',
			'player',
			'player',
			'match'
		]);
		expect(ana.sync.status.pending).toBe(4);
		await ana.sync.stop();
		const back = await online(ana, group);
		await back.sync.flush();
		expect(await back.db.outbox.count()).toBe(0);
		await until(async () => (await ben.db.matches.get(id))?.length === 6);
		expect(await agree(back, ben)).toBe(true);
	}, 60_000);

	it('group: a phone opened with no network counts what waits at once, its changes made since included, and sends them once connected', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		await offline(ana);
		// the app opened again with no network: a sync with no connection yet
		const sync = new GroupSync({ db: ana.db, group, phone: 'phone-ana-0001' });
		scene.engines.push(sync);
		const said: number[] = [];
		sync.onStatus((status) => said.push(status.pending));
		sync.start();
		expect(sync.status.online).toBe('offline');
		// a match recorded for the group now: scanned without a connection (its writes seen)
		const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 11, 5);
		await until(async () => sync.status.pending === 4);
		expect(await ana.db.outbox.count()).toBe(4);
		expect(said.at(-1)).toBe(4);
		expect(await ben.db.matches.get(id)).toBeUndefined();

		// the network is back
		sync.connect(await scene.server.phone(await credentialOf(group, 'ana')));
		await sync.caughtUp();
		await until(async () => sync.status.pending === 0 && (await ana.db.outbox.count()) === 0);
		expect(sync.status.online).toBe('online');
		await until(async () => (await ben.db.matches.get(id))?.length === 5);
		expect(await agree({ ...ana, sync }, ben)).toBe(true);
	}, 60_000);

	it('group: a match deleted on one phone is deleted on the other, and its Undo brings it back on both', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 6);
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(id))?.status === 'finished');
		expect(await ben.db.totals.count()).toBe(3);

		const removed = await ana.as(() => removeMatch(id));
		await ana.sync.flush();
		await until(async () => !(await ben.db.matches.get(id)));
		expect(await ben.db.logs.get(id)).toBeUndefined();
		expect(await ben.db.totals.count()).toBe(0);

		await ana.as(() => restoreMatch(removed));
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(id))?.status === 'finished');
		await until(() => agree(ana, ben));
	}, 60_000);
});
