/**
 * Leaving a group (docs/group.md, "Removing"): nothing more is read or sent, so nothing more
 * waits to be sent. A match of a group this phone left keeps its log here, but writes no step
 * to the outbox, and the steps that waited go with leaving; the tracked change (one row a
 * thing, db/changed.ts) stays, so a phone that joins again sends what changed meanwhile.
 */
import 'fake-indexeddb/auto';
import { beforeEach, expect, it } from 'vitest';
import * as db from '$lib/db';
import { MatchStore } from '$lib/match/store';
// the store needs only the rules from a game's screens, and the log's words
import { ui } from '$lib/match/session-fixture';
import { joinGroup, leaveGroup } from './groups';

const CLUB = { g: 'leftclub1', n: 'Club', u: 'leftclub1-m1', p: 'secret-secret-secret' };

let phone: db.PasspadDb;
beforeEach(async () => {
	phone = new db.PasspadDb(`left-${crypto.randomUUID()}`);
	db.useDatabase(phone);
	await phone.open();
});

async function clubMatch(group: string) {
	const created = await db.createMatch({
		game: 'ill-pass',
		config: { start: 0, takerReveals: false },
		names: ['Ana', 'Ben', 'Chloé'],
		group
	});
	return { id: created.id, store: new MatchStore(ui, await db.loadLog(created.id)) };
}

it('a match of a group this phone left writes no step to send, and what waited goes with leaving', async () => {
	await joinGroup(CLUB);
	const { id, store } = await clubMatch(CLUB.g);
	await store.act({ type: 'reveal', card: 17 });
	expect(await phone.sends.count()).toBe(1);
	await leaveGroup(CLUB.g);
	expect(await phone.sends.count()).toBe(0);
	await store.act({ type: 'pass' });
	await store.act({ type: 'take' });
	expect(await phone.sends.count()).toBe(0);
	// the match stays whole here, and the group will hear of it if this phone joins again
	expect((await db.loadLog(id)).actions).toHaveLength(3);
	expect(await phone.changed.get([CLUB.g, `match.${id}`])).toBeDefined();
});

it('joined again: the next step is written to send as before', async () => {
	await joinGroup(CLUB);
	const { store } = await clubMatch(CLUB.g);
	await leaveGroup(CLUB.g);
	await store.act({ type: 'reveal', card: 17 });
	await joinGroup(CLUB);
	await store.act({ type: 'pass' });
	expect((await phone.sends.toArray()).map((row) => row.change.kind)).toEqual(['act']);
});

it('leaving one group keeps another group’s steps waiting', async () => {
	const other = { ...CLUB, g: 'otherclub1', u: 'otherclub1-m1' };
	await joinGroup(CLUB);
	await joinGroup(other);
	const { store: mine } = await clubMatch(CLUB.g);
	const { store: theirs } = await clubMatch(other.g);
	await mine.act({ type: 'reveal', card: 17 });
	await theirs.act({ type: 'reveal', card: 20 });
	await leaveGroup(CLUB.g);
	expect((await phone.sends.toArray()).map((row) => row.match)).toEqual([theirs.match.id]);
});

it('a match of the group live at a table here keeps sending to its table after leaving', async () => {
	await joinGroup(CLUB);
	const { store } = await clubMatch(CLUB.g);
	const link = {
		t: 'tablelive1',
		m: store.match.id,
		u: 'table-w',
		p: 'secret-secret-secret',
		r: 'w'
	};
	await db.putLive(phone, store.match.id, { link, name: 'Ana' });
	await store.act({ type: 'reveal', card: 17 });
	await leaveGroup(CLUB.g);
	await store.act({ type: 'pass' });
	expect(await phone.sends.count()).toBe(2);
});
