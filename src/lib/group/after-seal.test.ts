/**
 * A change to a group's match after its seal (docs/wire.md, "What travels": after `seal`, any
 * member writes the record's changes; docs/group.md, "On the phone: what leaves"): the phone
 * seals the match again from what it is here, over the seal its copy is as (reseal.ts), or the
 * newest the group holds, which it reads from the group's stream, when it knows none (a phone
 * that did not seal it, or whose copy is the group's version since); the match's steps are let
 * go, the seal carries them. Another phone's seal first is a conflict (`moved`), never merged,
 * and nothing is sealed while the match is in conflict here. A real nats-server and keeper.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import * as db from '$lib/db';
import { MatchStore } from '$lib/match/store';
import { ui } from '$lib/match/session-fixture';
import { seeded } from '$lib/rules/common';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { groupEntrySubject } from '$lib/wire/names.js';
import { newKeyPair, signerOf, type Signer } from '$lib/wire/signing';
import type { TestLive } from '$lib/live/test-server';
import { heldSeal } from './held';
import { matchVersion, proveMatch } from './record';
import { writeMatch } from '$lib/db/group/matches';
import { readEntries } from '$lib/db/entries';
import { dropConflict } from '$lib/db/group/conflicts';
import { entriesOf, phoneDb, recordedIn, sealsOf, syncingIn, useKeeper } from './keeper-fixtures';
import { round } from './wire-club-fixtures';

const keeper = useKeeper();
/** Another finished round of three: a correction of the first. */
const other = randomGame(seeded(31), 3);
const corrected = {
	type: 'tally',
	hands: other.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }))
};

/** A club with Ana's match finished and sealed by her phone; Ben a member too. */
async function sealedClub() {
	const server = keeper();
	const club = await server.live.createGroup('Friday club', 'Ana’s phone');
	const { member: ben } = await server.live.invite(club.group, 'Ben’s phone');
	const nc = await server.phone(club.member);
	const signer = await signerOf(await newKeyPair());
	const ana = await phoneDb();
	const store = await recordedIn(ana, club.group);
	const made = store.match;
	const entries = (key: Signer = signer) =>
		entriesOf({ db: ana, group: club.group, nc, signer: key, user: club.member.user });
	expect((await store.act(round)).ok).toBe(true);
	const phone = entries();
	expect(await phone.send(made.id)).toEqual({ kind: 'done' });
	const seals = () => sealsOf(server, club.group, made.id);
	expect(await seals()).toHaveLength(1);
	return { server, club, ben, nc, signer, ana, store, made, entries, phone, seals };
}

/** Ben's phone holding the same match as Ana's (as the group's versions brought it). */
async function bensCopy(
	server: TestLive,
	group: string,
	ben: { user: string; pass: string },
	ana: db.PasspadDb,
	id: string
) {
	const passpad = await phoneDb('ben');
	await passpad.matches.put((await ana.matches.get(id))!);
	await passpad.logs.put((await ana.logs.get(id))!);
	const signer = await signerOf(await newKeyPair());
	const nc = await server.phone(ben);
	const entries = entriesOf({
		db: passpad,
		group,
		nc,
		signer,
		user: ben.user,
		by: 'ben-phone-000001'
	});
	const store = new MatchStore(ui, await db.loadLog(id, passpad), passpad);
	return { passpad, entries, store };
}

/** Ana's phone syncing in a new club, with a match finished and sealed through its sync. */
async function sealedThroughSync(name: string) {
	const server = keeper();
	const club = await server.live.createGroup(name, 'Ana’s phone');
	const ana = await phoneDb();
	const nc = await server.phone(club.member);
	// a build reading the versions: the group's versions carry what a seal is refused (moved)
	const sync = await syncingIn(ana, club, nc, await signerOf(await newKeyPair()), undefined, 1);
	await sync.caughtUp();
	const store = await recordedIn(ana, club.group);
	expect((await store.act(round)).ok).toBe(true);
	await sync.flush();
	await sync.entriesSettled();
	const id = store.match.id;
	const seals = () => sealsOf(server, club.group, id);
	expect(await seals()).toHaveLength(1);
	return { server, club, ana, sync, store, id, seals };
}

/** The group's version of the match here with Ben's note, as his phone sends it. */
async function bensVersion(ana: db.PasspadDb, store: MatchStore) {
	const log = await readEntries(ana, store.match.id);
	const stamp = { v: 1, id: store.match.id, at: 2, by: 'ben-phone-000001', contest: null } as const;
	return { ...matchVersion(store.match, log, stamp), notes: 'Ben’s note' };
}

it('seal again: a note and a correction after the seal are the newest seal, its steps let go; a phone started again seals over the newest', async () => {
	const { ana, store, made, entries, phone, seals } = await sealedClub();

	// the note changed: no step, the match changed here is looked at
	await store.setNotes('the tally was counted again');
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect((await seals()).map((seal) => seal.change.notes)).toEqual([
		'',
		'the tally was counted again'
	]);

	// corrected: the round taken back and entered again otherwise, in the next run of the phone
	await store.undo();
	expect((await store.act(corrected as typeof round)).ok).toBe(true);
	expect(await ana.sends.count()).toBe(2);
	expect(await entries().sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect(await ana.sends.count()).toBe(0);
	const newest = (await seals()).at(-1)!;
	expect(newest.change.log.map((one) => one.action)).toEqual([corrected]);
	expect(newest.change.notes).toBe('the tally was counted again');
	expect(newest.change.abandoned).toBe(false);
	expect(await seals()).toHaveLength(3);

	// nothing changed since: nothing sealed again
	expect(await entries().sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect(await seals()).toHaveLength(3);
	expect((await db.loadLog(made.id, ana)).match.notes).toBe('the tally was counted again');
});

it('seal again: a sealed match deleted here is sealed again as deleted, and restored by Undo sealed again kept', async () => {
	const { ana, store, made, phone, seals } = await sealedClub();
	const removed = await store.remove();
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	const deleted = (await seals()).at(-1)!;
	expect(deleted.change.deleted).toBe(true);
	expect(deleted.change.log).toEqual((await seals())[0].change.log);
	// deleted again (nothing new): nothing sealed
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect(await seals()).toHaveLength(2);
	await db.restoreMatch(removed, ana);
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	const restored = (await seals()).at(-1)!;
	expect(restored.change.deleted).toBeUndefined();
	expect(restored.prev).toBe(deleted.id);
	expect(await seals()).toHaveLength(3);
});

it('seal again: another member’s phone, which did not seal the match, seals its change over the seal it reads', async () => {
	const { server, club, ben, ana, made, seals } = await sealedClub();
	const bens = await bensCopy(server, club.group, ben, ana, made.id);
	await bens.store.setNotes('Ben’s note');
	expect(await bens.entries.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	const newest = (await seals()).at(-1)!;
	expect(newest.change.notes).toBe('Ben’s note');
	expect(newest.by).toBe('ben-phone-000001');
	const first = (await seals())[0];
	expect(newest.prev).toBe(first.id);
	expect(newest.pos).toBe(first.pos + 1);
});

it('seal again: another phone’s seal first is moved, nothing stored, the steps let go', async () => {
	const { server, club, ben, ana, store, made, signer, seals, nc } = await sealedClub();
	const bens = await bensCopy(server, club.group, ben, ana, made.id);
	await bens.store.setNotes('Ben’s note');
	// Ben's phone seals its change just as Ana's has read the seal and signs its own
	let first = true;
	const racing: Signer = {
		key: signer.key,
		async sign(bytes) {
			if (first && new TextDecoder().decode(bytes).includes('"kind":"seal"')) {
				first = false;
				expect(await bens.entries.sendAll([made.id])).toEqual(
					new Map([[made.id, { kind: 'done' }]])
				);
			}
			return signer.sign(bytes);
		}
	};
	await store.undo();
	expect((await store.act(corrected as typeof round)).ok).toBe(true);
	await store.setNotes('Ana’s note');
	const phone = entriesOf({
		db: ana,
		group: club.group,
		nc,
		signer: racing,
		user: club.member.user
	});
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'moved' }]]));
	expect(await ana.sends.count()).toBe(0);
	expect((await seals()).map((seal) => seal.change.notes)).toEqual(['', 'Ben’s note']);
	// what the phone reads is Ben's seal
	const held = await heldSeal(jetstream(nc), club.group, made.id, 1_000);
	expect(held).toMatchObject({ change: { notes: 'Ben’s note' } });
});

it('seal again: through GroupSync, a note written after the seal is sealed again once the group looks at it', async () => {
	const { sync, store, seals } = await sealedThroughSync('Saturday club');
	try {
		// the note: no step, only the match tracked as changed (db/changed.ts)
		await store.setNotes('Chloé’s last round');
		await sync.flush();
		await sync.entriesSettled();
		expect((await seals()).map((seal) => seal.change.notes)).toEqual(['', 'Chloé’s last round']);
		expect(sync.entriesSent.get(store.match.id)).toEqual({ kind: 'done' });
	} finally {
		await sync.stop();
	}
});

it('seal again through GroupSync: a note written while the match is in conflict here is sealed once the conflict is settled', async () => {
	const { club, ana, sync, store, id, seals } = await sealedThroughSync('Monday club');
	try {
		// both versions kept here (as a version of another phone read would make them)
		const theirs = await bensVersion(ana, store);
		const subject = `match.${id}` as const;
		const conflict = { group: club.group, subject, mine: theirs, theirs, theirsSeq: 1 };
		await ana.conflicts.put({ ...conflict, theirsMsgId: 'm', at: 1 });
		await store.setNotes('Ana’s note');
		await sync.flush();
		await sync.entriesSettled();
		expect(await seals()).toHaveLength(1);
		expect(await sync.settle(subject, 'mine')).toEqual({ ok: true });
		await sync.entriesSettled();
		expect((await seals()).map((seal) => seal.change.notes)).toEqual(['', 'Ana’s note']);
	} finally {
		await sync.stop();
	}
});

it('seal again through GroupSync: a match said moved is said no more once the group’s version taken here is what the group holds', async () => {
	const { server, club, ana, sync, store, id, seals } = await sealedThroughSync('Tuesday club');
	try {
		// Ben's phone seals its note; Ana's, which never had that seal, notes the match too
		const { member: ben } = await server.live.invite(club.group, 'Ben’s phone');
		const bens = await bensCopy(server, club.group, ben, ana, id);
		await bens.store.setNotes('Ben’s note');
		expect(await bens.entries.sendAll([id])).toEqual(new Map([[id, { kind: 'done' }]]));
		await store.setNotes('Ana’s note');
		await sync.flush();
		await sync.entriesSettled();
		expect(sync.entriesSent.get(id)).toEqual({ kind: 'moved' });
		// the group's version of Ben's note written here, as a read of it writes it
		const proven = proveMatch(await bensVersion(ana, store));
		if (!proven.ok) throw new Error(proven.why);
		await writeMatch(ana, club.group, proven.match, { seq: 99, msgId: 'ben', hash: null });
		await sync.flush();
		await sync.entriesSettled();
		expect(sync.entriesSent.get(id)).toEqual({ kind: 'done' });
		expect((await seals()).map((seal) => seal.change.notes)).toEqual(['', 'Ben’s note']);
	} finally {
		await sync.stop();
	}
});

it('seal again: an entry left beside the seal (the keeper deletes them one by one after sealing) is not a stranger’s: the seal is the match, nothing refused', async () => {
	const { server, club, store, made, entries, seals } = await sealedClub();
	// an entry still there, mid-way through the keeper's deletes: the log read from it has no start
	const clerk = await server.live.groupWriter(club.group);
	const left = new TextEncoder().encode('{"v":1,"left":"beside the seal"}');
	await clerk.publish(groupEntrySubject(club.group, made.id, 1), left);
	// a step taken back here, sent by a phone that does not know the match sealed (a new run)
	await store.undo();
	expect(await entries().sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	// sealed again as it is, over the seal, the entry beside it never read as the match's
	expect((await seals()).map((seal) => seal.change.log.length)).toEqual([1, 0]);
});

it('seal again: a move taken back after the end is sealed as the match now is, not over; taken again, sealed over that', async () => {
	const { store, made, phone, seals } = await sealedClub();
	await store.undo();
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect((await seals()).map((seal) => seal.change.log.length)).toEqual([1, 0]);
	// noted while not over: no step, the seal carries it
	await store.setNotes('taken back, to be played again');
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect((await seals()).map((seal) => seal.change.notes)).toEqual([
		'',
		'',
		'taken back, to be played again'
	]);
	expect((await store.act(round)).ok).toBe(true);
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	const newest = (await seals()).at(-1)!;
	expect(newest.change.log).toHaveLength(1);
	expect(newest.prev).toBe((await seals())[2].id);
});

it('seal again over the seal this phone had: another phone’s seal since, which it never had, is moved, nothing written over it, in this run and the next', async () => {
	const { server, club, ben, ana, store, made, entries, phone, seals } = await sealedClub();
	const bens = await bensCopy(server, club.group, ben, ana, made.id);
	await bens.store.setNotes('Ben’s note');
	expect(await bens.entries.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	// Ana's phone has not read Ben's change: its own note is its change over its own seal
	await store.setNotes('Ana’s note');
	const moved = new Map([[made.id, { kind: 'moved' }]]);
	expect(await phone.sendAll([made.id])).toEqual(moved);
	expect(await entries().sendAll([made.id])).toEqual(moved);
	expect((await seals()).map((seal) => seal.change.notes)).toEqual(['', 'Ben’s note']);
	expect((await db.loadLog(made.id, ana)).match.notes).toBe('Ana’s note');
});

it('seal again: this phone’s own newest seal is one it had, though the answer that said it stored was lost', async () => {
	const { club, ana, store, made, phone, seals } = await sealedClub();
	const first = await ana.seals.get([club.group, made.id]);
	await store.setNotes('Ana’s first note');
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	// stored, but as if its answer never came: the phone still knows only its first seal
	await ana.seals.put(first!);
	await store.setNotes('Ana’s second note');
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect((await seals()).map((seal) => seal.change.notes)).toEqual([
		'',
		'Ana’s first note',
		'Ana’s second note'
	]);
});

it('seal again: nothing is sealed while the match is in conflict here; settled, the choice is sealed over the newest', async () => {
	const { ana, club, store, made, entries, seals } = await sealedClub();
	await store.setNotes('Ana’s note');
	const subject = `match.${made.id}` as const;
	const conflict = { group: club.group, subject, mine: {}, theirs: {}, theirsSeq: 1 };
	await ana.conflicts.put({ ...conflict, theirsMsgId: 'm', at: 1 });
	expect(await entries().sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'moved' }]]));
	expect(await seals()).toHaveLength(1);
	await dropConflict(ana, club.group, subject);
	expect(await entries().sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect((await seals()).map((seal) => seal.change.notes)).toEqual(['', 'Ana’s note']);
});

it('seal again through GroupSync: the group’s version of another phone’s change taken here, the next change here is sealed over that phone’s seal', async () => {
	const server = keeper();
	const club = await server.live.createGroup('Sunday club', 'Ana’s phone');
	const { member } = await server.live.invite(club.group, 'Ben’s phone');
	const [ana, ben] = [await phoneDb(), await phoneDb('ben')];
	// both on a build reading the versions (wire-taking.test.ts: the same, reading the wire)
	const anaSync = await syncingIn(
		ana,
		club,
		await server.phone(club.member),
		await signerOf(await newKeyPair()),
		undefined,
		1
	);
	const benSync = await syncingIn(
		ben,
		{ ...club, member },
		await server.phone(member),
		await signerOf(await newKeyPair()),
		'ben-phone-000001',
		1
	);
	try {
		await Promise.all([anaSync.caughtUp(), benSync.caughtUp()]);
		const store = await recordedIn(ana, club.group);
		expect((await store.act(round)).ok).toBe(true);
		await anaSync.flush();
		await anaSync.entriesSettled();
		const id = store.match.id;
		const seals = () => sealsOf(server, club.group, id);
		expect(await seals()).toHaveLength(1);
		expect(await ana.seals.get([club.group, id])).toMatchObject({ id: (await seals())[0].id });

		// Ben's phone reads the match, notes it, and seals its note over Ana's seal
		await expect.poll(() => ben.matches.get(id), { timeout: 15_000 }).toBeDefined();
		const benStore = new MatchStore(ui, await db.loadLog(id, ben), ben);
		await benStore.setNotes('Ben’s note');
		await benSync.flush();
		await benSync.entriesSettled();
		expect((await seals()).map((seal) => seal.change.notes)).toEqual(['', 'Ben’s note']);

		// Ana's phone takes Ben's version: the seal it had is not the copy's any more
		const notes = async () => (await ana.matches.get(id))?.notes;
		await expect.poll(notes, { timeout: 15_000 }).toBe('Ben’s note');
		expect(await ana.seals.get([club.group, id])).toBeUndefined();
		await new MatchStore(ui, await db.loadLog(id, ana), ana).setNotes('Ana’s note after Ben’s');
		await anaSync.flush();
		await anaSync.entriesSettled();
		expect(anaSync.entriesSent.get(id)).toEqual({ kind: 'done' });
		const newest = (await seals()).at(-1)!;
		expect(newest.change.notes).toBe('Ana’s note after Ben’s');
		expect(newest.prev).toBe((await seals())[1].id);
	} finally {
		await Promise.all([anaSync.stop(), benSync.stop()]);
	}
});
