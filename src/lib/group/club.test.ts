/**
 * The club's things between a group's phones (docs/evening.md, "One evening on every phone";
 * docs/ratings.md, "A group's switch"), on the scene of sync-fixtures.ts: a real nats-server
 * with its provisioning and members' permissions, each phone its own IndexedDB and GroupSync.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { getEvening, putEvening } from '$lib/db/evenings';
import { ratingsOn, setRatingsOn } from '$lib/ratings/record';
import { drawNext, startEvening, swapInRound, withTableMatch } from '$lib/evening/evening';
import { DEFAULT_SCALE } from '$lib/evening/tag';
import { newId } from '$lib/wire/ids';
import type { EveningRow } from '$lib/db/schema';
import { groupScene } from './sync-fixtures';

const scene = groupScene();
const { newGroup, online, newPhone, offline, until } = scene;

const names = ['Ana', 'Ben', 'Chloé', 'Dan', 'Eve', 'Fred', 'Gil', 'Hugo', 'Inès'];

function anEvening(group: string): EveningRow {
	return startEvening({
		id: newId(),
		group,
		players: names.map((name) => ({ key: `guest:${name}`, name })),
		game: 'ill-pass',
		rounds: 2,
		scale: DEFAULT_SCALE,
		seed: 1234,
		now: 1_700_000_000_000
	});
}

/** What an evening says, whoever keeps it (the row's `updatedAt` is when this phone took it). */
const said = ({ updatedAt: _at, ...row }: EveningRow) => row;

/** Two members' phones, Ana's evening sent and read on Ben's phone. */
async function eveningOnBoth() {
	const group = await newGroup();
	const ana = await newPhone('ana', group);
	const ben = await newPhone('ben', group);
	const evening = anEvening(group);
	await ana.as(() => putEvening(evening));
	await ana.sync.flush();
	await until(async () => !!(await ben.db.evenings.get(evening.id)));
	return { group, ana, ben, evening };
}

describe('the club between phones', () => {
	it("group settings: ratings switched on one member's phone are on for the group on every member's phone; a phone's own record keeps its own switch", async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		await ana.as(() => setRatingsOn(group, true));
		await ana.sync.flush();
		await until(() => ben.as(() => ratingsOn(group)));
		expect(await ben.as(() => ratingsOn(null))).toBe(false);
		expect(await ana.db.outbox.count()).toBe(0);

		// switched off again on Ben's phone: off on Ana's
		await ben.as(() => setRatingsOn(group, false));
		await ben.sync.flush();
		await until(async () => !(await ana.as(() => ratingsOn(group))));
		expect(await ana.db.conflicts.count()).toBe(0);
	}, 60_000);

	it("group settings: a phone whose own switch said off before the group's settings existed takes the group's on, no conflict", async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const ben = await newPhone('ben', group);
		await ben.as(() => setRatingsOn(group, false));
		await ben.sync.flush();
		expect(await ben.db.synced.get([group, 'settings'])).toBeUndefined();
		await ana.as(() => setRatingsOn(group, true));
		await ana.sync.flush();
		await until(() => ben.as(() => ratingsOn(group)));
		expect(await ben.db.conflicts.count()).toBe(0);
		expect(await ana.db.conflicts.count()).toBe(0);
	}, 60_000);

	it("group evening: an evening started on one phone is on every member's phone, the same draw; a table started on another phone reaches the first", async () => {
		const { ana, ben, evening } = await eveningOnBoth();
		const onBen = (await ben.db.evenings.get(evening.id))!;
		expect(said(onBen)).toEqual(said(evening));

		// Ben starts table 2's match and draws round 2 with a late arrival
		const started = withTableMatch(onBen, 0, 1, newId(), 1_700_000_100_000);
		const here = [...started.players, { key: 'guest:Jade', name: 'Jade' }];
		const next = drawNext(started, here, 'dominoes', 1_700_000_200_000)!;
		await ben.as(() => putEvening(next));
		await ben.sync.flush();
		await until(async () => (await ana.db.evenings.get(evening.id))?.drawn.length === 2);
		const onAna = (await ana.as(() => getEvening(evening.id)))!;
		expect(said(onAna)).toEqual(said(next));
		expect(onAna.drawn[0].tables[1].match).toBe(started.drawn[0].tables[1].match);
		expect(await ana.db.conflicts.count()).toBe(0);
		expect(await ben.db.conflicts.count()).toBe(0);
	}, 60_000);

	it('group evening: two phones changing one evening at once is a conflict shown on both, never merged; settled once, both agree', async () => {
		const { group, ana, ben, evening } = await eveningOnBoth();
		await offline(ana);
		await offline(ben);
		// both draw round 2 at once: Ana for I'll Pass, Ben for the dominoes after a swap
		const anaNext = drawNext(evening, evening.players, 'ill-pass', 1_700_000_300_000)!;
		const [a, b] = [evening.drawn[0].tables[0].seats[0], evening.drawn[0].tables[1].seats[0]];
		const swapped = swapInRound(evening, 0, a, b, 1_700_000_300_000)!;
		const benNext = drawNext(swapped, swapped.players, 'dominoes', 1_700_000_300_000)!;
		await ana.as(() => putEvening(anaNext));
		await ben.as(() => putEvening(benNext));
		const anaBack = await online(ana, group);
		await anaBack.sync.flush();
		const benBack = await online(ben, group);
		await benBack.sync.flush();
		const subject = `evening.${evening.id}` as const;
		await until(async () => !!(await anaBack.db.conflicts.get([group, subject])));
		await until(async () => !!(await benBack.db.conflicts.get([group, subject])));
		// nothing merged: each phone keeps its own draw until a person settles
		expect((await anaBack.db.evenings.get(evening.id))!.drawn[1].game).toBe('ill-pass');
		expect((await benBack.db.evenings.get(evening.id))!.drawn[1].game).toBe('dominoes');

		expect(await anaBack.sync.settle(subject, 'theirs')).toEqual({ ok: true });
		await until(async () => (await benBack.db.conflicts.count()) === 0);
		await until(
			async () => (await anaBack.db.evenings.get(evening.id))!.drawn[1].game === 'dominoes'
		);
		expect(said((await anaBack.db.evenings.get(evening.id))!)).toEqual(said(benNext));
		expect(await anaBack.db.conflicts.count()).toBe(0);
	}, 90_000);
});
