/**
 * A group's record for real (docs/group.md): nats-server started on free loopback ports with
 * the server's own provisioning (each group made with the host's request, each phone invited,
 * with a member's credential and permissions), each phone its own IndexedDB (fake-indexeddb)
 * and its own GroupSync over a node connection.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { startTestLive, type TestLive } from '$lib/live/test-server';
import { seeded } from '$lib/rules/common';
import { RULES } from '$lib/rules/registry';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { summarize } from '$lib/db/summary';
import { PasspadDb, useDatabase } from '$lib/db/db';
import { createMatch, removeMatch, restoreMatch, setNotes } from '$lib/db/matches';
import { appendAction } from '$lib/db/log';
import { readEntries } from '$lib/db/entries';
import { renamePlayer } from '$lib/db/players';
import { newId } from '$lib/wire/ids';
import { groupStreamOf, recordSubject } from '$lib/wire/names.js';
import { REFUSED_KEPT } from '$lib/db/refused';
import { GroupSync } from './sync';
import { writeVersion, type KeptMatch } from './record';
import { illPassVersion, playerVersion } from './fixtures';
import type { CatchUp } from './progress';

let server: TestLive;
const engines: GroupSync[] = [];

beforeAll(async () => {
	server = await startTestLive();
});

afterAll(async () => {
	await Promise.all(engines.map((sync) => sync.stop()));
	await server?.stop();
});

/** A member's credential for each phone, by the phone's name. */
const credentials = new Map<string, { user: string; pass: string }>();

/** A new group, made as the host's link makes it; each phone of a test is then invited. */
async function newGroup(): Promise<string> {
	const made = await server.live.createGroup('Jeudi', 'ana');
	credentials.clear();
	credentials.set(`${made.group}:first`, made.member);
	return made.group;
}

/** A new group whose member Mallory's phone has written three players (group/fixtures.ts). */
async function clubOfThree() {
	const group = await newGroup();
	const js = jetstream(await server.phone(await credentialOf(group, 'mallory')));
	const seats = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));
	const by = 'phone-mallory-01';
	for (const [at, seat] of seats.entries()) {
		await js.publish(
			`passpad.g.${group}.player.${seat.player}`,
			writeVersion(playerVersion(by, seat, at))
		);
	}
	return { group, js, seats, by };
}

async function credentialOf(group: string, name: string) {
	const key = `${group}:${name}`;
	if (!credentials.has(key)) {
		const first = credentials.get(`${group}:first`);
		credentials.delete(`${group}:first`);
		credentials.set(key, first ?? (await server.live.invite(group, name)).member);
	}
	return credentials.get(key)!;
}

interface Phone {
	name: string;
	db: PasspadDb;
	sync: GroupSync;
	nc: NatsConnection;
	/** runs db functions (which use the app's one database) on this phone */
	as<T>(work: () => Promise<T>): Promise<T>;
}

async function online(phone: Omit<Phone, 'sync' | 'nc'>, group: string): Promise<Phone> {
	const nc = await server.phone(await credentialOf(group, phone.name));
	const sync = new GroupSync({ nc, db: phone.db, group, phone: `phone-${phone.name}-0001` });
	engines.push(sync);
	sync.start();
	await sync.caughtUp();
	return { ...phone, nc, sync };
}

async function newPhone(name: string, group: string): Promise<Phone> {
	const db = new PasspadDb(`phone-${name}-${crypto.randomUUID()}`);
	await db.open();
	await db.groups.add({
		id: group,
		name: 'Jeudi',
		server: '',
		user: `m-${name}`,
		pass: 'x'.repeat(24),
		role: 'member',
		left: false,
		joinedAt: 1
	});
	const as = <T>(work: () => Promise<T>) => {
		useDatabase(db);
		return work();
	};
	return online({ name, db, as }, group);
}

/** The phone loses its network: its engine stops, what it writes waits in its outbox. */
async function offline(phone: Phone): Promise<void> {
	await phone.nc.close();
	await phone.sync.flush(); // nothing can go: it stays queued
	await phone.sync.stop();
}

/** A match of the group played here, the way the app saves it (one action a transaction). */
async function play(phone: Phone, group: string, names: string[], seed: number, upTo = Infinity) {
	return phone.as(async () => {
		const game = randomGame(seeded(seed), names.length);
		const match = await createMatch({ game: 'ill-pass', config: game.config, names, group });
		let state = RULES['ill-pass'].setup(game.config, names.length);
		for (const [seq, action] of game.actions.slice(0, upTo).entries()) {
			const result = RULES['ill-pass'].apply(state, action);
			if (!result.ok) throw new Error(result.refusal.code);
			state = result.value;
			await appendAction(match.id, seq, action, summarize(RULES['ill-pass'], state));
		}
		return match.id;
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

/** What a phone's record says: its matches, their logs and players, and who wins what. */
async function record(phone: Phone) {
	const { db } = phone;
	const matches = (await db.matches.toArray())
		.map((row) => ({
			id: row.id,
			seats: row.seats,
			status: row.status,
			length: row.length,
			notes: row.notes,
			result: row.result,
			group: row.group
		}))
		.sort((a, b) => a.id.localeCompare(b.id));
	// every log in order, with its times (ordered by match id)
	const logs = await db.logs.toArray();
	const players = (await db.players.toArray())
		.map(({ id, name }) => ({ id, name }))
		.sort((a, b) => a.id.localeCompare(b.id));
	const totals = (await db.totals.toArray()).sort((a, b) =>
		`${a.playerId}${a.game}`.localeCompare(`${b.playerId}${b.game}`)
	);
	return { matches, logs, players, totals };
}

const agree = async (...phones: Phone[]) => {
	const [first, ...others] = await Promise.all(phones.map(record));
	return others.every((other) => JSON.stringify(other) === JSON.stringify(first));
};

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
		engines.push(sync);
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
		sync.connect(await server.phone(await credentialOf(group, 'ana')));
		await sync.caughtUp();
		await until(async () => sync.status.pending === 0 && (await ana.db.outbox.count()) === 0);
		expect(sync.status.online).toBe('online');
		await until(async () => (await ben.db.matches.get(id))?.length === 5);
		expect(await agree({ ...ana, sync }, ben)).toBe(true);
	}, 60_000);

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

	it('group: hostile messages (not a version, a wrong id, a log that breaks the rules) are refused on every phone with nothing written, and cannot block the next version', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 7, 10);
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(id))?.length === 10);
		const before = await record(ben);
		const theirs = (await ana.sync.status).refused.length;

		// published by a member's phone that does not run Passpad
		const js = jetstream(await server.phone(await credentialOf(group, 'mallory')));
		const game = randomGame(seeded(7), 3);
		const version: KeptMatch = {
			v: 1,
			id,
			by: 'phone-evil-0001',
			at: 9,
			contest: null,
			kind: 'match',
			deleted: false,
			game: 'ill-pass',
			config: game.config,
			seats: before.matches[0].seats.map((seat) => ({ player: seat.playerId, name: seat.name })),
			notes: 'pwned',
			playedMs: 0,
			playedByHand: false,
			abandonedAt: null,
			createdAt: 1,
			updatedAt: 2,
			log: [
				{ action: { type: 'take' }, at: 1 },
				{ action: { type: 'reveal', card: 99 }, at: 2 }
			]
		};
		const otherId = newId();
		await js.publish(recordSubject(group, id), new TextEncoder().encode('not a version'));
		await js.publish(recordSubject(group, otherId), writeVersion({ ...version, log: [] }));
		await js.publish(recordSubject(group, id), writeVersion(version));
		await until(async () => ben.sync.status.refused.length === 3);
		await until(async () => ana.sync.status.refused.length === theirs + 3);
		expect(ben.sync.status.refused.map((note) => note.why)).toEqual([
			'not-json',
			'wrong-subject',
			'illegal'
		]);
		expect(await record(ben)).toEqual(before);
		expect(await ben.db.conflicts.count()).toBe(0);

		// kept on the group's row: the page says why after a reload, before any connection
		await until(async () => (await ben.db.groups.get(group))?.refused?.length === 3);
		const reloaded = new GroupSync({ db: ben.db, group, phone: 'phone-ben-0001' }).start();
		engines.push(reloaded);
		await until(async () => reloaded.status.refused.length === 3);
		expect(reloaded.status.refused).toEqual(ben.sync.status.refused);
		await reloaded.stop();

		// the group goes on: Ana's next change expects the refused message, and arrives
		await ana.as(() => setNotes(id, 'Table 3'));
		await ana.sync.flush();
		await until(async () => (await ben.db.matches.get(id))?.notes === 'Table 3');

		// many more: the newest few are kept, in the order read, each once
		let last = 0;
		for (let at = 0; at < REFUSED_KEPT + 2; at++) {
			const junk = new TextEncoder().encode(`junk ${at}`);
			last = (await js.publish(recordSubject(group, id), junk)).seq;
		}
		await until(async () => (await ben.db.groups.get(group))?.refused?.at(-1)?.seq === last);
		const kept = (await ben.db.groups.get(group))!.refused!;
		expect(kept.length).toBe(REFUSED_KEPT);
		expect(kept.every((note) => note.why === 'not-json')).toBe(true);
		const seqs = kept.map((note) => note.seq);
		expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
		expect(ben.sync.status.refused).toEqual(kept);
	}, 60_000);

	it('group: a phone joining reads its batches with bad messages among good ones: only the bad ones refused, every good match written whole', async () => {
		const { group, js, seats, by } = await clubOfThree();
		const matchOf = (id: string, seed: number): KeptMatch =>
			illPassVersion(by, id, seats, { seed, at: seed, span: 1 });
		// 12 good matches, and after every third a bad one: not JSON, a wrong id, a broken log
		const good = new Map<string, number>();
		const sent = new Map<string, KeptMatch['log']>();
		const bad: string[] = [];
		for (let seed = 1; seed <= 12; seed++) {
			const id = newId();
			const version = matchOf(id, seed);
			good.set(id, version.log.length);
			sent.set(id, version.log);
			await js.publish(recordSubject(group, id), writeVersion(version));
			if (seed % 3 !== 0) continue;
			const other = newId();
			bad.push(other);
			const kind = (seed / 3) % 3;
			const broken =
				kind === 1
					? new TextEncoder().encode('{"v":1,')
					: kind === 2
						? writeVersion(matchOf(newId(), seed))
						: writeVersion({
								...matchOf(other, seed),
								log: [{ action: { type: 'reveal', card: 99 }, at: 1 }]
							});
			await js.publish(recordSubject(group, other), broken);
		}

		// a new phone, a few messages a transaction: several batches, each proven ahead
		const db = new PasspadDb(`phone-dan-${crypto.randomUUID()}`);
		await db.open();
		const nc = await server.phone(await credentialOf(group, 'dan'));
		const sync = new GroupSync({ nc, db, group, phone: 'phone-dan-0001', batch: 5 });
		engines.push(sync);
		sync.start();
		await sync.caughtUp();
		expect(sync.status.refused.map((note) => note.why)).toEqual([
			'not-json',
			'wrong-subject',
			'illegal',
			'not-json'
		]);
		expect(sync.status.refused.map((note) => note.thing)).toEqual(bad.map((id) => `match.${id}`));
		const matches = await db.matches.toArray();
		expect(matches.map((match) => match.id).sort()).toEqual([...good.keys()].sort());
		for (const match of matches) {
			expect(match.status).toBe('finished');
			expect(match.length).toBe(good.get(match.id));
			// the log as sent, in order, with its times
			expect(await readEntries(db, match.id)).toEqual(sent.get(match.id));
		}
		// nothing of a refused message written, its sequence passed so it cannot block the next
		for (const id of bad) {
			expect(await db.matches.get(id)).toBeUndefined();
			expect((await db.synced.get([group, `match.${id}`]))?.hash).toBeNull();
		}
		expect(await db.conflicts.count()).toBe(0);
		await sync.stop();
		await nc.close();
	}, 60_000);

	it('group: a joining phone says how far it has caught up: versions taken of all the record brings, by batch, then nothing once up to date', async () => {
		const { group, js, seats, by } = await clubOfThree();
		for (let seed = 1; seed <= 21; seed++) {
			const id = newId();
			await js.publish(
				recordSubject(group, id),
				writeVersion(illPassVersion(by, id, seats, { seed, at: seed, span: 1 }))
			);
		}
		const db = new PasspadDb(`phone-dan-${crypto.randomUUID()}`);
		await db.open();
		// the group's row, where how far the stream was taken is kept (readTo)
		await db.groups.add({
			id: group,
			name: 'Jeudi',
			server: '',
			user: 'm-dan',
			pass: 'x'.repeat(24),
			role: 'member',
			left: false,
			joinedAt: 1
		});
		const nc = await server.phone(await credentialOf(group, 'dan'));
		// what the phone's first read brings: the newest version of each thing (both members too)
		const jsm = await jetstreamManager(server.live.nc);
		const info = await jsm.streams.info(groupStreamOf(group), { subjects_filter: '>' });
		const total = Object.keys(info.state.subjects ?? {}).length;
		expect(total).toBe(2 + 3 + 21);
		const sync = new GroupSync({ nc, db, group, phone: 'phone-dan-0001', batch: 4 });
		engines.push(sync);
		const seen: (CatchUp | null)[] = [];
		let readTo: number[] = [];
		sync.onStatus((status) => {
			if (!status.caughtUp) seen.push(status.catchingUp);
		});
		db.groups.hook('updating', (changes) => {
			const moved = (changes as { readTo?: number }).readTo;
			if (moved !== undefined) readTo = [...readTo, moved];
		});
		sync.start();
		await sync.caughtUp();
		expect(sync.status.catchingUp).toBeNull();
		const figures = seen.filter((figure) => figure !== null);
		// the first figure as soon as the first version comes: nothing taken yet, all of it coming
		expect(figures[0]).toEqual({ taken: 0, total });
		// then only batches written (4 at a time), never going back, never past the whole
		for (const [at, figure] of figures.entries()) {
			expect(figure.total).toBe(total);
			expect(figure.taken % 4 === 0 || figure.taken === total).toBe(true);
			if (at > 0) expect(figure.taken).toBeGreaterThanOrEqual(figures[at - 1].taken);
		}
		// each batch moved readTo: as many batches as the figure counts in fours
		expect(readTo.length).toBe(Math.ceil(total / 4));
		expect(await db.matches.count()).toBe(21);
		await sync.stop();
		await nc.close();
	}, 60_000);

	it("group: a club's member records ahead of its roster and matches are read in one transaction with them by a joining phone", async () => {
		const group = await newGroup();
		// a club: the server's record of each member comes first in the stream
		for (let index = 0; index < 50; index++) await server.live.invite(group, `Phone ${index}`);
		const ana = await newPhone('ana', group);
		await play(ana, group, ['Ana', 'Ben', 'Chloé'], 11);
		await play(ana, group, ['Ana', 'Ben', 'Dan'], 12);
		await ana.sync.flush();

		const db = new PasspadDb(`phone-eve-${crypto.randomUUID()}`);
		await db.open();
		// the IndexedDB transaction each player and match row was made in
		const made = new Set<unknown>();
		const seen = (_: unknown, __: unknown, transaction: { idbtrans: unknown }) => {
			made.add(transaction.idbtrans);
		};
		db.players.hook('creating', seen);
		db.matches.hook('creating', seen);
		const nc = await server.phone(await credentialOf(group, 'eve'));
		const sync = new GroupSync({ nc, db, group, phone: 'phone-eve-0001' });
		engines.push(sync);
		sync.start();
		await sync.caughtUp();
		expect(sync.status.members.length).toBeGreaterThanOrEqual(52);
		expect(await db.matches.count()).toBe(2);
		expect(await db.players.count()).toBe(4);
		// the whole record is one batch: one transaction, not one a message
		expect(made.size).toBe(1);
		await sync.stop();
		await nc.close();
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
