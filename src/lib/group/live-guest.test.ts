/**
 * A group's match played live with a guest (docs/group.md, "What is written where on the
 * phone"): the pen passes before the group heard of the match or of the guest; the phone that
 * comes back without the pen tells the group of both once. Phones and server: ./live-fixtures.ts.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import {
	server,
	startLive,
	penTo,
	phoneOf,
	until,
	logOf,
	liveMatch,
	follow,
	useLiveServer,
	type Phone
} from './live-fixtures';

useLiveServer();

describe('a group match played live, with a guest', () => {
	it("group live with a guest: the pen goes to Ben before the group heard of the match or of Zoé; Ana's phone, back without the pen, tells the group of both once, and Ben sends the whole match over it: one Zoé, no conflict", async () => {
		const made = await server.live.createGroup('Jeudi', 'ana');
		const ana = await phoneOf('ana', made.group, made.member);
		const ben = await phoneOf(
			'ben',
			made.group,
			(await server.live.invite(made.group, 'ben')).member
		);
		const chloe = (await server.live.invite(made.group, 'chloe')).member;
		// last week's match: Ana, Ben and Chloé are the group's players on both phones
		const before = await liveMatch(ana, made.group, 40);
		await before.enter(ana, 0);
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(before.id))?.length === 1);

		// Ana's group sync is away (her phone idle, then offline) when she starts a table with
		// a guest, Zoé: the group hears nothing of the match nor of Zoé
		await ana.sync.stop();
		const match = await liveMatch(ana, made.group, 41, ['Ana', 'Ben', 'Zoé']);
		await startLive(ana, match.id);
		await follow(ana, ben, match.id);
		const third = Math.floor(match.length / 3);
		for (let seq = 0; seq < third; seq++) {
			await match.enter(ana, seq);
			await match.enter(ben, seq);
		}
		// the pen goes to Ben, who plays the match to its end
		await penTo(ben, match.id, true);
		await penTo(ana, match.id, false);
		for (let seq = third; seq < match.length; seq++) await match.enter(ben, seq);
		await ben.sync.flush();
		// his copy seats a Zoé of his own (the hand-over's): not the group's yet, so not sent
		expect((await ben.db.matches.get(match.id))?.group).toBeNull();
		expect(await ben.db.outbox.count()).toBe(0);

		// Ana's phone back, the pen elsewhere: the group has nothing of the match, so her copy
		// (a third of it) goes once, with Zoé; Ben's seat is then the group's Zoé and he sends
		const back = await phoneOf('ana', made.group, made.member, ana.db);
		await back.sync.flush();
		await until(async () => (await ben.db.matches.get(match.id))?.group === made.group);
		await ben.sync.flush();
		await until(async () => (await back.db.matches.get(match.id))?.status === 'finished');
		await Promise.all([back.sync.flush(), ben.sync.flush()]);

		const chloePhone = await phoneOf('chloe', made.group, chloe);
		await until(async () => (await chloePhone.db.matches.get(match.id))?.status === 'finished');
		const zoe = async (phone: Phone) =>
			(await phone.db.players.toArray()).filter((player) => player.name === 'Zoé');
		for (const phone of [back, ben, chloePhone]) {
			expect(await phone.db.conflicts.count(), phone.name).toBe(0);
			expect(await phone.db.outbox.count(), phone.name).toBe(0);
			expect(await phone.db.matches.count(), phone.name).toBe(2);
			expect(await logOf(phone, match.id), phone.name).toEqual(await logOf(ben, match.id));
			const zoes = await zoe(phone);
			expect(zoes, phone.name).toHaveLength(1);
			const seats = (await phone.db.matches.get(match.id))!.seats.map((seat) => seat.playerId);
			expect(seats, phone.name).toContain(zoes[0].id);
			expect(phone.sync.status.refused, phone.name).toEqual([]);
		}
		expect((await zoe(chloePhone))[0].id).toBe((await zoe(back))[0].id);
		expect(await logOf(ben, match.id)).toHaveLength(match.length);
	}, 60_000);
});
