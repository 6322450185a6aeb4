/**
 * A group's conflicts: shown on every phone, settled by a person (docs/group.md), on the scene of sync-fixtures.ts: a real nats-server with its
 * provisioning, each phone its own IndexedDB (fake-indexeddb) and its own GroupSync.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { removeMatch, setNotes } from '$lib/db/matches';
import { renamePlayer } from '$lib/db/players';
import { groupScene } from './sync-fixtures';

const scene = groupScene();
const { newGroup, online, newPhone, offline, play, until, agree } = scene;

describe('group record sync: conflicts', () => {
	it('group: a player renamed two ways is a conflict on both phones, nothing overwritten; settled once, both agree', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		await play(ana, group, ['Léa', 'Sam', 'Noor'], 5, 3);
		await ana.sync.flush();
		const lea = (await ana.db.players.where('nameKey').equals('léa').first())!.id;
		await until(async () => !!(await ben.db.players.get(lea)));

		await offline(ana);
		await offline(ben);
		await ana.as(() => renamePlayer(lea, 'Léa M.'));
		await ben.as(() => renamePlayer(lea, 'Léa B.'));
		const anaBack = await online(ana, group);
		await anaBack.sync.flush();
		const benBack = await online(ben, group);
		await benBack.sync.flush();
		const subject = `player.${lea}` as const;
		await until(async () => !!(await anaBack.db.conflicts.get([group, subject])));
		await until(async () => !!(await benBack.db.conflicts.get([group, subject])));
		const onAna = (await anaBack.db.conflicts.get([group, subject]))!;
		const onBen = (await benBack.db.conflicts.get([group, subject]))!;
		expect([
			(onAna.mine as { name: string }).name,
			(onAna.theirs as { name: string }).name
		]).toEqual(['Léa M.', 'Léa B.']);
		expect([
			(onBen.mine as { name: string }).name,
			(onBen.theirs as { name: string }).name
		]).toEqual(['Léa B.', 'Léa M.']);
		// nothing decided in silence: each phone keeps its own name until a person settles
		expect((await anaBack.db.players.get(lea))!.name).toBe('Léa M.');
		expect((await benBack.db.players.get(lea))!.name).toBe('Léa B.');
		expect(anaBack.sync.status.conflicts).toBe(1);

		// Ben keeps the group's name: both phones then say "Léa M." and have no conflict
		expect(await benBack.sync.settle(subject, 'theirs')).toEqual({ ok: true });
		await until(async () => (await anaBack.db.conflicts.count()) === 0);
		await until(() => agree(anaBack, benBack));
		expect((await benBack.db.players.get(lea))!.name).toBe('Léa M.');
		expect((await benBack.db.matches.toArray())[0].seats[0].name).toBe('Léa M.');
	}, 60_000);

	it('group: a third phone renaming a player as a conflict’s first side still shows the other side, not a second phone’s contest saying what it holds', async () => {
		const group = await newGroup();
		const [ana, ben, cleo] = [
			await newPhone('ana', group),
			await newPhone('ben', group),
			await newPhone('cleo', group)
		];
		await play(ana, group, ['Léa', 'Sam', 'Noor'], 5, 3);
		await ana.sync.flush();
		const lea = (await ana.db.players.where('nameKey').equals('léa').first())!.id;
		for (const phone of [ben, cleo]) await until(async () => !!(await phone.db.players.get(lea)));

		for (const phone of [ana, ben, cleo]) await offline(phone);
		await ben.as(() => renamePlayer(lea, 'Léa B.'));
		await ana.as(() => renamePlayer(lea, 'Léa M.'));
		await cleo.as(() => renamePlayer(lea, 'Léa M.'));
		const subject = `player.${lea}` as const;
		// Ben's name is the group's; Ana's phone contests it with hers; then Cleo's phone reads both
		const benBack = await online(ben, group);
		await benBack.sync.flush();
		const anaBack = await online(ana, group);
		await anaBack.sync.flush();
		await until(async () => (await anaBack.db.outbox.count()) === 0);
		const cleoBack = await online(cleo, group);
		await cleoBack.sync.flush();
		await until(async () => !!(await cleoBack.db.conflicts.get([group, subject])));
		await cleoBack.sync.caughtUp();
		const onCleo = (await cleoBack.db.conflicts.get([group, subject]))!;
		expect([
			(onCleo.mine as { name: string }).name,
			(onCleo.theirs as { name: string }).name
		]).toEqual(['Léa M.', 'Léa B.']);
	}, 60_000);

	it('group: a match deleted on one phone and edited on another is a conflict on both; kept with the edit, every phone has it', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 8, 5);
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(id))?.length === 5);
		await offline(ana);
		await offline(ben);
		await ana.as(() => removeMatch(id));
		await ben.as(() => setNotes(id, 'Chloé a gagné la manche'));
		const anaBack = await online(ana, group);
		await anaBack.sync.flush();
		const benBack = await online(ben, group);
		await benBack.sync.flush();
		const subject = `match.${id}` as const;
		await until(async () => !!(await anaBack.db.conflicts.get([group, subject])));
		await until(async () => !!(await benBack.db.conflicts.get([group, subject])));
		// nothing applied in silence: gone on Ana's phone, kept with its note on Ben's
		expect(await anaBack.db.matches.get(id)).toBeUndefined();
		expect((await benBack.db.matches.get(id))?.notes).toBe('Chloé a gagné la manche');
		const onAna = (await anaBack.db.conflicts.get([group, subject]))!;
		expect((onAna.mine as { deleted: boolean }).deleted).toBe(true);
		expect((onAna.theirs as { notes: string }).notes).toBe('Chloé a gagné la manche');

		expect(await anaBack.sync.settle(subject, 'theirs')).toEqual({ ok: true });
		await until(
			async () => (await anaBack.db.matches.get(id))?.notes === 'Chloé a gagné la manche'
		);
		await until(async () => (await benBack.db.conflicts.count()) === 0);
		await until(() => agree(anaBack, benBack));
	}, 60_000);

	it("group: a match edited on two phones, both kept: this phone's becomes a new match of the group, on every phone", async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 9, 4);
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(id))?.length === 4);
		await offline(ana);
		await offline(ben);
		await ana.as(() => setNotes(id, 'Ana: partie du jeudi'));
		await ben.as(() => setNotes(id, 'Ben: partie du vendredi'));
		const anaBack = await online(ana, group);
		await anaBack.sync.flush();
		const benBack = await online(ben, group);
		await benBack.sync.flush();
		const subject = `match.${id}` as const;
		await until(async () => !!(await benBack.db.conflicts.get([group, subject])));
		await until(async () => !!(await anaBack.db.conflicts.get([group, subject])));
		const settled = await benBack.sync.settle(subject, 'both');
		expect(settled.ok).toBe(true);
		const copy = settled.ok ? settled.copy! : '';
		await until(
			async () => (await anaBack.db.matches.get(copy))?.notes === 'Ben: partie du vendredi'
		);
		await until(async () => (await anaBack.db.conflicts.count()) === 0);
		await until(() => agree(anaBack, benBack));
		expect((await benBack.db.matches.get(id))?.notes).toBe('Ana: partie du jeudi');
		expect(await benBack.db.matches.where('group').equals(group).count()).toBe(2);
	}, 60_000);

	it("group: a conflict settled by keeping this phone's version is that version on every phone", async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 12, 3);
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(id))?.length === 3);
		await offline(ana);
		await offline(ben);
		await ana.as(() => setNotes(id, 'Version d’Ana'));
		await ben.as(() => setNotes(id, 'Version de Ben'));
		const anaBack = await online(ana, group);
		await anaBack.sync.flush();
		const benBack = await online(ben, group);
		await benBack.sync.flush();
		const subject = `match.${id}` as const;
		await until(async () => !!(await anaBack.db.conflicts.get([group, subject])));
		expect(await anaBack.sync.settle(subject, 'mine')).toEqual({ ok: true });
		await until(async () => (await benBack.db.matches.get(id))?.notes === 'Version d’Ana');
		await until(async () => (await benBack.db.conflicts.count()) === 0);
		await until(() => agree(anaBack, benBack));
		expect(await anaBack.db.conflicts.count()).toBe(0);
	}, 60_000);
});
