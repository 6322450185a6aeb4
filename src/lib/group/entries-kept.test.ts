/**
 * What the group's page says of a match's entries (a refusal, a conflict) is kept on the phone
 * (docs/group.md, "On the phone: what leaves"): the sync started again on the same database,
 * after a reload or the app opened again, says it at once, before it connects; a later send of
 * that match that is done clears it. A real nats-server and keeper.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { RULES } from '$lib/rules/registry';
import { ANA } from '$lib/live/fixtures';
import { PasspadDb, useDatabase } from '$lib/db/db';
import { getValue } from '$lib/db/settings';
import { newKeyPair, signerOf, type Signer } from '$lib/wire/signing';
import { register } from '$lib/wire/register';
import { MAX_MEMBER_KEYS } from '$lib/wire/limits';
import type { NatsConnection } from '@nats-io/nats-core';
import { madeBeforeSealing, phoneDb, recordedIn, useKeeper } from './keeper-fixtures';
import { entriesKeptOf, keepNotes, keptNotes, nextNotes } from './entries-kept';
import { leaveGroup } from './groups';
import { GroupSync } from './sync';
import type { Sent } from './entries';

const keeper = useKeeper();

/** The phone's sync of `group`, as the app starts it; connected when given a connection. */
function syncOf(db: PasspadDb, group: string, signer: Signer, nc?: NatsConnection) {
	return new GroupSync({
		nc,
		db,
		group,
		phone: ANA,
		entries: { signer: async () => signer, rulesOf: async () => (id) => RULES[id] }
	}).start();
}

async function joined(db: PasspadDb, group: string, member: { user: string; pass: string }) {
	await db.groups.add({
		id: group,
		name: 'Club',
		server: '',
		user: member.user,
		pass: member.pass,
		role: 'member',
		left: false,
		joinedAt: 1
	});
}

describe('what the group answered stays said after a reload', () => {
	it('entries kept: a group kept whole is said again at once by the sync started again on the same database, before it connects', async () => {
		const server = keeper();
		const old = await server.live.createGroup('Old club', 'Ana’s phone');
		await madeBeforeSealing(server, old.group);
		const ana = await phoneDb();
		await joined(ana, old.group, old.member);
		const signer = await signerOf(await newKeyPair());
		const first = syncOf(ana, old.group, signer, await server.phone(old.member));
		const store = await recordedIn(ana, old.group);
		const keptWhole = { match: store.match.id, sent: { kind: 'refused', why: 'kept-whole' } };
		try {
			await first.caughtUp();
			await store.act({ type: 'reveal', card: 17 });
			await first.flush();
			await first.entriesSettled();
			expect(first.status.entries).toEqual([keptWhole]);
		} finally {
			await first.stop();
		}
		// the app opened again, no network yet: its steps were let go, nothing is sent again
		expect(await ana.sends.count()).toBe(0);
		const again = syncOf(ana, old.group, signer);
		try {
			await vi.waitFor(() => expect(again.status.entries).toEqual([keptWhole]));
		} finally {
			await again.stop();
		}
	});

	it('entries kept: a member’s link with the most keys is said again after a restart, and cleared once a new invitation opened here sends the match', async () => {
		const server = keeper();
		const club = await server.live.createGroup('Club', 'Ana’s phone');
		const lea = (await server.live.invite(club.group, 'Léa’s phone')).member;
		const leaNc = await server.phone(lea);
		for (let one = 0; one < MAX_MEMBER_KEYS; one++) {
			const other = await signerOf(await newKeyPair());
			expect(await register(leaNc, club.group, lea.user, other)).toMatchObject({ ok: true });
		}
		const phone = await phoneDb('lea');
		await joined(phone, club.group, lea);
		const signer = await signerOf(await newKeyPair());
		const store = await recordedIn(phone, club.group);
		const keysFull = { match: store.match.id, sent: { kind: 'refused', why: 'keys-full' } };
		const first = syncOf(phone, club.group, signer, leaNc);
		try {
			await first.caughtUp();
			await store.act({ type: 'reveal', card: 17 });
			await first.flush();
			await first.entriesSettled();
			expect(first.status.entries).toEqual([keysFull]);
		} finally {
			await first.stop();
		}
		const again = syncOf(phone, club.group, signer);
		try {
			await vi.waitFor(() => expect(again.status.entries).toEqual([keysFull]));
			// a member invited this phone anew, and the link was opened here
			const anew = (await server.live.invite(club.group, 'Léa’s phone again')).member;
			await phone.groups.update(club.group, { user: anew.user, pass: anew.pass });
			again.connect(await server.phone(anew));
			await vi.waitFor(
				async () => {
					await again.entriesSettled();
					expect(again.status.entries).toEqual([{ match: store.match.id, sent: { kind: 'done' } }]);
				},
				{ timeout: 15_000 }
			);
		} finally {
			await again.stop();
		}
		// nothing left to say: the row is gone, a later start says nothing
		expect(await getValue(entriesKeptOf(club.group), null, phone)).toBeNull();
	});
});

describe('a group left', () => {
	it('entries kept: a group this phone left says nothing more of its matches, so a phone invited again starts with none', async () => {
		const db = new PasspadDb(`left-${crypto.randomUUID()}`);
		useDatabase(db);
		await db.open();
		await joined(db, 'club42', { user: 'club42-mabcdefgh', pass: 'p'.repeat(32) });
		await keepNotes(db, 'club42', new Map([['m1', { kind: 'moved' }]]));
		expect(await keptNotes(db, 'club42')).toHaveLength(1);
		await leaveGroup('club42');
		expect(await keptNotes(db, 'club42')).toEqual([]);
		expect((await db.groups.get('club42'))?.left).toBe(true);
	});
});

describe('which answers are kept', () => {
	const refused: Sent = { kind: 'refused', why: 'not-the-log' };
	it.each([
		['a refusal is kept', undefined, refused, refused],
		['a conflict is kept', undefined, { kind: 'moved' }, { kind: 'moved' }],
		['a send done clears what was said', refused, { kind: 'done' }, undefined],
		['no answer leaves a refusal said', refused, { kind: 'offline' }, refused],
		['a slowed-down send leaves a refusal said', refused, { kind: 'slow-down' }, refused],
		['a newer refusal replaces the older', { kind: 'moved' }, refused, refused]
	] as [string, Sent | undefined, Sent, Sent | undefined][])(
		'entries kept: %s',
		(_, before, sent, kept) => {
			const notes = nextNotes(new Map(before ? [['m1', before]] : []), new Map([['m1', sent]]));
			expect(notes.get('m1')).toEqual(kept);
		}
	);
});
