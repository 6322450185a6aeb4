/**
 * A group's match played live (docs/group.md, "What is written where on the phone"): Ana's
 * phone records it for the group and holds the pen; Ben, a member, follows it (/follow takes
 * it like a hand-over, same id, in no group) while his group sync reads Ana's versions. A real
 * nats-server with its provisioning, each phone its own IndexedDB; the table's entries reach
 * Ben's copy as the live table writes them (one action a transaction, db/log.ts).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstreamManager } from '@nats-io/jetstream';
import { startTestLive, type TestLive } from '$lib/live/test-server';
import { groupStreamOf } from '$lib/wire/names.js';
import { seeded } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { summarize } from '$lib/db/summary';
import { PasspadDb, useDatabase } from '$lib/db/db';
import { createMatch, setNotes } from '$lib/db/matches';
import { appendAction } from '$lib/db/log';
import { readEntries } from '$lib/db/entries';
import { handedMatch, planTakeOver, takeOver } from '$lib/db/handover';
import { saveLive, savePen } from '$lib/live/saved';
import { GroupSync } from './sync';

let server: TestLive;
const engines: GroupSync[] = [];

beforeAll(async () => {
	server = await startTestLive();
});

afterAll(async () => {
	await Promise.all(engines.map((sync) => sync.stop()));
	await server?.stop();
});

interface Phone {
	name: string;
	db: PasspadDb;
	sync: GroupSync;
	nc: NatsConnection;
	as<T>(work: () => Promise<T>): Promise<T>;
}

/** A table's links, as the app keeps them (their credentials are never used here). */
const linkOf = (id: string, r: 'w' | 'r') => ({
	t: 'tablelive1',
	m: id,
	u: `table-${r}`,
	p: 'secret-secret-secret',
	r
});

/** "Play live" on this phone: it started the table and holds the pen (slot.svelte.ts). */
const startLive = (phone: Phone, id: string) =>
	saveLive(id, { link: linkOf(id, 'w'), readers: linkOf(id, 'r'), name: phone.name }, phone.db);
/** The table's pen entry read on this phone (table.svelte.ts): whether the pen is its. */
const penTo = (phone: Phone, id: string, mine: boolean) => savePen(id, mine, phone.db);
/** "Stop playing live" on this phone (slot.svelte.ts). */
const stopLive = (phone: Phone, id: string) => saveLive(id, null, phone.db);

async function phoneOf(
	name: string,
	group: string,
	credential: { user: string; pass: string },
	reopened?: PasspadDb
) {
	const db = reopened ?? new PasspadDb(`phone-${name}-${crypto.randomUUID()}`);
	if (!reopened) await open(db, group, credential);
	const nc = await server.phone(credential);
	const sync = new GroupSync({
		nc,
		db,
		group,
		phone: `phone-${name}-0001`
	});
	engines.push(sync);
	sync.start();
	await sync.caughtUp();
	const as = <T>(work: () => Promise<T>) => {
		useDatabase(db);
		return work();
	};
	return { name, db, sync, nc, as } satisfies Phone;
}

async function open(db: PasspadDb, group: string, credential: { user: string; pass: string }) {
	await db.open();
	await db.groups.add({
		id: group,
		name: 'Jeudi',
		server: '',
		user: credential.user,
		pass: credential.pass,
		role: 'member',
		left: false,
		joinedAt: 1
	});
}

async function until(check: () => Promise<boolean>, ms = 15_000) {
	const end = Date.now() + ms;
	while (Date.now() < end) {
		if (await check()) return;
		await new Promise((done) => setTimeout(done, 50));
	}
	throw new Error('not reached in time');
}

const logOf = async (phone: Phone, id: string) =>
	(await readEntries(phone.db, id)).map((entry) => entry.action);

/** Ana's match of the group and the game to play in it, action by action on any phone. */
async function liveMatch(ana: Phone, group: string, seed: number, names = ['Ana', 'Ben', 'Chloé']) {
	const game = randomGame(seeded(seed), names.length);
	const match = await ana.as(() =>
		createMatch({ game: 'ill-pass', config: game.config, names, group })
	);
	const rules = RULES['ill-pass'];
	const states = [rules.setup(game.config, names.length)];
	for (const action of game.actions) {
		const result = rules.apply(states.at(-1)!, action);
		if (!result.ok) throw new Error(result.refusal.code);
		states.push(result.value);
	}
	/** the action at `seq` written on the phone, as its store (or the live table's receive) does */
	const enter = (phone: Phone, seq: number) =>
		phone.as(() =>
			appendAction(match.id, seq, game.actions[seq], summarize(rules, states[seq + 1]))
		);
	/** another action than the match's own at `seq`, entered on the phone (its copy parts) */
	const enterOther = (phone: Phone, seq: number) => {
		const own = JSON.stringify(game.actions[seq]);
		const others = [
			{ type: 'take' },
			{ type: 'pass' },
			...Array.from({ length: 33 }, (_, at) => ({ type: 'reveal', card: at + 3 }))
		];
		for (const action of others) {
			const result = rules.apply(states[seq], action as never);
			if (!result.ok || JSON.stringify(action) === own) continue;
			return phone.as(() => appendAction(match.id, seq, action, summarize(rules, result.value)));
		}
		throw new Error('no other action');
	};
	return { id: match.id, length: game.actions.length, enter, enterOther };
}

/** Ben opens the followers' link: the match taken like a hand-over (same id, in no group). */
async function follow(ana: Phone, ben: Phone, id: string) {
	await saveLive(id, { link: linkOf(id, 'w'), name: ben.name }, ben.db);
	await penTo(ben, id, false);
	const handed = await ana.as(() => handedMatch(id));
	return ben.as(async () =>
		takeOver(await planTakeOver({ ...handed, notes: '', playedMs: 0, playedByHand: false }))
	);
}

/** Ana's live match of the group, Ben following from entry `followAt`, played to `upTo` (its end). */
async function playLive(
	ana: Phone,
	ben: Phone,
	group: string,
	seed: number,
	followAt: number,
	upTo = (length: number) => length
) {
	const match = await liveMatch(ana, group, seed);
	await startLive(ana, match.id);
	for (let seq = 0; seq < followAt; seq++) await match.enter(ana, seq);
	if (followAt > 0) {
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(match.id))?.length === followAt);
	}
	await follow(ana, ben, match.id);
	// the follower's copy: the hand-over's, in no group; or the group's, the same log ('same')
	expect((await ben.db.matches.get(match.id))?.group).toBe(followAt > 0 ? group : null);
	// each entry reaches Ben's copy through the table; Ana's group sync sends on each change
	for (let seq = followAt; seq < upTo(match.length); seq++) {
		await match.enter(ana, seq);
		await match.enter(ben, seq);
		if (seq % 3 === 0) await Promise.all([ana.sync.flush(), ben.sync.flush()]);
	}
	await Promise.all([ana.sync.flush(), ben.sync.flush()]);
	return match;
}

async function settled(ana: Phone, ben: Phone, id: string) {
	await until(async () => {
		const [mine, theirs] = await Promise.all([ana.db.matches.get(id), ben.db.matches.get(id)]);
		return (
			mine?.status === 'finished' &&
			theirs?.status === 'finished' &&
			theirs.group === mine.group &&
			(await ana.db.outbox.count()) === 0 &&
			(await ben.db.outbox.count()) === 0
		);
	}).catch(() => {});
	await Promise.all([ana.sync.flush(), ben.sync.flush()]);
}

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
