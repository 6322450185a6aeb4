/**
 * A group's match played live (docs/group.md, "What is written where on the phone"): Ana's
 * phone records it for the group and holds the pen; Ben, a member, follows it (/follow takes
 * it like a hand-over, same id, in no group) while his group sync reads Ana's versions. A real
 * nats-server with its provisioning, each phone its own IndexedDB; the table's entries reach
 * Ben's copy as the live table writes them (one action a transaction, db/log.ts).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { groupStreamOf } from '$lib/wire/names.js';
import { setNotes } from '$lib/db/matches';
import {
	server,
	startLive,
	penTo,
	stopLive,
	phoneOf,
	until,
	logOf,
	liveMatch,
	follow,
	playLive,
	settled,
	useLiveServer,
	type Phone
} from './live-fixtures';

useLiveServer();

describe('a group match played live', () => {
	it('group live: the pen passes to Ben, a member, and Ana goes away: Ben sends the match to the group, whole, with no conflict; Ana back, one match', async () => {
		const made = await server.live.createGroup('Jeudi', 'ana');
		const ben = (await server.live.invite(made.group, 'ben')).member;
		const chloe = (await server.live.invite(made.group, 'chloe')).member;
		const ana = await phoneOf('ana', made.group, made.member);
		const benPhone = await phoneOf('ben', made.group, ben);
		const match = await liveMatch(ana, made.group, 21);
		// Ana started the table and holds the pen; Ben follows from the start (his copy: in no group)
		await startLive(ana, match.id);
		await follow(ana, benPhone, match.id);
		const half = Math.floor(match.length / 2);
		for (let seq = 0; seq < half - 1; seq++) {
			await match.enter(ana, seq);
			await match.enter(benPhone, seq);
		}
		await ana.sync.flush();
		const sent = async () => (await ana.db.synced.get([made.group, `match.${match.id}`]))?.seq;
		await until(
			async () =>
				(await benPhone.db.synced.get([made.group, `match.${match.id}`]))?.seq === (await sent())
		);
		// one more entry, while Ana's phone has lost the network: her version of it waits
		await ana.nc.close();
		await match.enter(ana, half - 1);
		await match.enter(benPhone, half - 1);
		await ana.sync.flush();
		expect(
			await ana.db.outbox
				.where('[group+subject]')
				.equals([made.group, `match.${match.id}`])
				.count()
		).toBe(1);
		await ana.sync.stop();

		// the pen goes to Ben's phone (a pen entry of the table); Ana's phone is away
		await penTo(ana, match.id, false);
		await penTo(benPhone, match.id, true);
		for (let seq = half; seq < match.length; seq++) {
			await match.enter(benPhone, seq);
			if (seq % 4 === 0) await benPhone.sync.flush();
		}
		await benPhone.sync.flush();
		expect((await benPhone.db.matches.get(match.id))?.group).toBe(made.group);
		await until(async () => (await benPhone.db.outbox.count()) === 0);

		// the group's version is the whole match: a phone that joins now reads it so
		const chloePhone = await phoneOf('chloe', made.group, chloe);
		await until(async () => (await chloePhone.db.matches.get(match.id))?.status === 'finished');
		expect(await logOf(chloePhone, match.id)).toEqual(await logOf(benPhone, match.id));
		expect((await logOf(chloePhone, match.id)).length).toBe(match.length);

		// Ana's phone back, its copy where she left it, the pen elsewhere: her waiting version is
		// not sent over Ben's, and the group's finished one replaces her copy
		const back = await phoneOf('ana', made.group, made.member, ana.db);
		await until(async () => (await back.db.matches.get(match.id))?.status === 'finished');
		await back.sync.flush();
		await until(async () => (await back.db.outbox.count()) === 0);
		await benPhone.sync.flush();
		for (const phone of [back, benPhone, chloePhone]) {
			expect(await phone.db.conflicts.count(), phone.name).toBe(0);
			expect(await phone.db.outbox.count(), phone.name).toBe(0);
			expect(await phone.db.matches.count(), phone.name).toBe(1);
			const row = await phone.db.matches.get(match.id);
			expect(row?.group, phone.name).toBe(made.group);
			expect(row?.status, phone.name).toBe('finished');
			expect(await logOf(phone, match.id), phone.name).toEqual(await logOf(benPhone, match.id));
			expect(phone.sync.status.refused, phone.name).toEqual([]);
		}
		// nothing went back in time: Chloé's copy is still the whole match
		expect((await logOf(chloePhone, match.id)).length).toBe(match.length);
	}, 60_000);

	it.each([
		['before the group version reaches him', 0],
		['once the group has his copy', 4]
	])(
		'group live: Ben follows %s: no conflict, one match in the group on both phones',
		async (_, followAt) => {
			const made = await server.live.createGroup('Jeudi', 'ana');
			const ana = await phoneOf('ana', made.group, made.member);
			const ben = await phoneOf(
				'ben',
				made.group,
				(await server.live.invite(made.group, 'ben')).member
			);
			const match = await playLive(ana, ben, made.group, 5 + followAt, followAt);
			await settled(ana, ben, match.id);

			for (const phone of [ana, ben]) {
				expect(await phone.db.conflicts.count(), phone.name).toBe(0);
				expect(await phone.db.outbox.count(), phone.name).toBe(0);
				expect(await phone.db.matches.count(), phone.name).toBe(1);
				const row = await phone.db.matches.get(match.id);
				expect(row?.group, phone.name).toBe(made.group);
				expect(row?.status, phone.name).toBe('finished');
			}
			expect(await logOf(ben, match.id)).toEqual(await logOf(ana, match.id));
			expect(ben.sync.status.refused).toEqual([]);
		}
	);

	it.each([
		['and his phone looks for changes at once', true],
		['and his phone reads the group first', false]
	])(
		"group live: Ben follows without the pen and stops playing live mid-match, %s: he sends nothing over Ana, no conflict; the finished match is the group's, then his own edits go",
		async (_, scanFirst) => {
			const made = await server.live.createGroup('Jeudi', 'ana');
			const ana = await phoneOf('ana', made.group, made.member);
			const ben = await phoneOf(
				'ben',
				made.group,
				(await server.live.invite(made.group, 'ben')).member
			);
			const chloe = (await server.live.invite(made.group, 'chloe')).member;
			// Ben follows once the group's version reached him (his copy is the group's), to half
			const halfOf = (length: number) => Math.floor(length / 2);
			const match = await playLive(ana, ben, made.group, scanFirst ? 31 : 32, 4, halfOf);
			const half = halfOf(match.length);
			const seqOf = async (phone: Phone) =>
				(await phone.db.synced.get([made.group, `match.${match.id}`]))?.seq;
			await until(async () => (await seqOf(ben)) === (await seqOf(ana)));
			const anas = await seqOf(ana);

			// "Stop playing live" on Ben's phone, the pen still Ana's: his copy stops at half
			await stopLive(ben, match.id);
			const jsm = await jetstreamManager(ben.nc, { checkAPI: false });
			const last = async () => (await jsm.streams.info(groupStreamOf(made.group))).state.last_seq;
			if (scanFirst) {
				await ben.sync.flush();
				// the group's newest version is still the one Ana sent
				expect(await last()).toBe(anas);
			}
			for (let seq = half; seq < match.length; seq++) {
				await match.enter(ana, seq);
				if (seq % 4 === 0) await ana.sync.flush();
			}
			await ana.sync.flush();
			expect((await ana.db.matches.get(match.id))?.status).toBe('finished');
			await until(async () => (await seqOf(ben)) === (await last()));
			await ben.sync.flush();
			expect(await ben.db.conflicts.count()).toBe(0);
			await until(async () => (await ben.db.matches.get(match.id))?.status === 'finished');

			const chloePhone = await phoneOf('chloe', made.group, chloe);
			await until(async () => (await chloePhone.db.matches.get(match.id))?.status === 'finished');
			for (const phone of [ana, ben, chloePhone]) {
				expect(await phone.db.conflicts.count(), phone.name).toBe(0);
				expect(await phone.db.outbox.count(), phone.name).toBe(0);
				expect(await phone.db.matches.count(), phone.name).toBe(1);
				expect(await logOf(phone, match.id), phone.name).toEqual(await logOf(ana, match.id));
			}

			// the table is over and Ben's copy is the group's: a note he writes goes to the group
			await ben.as(() => setNotes(match.id, 'Chez Ben'));
			await ben.sync.flush();
			await until(async () => (await ana.db.matches.get(match.id))?.notes === 'Chez Ben');
			expect(await ana.db.conflicts.count()).toBe(0);
		},
		60_000
	);

	it('group live: Ben stops playing live and enters on his copy what the table did not: a conflict on every phone, both versions kept', async () => {
		const made = await server.live.createGroup('Jeudi', 'ana');
		const ana = await phoneOf('ana', made.group, made.member);
		const ben = await phoneOf(
			'ben',
			made.group,
			(await server.live.invite(made.group, 'ben')).member
		);
		const halfOf = (length: number) => Math.floor(length / 2);
		const match = await playLive(ana, ben, made.group, 33, 4, halfOf);
		const half = halfOf(match.length);

		// Ben keeps his own entries ("Stop playing live"), then plays on his copy another way
		await stopLive(ben, match.id);
		await match.enterOther(ben, half);
		await ben.sync.flush();
		for (let seq = half; seq < match.length; seq++) await match.enter(ana, seq);
		await ana.sync.flush();

		// nothing merged in silence: both phones show both versions
		await until(async () => (await ben.db.conflicts.count()) === 1);
		await until(async () => (await ana.db.conflicts.count()) === 1);
		const theirs = await logOf(ana, match.id);
		expect(theirs).toHaveLength(match.length);
		const mine = await logOf(ben, match.id);
		expect(mine).toHaveLength(half + 1);
		expect(mine.slice(0, half)).toEqual(theirs.slice(0, half));
		expect(mine[half]).not.toEqual(theirs[half]);
	}, 60_000);
});
