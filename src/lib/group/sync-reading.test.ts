/**
 * Reading a group's stream: hostile messages refused, a joining phone's batches and figures (docs/group.md), on the scene of sync-fixtures.ts: a real nats-server with its
 * provisioning, each phone its own IndexedDB (fake-indexeddb) and its own GroupSync.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import { PasspadDb } from '$lib/db/db';
import { setNotes } from '$lib/db/matches';
import { readEntries } from '$lib/db/entries';
import { newId } from '$lib/wire/ids';
import { groupStreamOf, recordSubject } from '$lib/wire/names.js';
import { REFUSED_KEPT } from '$lib/db/refused';
import { seeded } from '$lib/rules/common';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { GroupSync } from './sync';
import { writeVersion, type KeptMatch } from './record';
import { illPassVersion } from './fixtures';
import type { CatchUp } from './progress';
import { groupScene } from './sync-fixtures';

const scene = groupScene();
const { newGroup, clubOfThree, clubToJoin, credentialOf, newPhone, play, until, record } = scene;

describe('group record sync: reading', () => {
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
		const js = jetstream(await scene.server.phone(await credentialOf(group, 'mallory')));
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
		scene.engines.push(reloaded);
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
		const nc = await scene.server.phone(await credentialOf(group, 'dan'));
		const sync = new GroupSync({ nc, db, group, phone: 'phone-dan-0001', batch: 5 });
		scene.engines.push(sync);
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
		// the group's row on the joining phone keeps how far the stream was taken (readTo)
		const { group, db } = await clubToJoin(21);
		const nc = await scene.server.phone(await credentialOf(group, 'dan'));
		// what the phone's first read brings: the newest version of each thing (both members too)
		const jsm = await scene.server.live.groupManager(group);
		const info = await jsm.streams.info(groupStreamOf(group), { subjects_filter: '>' });
		const total = Object.keys(info.state.subjects ?? {}).length;
		expect(total).toBe(2 + 3 + 21);
		const sync = new GroupSync({ nc, db, group, phone: 'phone-dan-0001', batch: 4 });
		scene.engines.push(sync);
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
		for (let index = 0; index < 50; index++)
			await scene.server.live.invite(group, `Phone ${index}`);
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
		const nc = await scene.server.phone(await credentialOf(group, 'eve'));
		const sync = new GroupSync({ nc, db, group, phone: 'phone-eve-0001' });
		scene.engines.push(sync);
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
});
