/**
 * A group whose every member reads the wire takes its matches' seals from it (wire-taking.ts,
 * take-track.ts; docs/wire.md, "Reading a group's matches from the wire: the switch"): the
 * group's sync reads `passpad.gw.<group>.>` once the member records say so, a seal read there
 * becomes the copy's (its `synced` row the seal's, the seal kept), and a change made here is
 * sealed over it, never sent as a version. A member on a build that reads the versions keeps
 * the group on them. A real nats-server and keeper.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import * as db from '$lib/db';
import { MatchStore } from '$lib/match/store';
import { ui } from '$lib/match/session-fixture';
import { useKeeper } from './keeper-fixtures';
import { club as wireClub, eachPlays, round } from './wire-club-fixtures';
import { digest, proveMatch, type KeptMatch } from './record';
import { illPassVersion } from './fixtures';
import { versionOfSealed } from './sealed';
import { writeMatch } from '$lib/db/group/matches';
import { newId } from '$lib/wire/ids';

const keeper = useKeeper();
const club = (name: string, reads: { ana: number; ben: number }) => wireClub(keeper, name, reads);

it('switched: Ana’s seal is Ben’s copy, Ben’s note is sealed over it and no version goes, and Ana’s phone takes his note from his seal', async () => {
	const scene = await club('Wire club', { ana: 2, ben: 2 });
	const { group, ana, ben, anaSync, benSync, stored } = scene;
	try {
		const [anas] = await eachPlays(scene);
		await expect.poll(() => benSync.readsWire, { timeout: 15_000 }).toBe(true);
		await expect.poll(() => anaSync.readsWire, { timeout: 15_000 }).toBe(true);

		// Ben's copy of Ana's match is her seal: its synced row the seal's, the seal kept
		const [first] = (await stored(anas)).seals;
		const bensRow = () => ben.synced.get([group, `match.${anas}`]);
		await expect
			.poll(async () => (await bensRow())?.msgId, { timeout: 15_000 })
			.toBe(first.seal.id);
		expect((await bensRow())!.seq).toBe(first.seq);
		expect(await ben.seals.get([group, anas])).toMatchObject({ id: first.seal.id });
		expect((await ben.groups.get(group))!.wireReadTo).toBeGreaterThanOrEqual(first.seq);

		// Ben's note: sealed over Ana's seal, and no version of it on the record's subject
		const versionsBefore = (await stored(anas)).versions.length;
		await new MatchStore(ui, await db.loadLog(anas, ben), ben).setNotes('Ben’s note');
		await benSync.flush();
		await benSync.entriesSettled();
		const after = await stored(anas);
		expect(after.seals.map(({ seal }) => seal.change.notes)).toEqual(['', 'Ben’s note']);
		expect(after.seals[1].seal.prev).toBe(first.seal.id);
		expect(after.versions).toHaveLength(versionsBefore);
		expect(await ben.changed.count()).toBe(0);

		// Ana's phone takes the note from Ben's seal, and its copy is as that seal
		const notes = async () => (await ana.matches.get(anas))?.notes;
		await expect.poll(notes, { timeout: 15_000 }).toBe('Ben’s note');
		await expect
			.poll(async () => (await ana.seals.get([group, anas]))?.id, { timeout: 15_000 })
			.toBe(after.seals[1].seal.id);
	} finally {
		await Promise.all([anaSync.stop(), benSync.stop()]);
	}
});

it('switched with no match recorded: each phone registers its key, saying it reads the wire, once it read its group, and the group switches', async () => {
	const { anaSync, benSync } = await club('Quiet club', { ana: 2, ben: 2 });
	try {
		await expect.poll(() => anaSync.readsWire, { timeout: 15_000 }).toBe(true);
		await expect.poll(() => benSync.readsWire, { timeout: 15_000 }).toBe(true);
	} finally {
		await Promise.all([anaSync.stop(), benSync.stop()]);
	}
});

it('switched: a phone started again reads the wire on from where it took it', async () => {
	const scene = await club('Wire restart club', { ana: 2, ben: 2 });
	const { group, ana, ben, anaSync, benSync, stored } = scene;
	let again: typeof benSync | null = null;
	try {
		const [anas] = await eachPlays(scene);
		await expect.poll(() => benSync.readsWire, { timeout: 15_000 }).toBe(true);
		const [first] = (await stored(anas)).seals;
		await expect
			.poll(async () => (await ben.seals.get([group, anas]))?.id, { timeout: 15_000 })
			.toBe(first.seal.id);
		await benSync.stop();
		const readTo = (await ben.groups.get(group))!.wireReadTo!;

		// Ana's note while Ben's phone is closed, then Ben's phone opened again
		await new MatchStore(ui, await db.loadLog(anas, ana), ana).setNotes('Ana’s note');
		await anaSync.flush();
		await anaSync.entriesSettled();
		const newest = (await stored(anas)).seals.at(-1)!;
		expect(newest.seal.change.notes).toBe('Ana’s note');
		again = await scene.benStarts();
		const notes = async () => (await ben.matches.get(anas))?.notes;
		await expect.poll(notes, { timeout: 15_000 }).toBe('Ana’s note');
		expect((await ben.groups.get(group))!.wireReadTo).toBeGreaterThan(readTo);
	} finally {
		await Promise.all([anaSync.stop(), benSync.stop(), again?.stop()]);
	}
});

it('switched: a move taken back after the end reaches the other phone by its seal, the match not over there; taken again, over on both, no version sent', async () => {
	const scene = await club('Wire undo club', { ana: 2, ben: 2 });
	const { group, ana, ben, anaSync, benSync, stored } = scene;
	try {
		const [anas] = await eachPlays(scene);
		await expect.poll(() => benSync.readsWire, { timeout: 15_000 }).toBe(true);
		await expect.poll(() => anaSync.readsWire, { timeout: 15_000 }).toBe(true);
		const onWire = async () => (await ben.synced.get([group, `match.${anas}`]))?.onWire;
		await expect.poll(onWire, { timeout: 15_000 }).toBe(true);
		const versionsBefore = (await stored(anas)).versions.length;
		const status = async () => (await ben.matches.get(anas))?.status;
		expect(await status()).toBe('finished');

		const anasStore = new MatchStore(ui, await db.loadLog(anas, ana), ana);
		await anasStore.undo();
		await anaSync.flush();
		await anaSync.entriesSettled();
		await expect.poll(status, { timeout: 15_000 }).toBe('active');
		expect((await db.loadLog(anas, ben)).actions).toEqual([]);
		expect(await ana.changed.count()).toBe(0);

		expect((await anasStore.act(round)).ok).toBe(true);
		await anaSync.flush();
		await anaSync.entriesSettled();
		await expect.poll(status, { timeout: 15_000 }).toBe('finished');
		const after = await stored(anas);
		expect(after.seals.map(({ seal }) => seal.change.log.length)).toEqual([1, 0, 1]);
		expect(after.versions).toHaveLength(versionsBefore);
	} finally {
		await Promise.all([anaSync.stop(), benSync.stop()]);
	}
});

it('a member on a build that reads the versions keeps the group on them: no wire read, a note goes as a version', async () => {
	const scene = await club('Versions club', { ana: 2, ben: 1 });
	const { ana, anaSync, benSync, stored } = scene;
	try {
		const [anas] = await eachPlays(scene);
		// every member's record read: the fold says the group stays on the versions
		await expect.poll(() => anaSync.status.members.length, { timeout: 15_000 }).toBe(2);
		expect(anaSync.readsWire).toBe(false);
		const versionsBefore = (await stored(anas)).versions.length;
		await new MatchStore(ui, await db.loadLog(anas, ana), ana).setNotes('Ana’s note');
		await anaSync.flush();
		await expect
			.poll(async () => (await stored(anas)).versions.length, { timeout: 15_000 })
			.toBe(versionsBefore + 1);
		expect((await stored(anas)).versions.at(-1)!.notes).toBe('Ana’s note');
	} finally {
		await Promise.all([anaSync.stop(), benSync.stop()]);
	}
});

/**
 * Ben's phone closed while both note Ana's match sealed: Ana's note sealed first, then Ben's
 * phone opened again reads her seal over his note.
 */
async function bothNote(name: string) {
	const scene = await club(name, { ana: 2, ben: 2 });
	const { group, ana, ben, anaSync, benSync, stored } = scene;
	const [anas] = await eachPlays(scene);
	await expect.poll(() => benSync.readsWire, { timeout: 15_000 }).toBe(true);
	const [first] = (await stored(anas)).seals;
	const kept = async () => (await ben.seals.get([group, anas]))?.id;
	await expect.poll(kept, { timeout: 15_000 }).toBe(first.seal.id);
	await benSync.stop();
	await new MatchStore(ui, await db.loadLog(anas, ben), ben).setNotes('Ben’s note');
	await new MatchStore(ui, await db.loadLog(anas, ana), ana).setNotes('Ana’s note');
	await anaSync.flush();
	await anaSync.entriesSettled();
	const versions = (await stored(anas)).versions.length;
	const again = await scene.benStarts();
	const thing = `match.${anas}` as const;
	await expect.poll(() => ben.conflicts.get([group, thing]), { timeout: 15_000 }).toBeDefined();
	await again.flush();
	await again.entriesSettled();
	return {
		...scene,
		anas,
		thing,
		again,
		versions,
		stop: () => Promise.all([anaSync.stop(), again.stop()])
	};
}

it('switched, never merged: a seal read over a change made here is a conflict shown here, neither note lost, no contest sent; kept, Ben’s note is sealed over Ana’s and her phone takes it', async () => {
	const { group, ana, ben, anas, thing, again, versions, stored, stop } =
		await bothNote('Both note club');
	try {
		expect((await ben.matches.get(anas))!.notes).toBe('Ben’s note');
		const conflict = (await ben.conflicts.get([group, thing]))!;
		expect((conflict.theirs as KeptMatch).notes).toBe('Ana’s note');
		const held = await stored(anas);
		expect(held.seals.map(({ seal }) => seal.change.notes)).toEqual(['', 'Ana’s note']);
		// a seal carries no contest: nothing goes as a version
		expect(held.versions).toHaveLength(versions);
		expect(again.entriesSent.get(anas)).toEqual({ kind: 'moved' });

		expect(await again.settle(thing, 'mine')).toEqual({ ok: true });
		await again.entriesSettled();
		const settled = await stored(anas);
		expect(settled.seals.map(({ seal }) => seal.change.notes)).toEqual([
			'',
			'Ana’s note',
			'Ben’s note'
		]);
		expect(settled.seals[2].seal.prev).toBe(settled.seals[1].seal.id);
		expect(settled.versions).toHaveLength(versions);
		expect(await ben.outbox.count()).toBe(0);
		const notes = async () => (await ana.matches.get(anas))?.notes;
		await expect.poll(notes, { timeout: 15_000 }).toBe('Ben’s note');
	} finally {
		await stop();
	}
});

it('switched, never merged: the group’s note kept over Ben’s, his copy is Ana’s seal again and nothing is sent', async () => {
	const { group, ben, anas, thing, again, versions, stored, stop } = await bothNote('Theirs club');
	try {
		expect(await again.settle(thing, 'theirs')).toEqual({ ok: true });
		await again.entriesSettled();
		expect((await ben.matches.get(anas))!.notes).toBe('Ana’s note');
		expect(await ben.conflicts.get([group, thing])).toBeUndefined();
		const held = await stored(anas);
		expect(held.seals.map(({ seal }) => seal.change.notes)).toEqual(['', 'Ana’s note']);
		expect(held.versions).toHaveLength(versions);
		expect(await ben.outbox.count()).toBe(0);
		expect(await ben.synced.get([group, thing])).toMatchObject({
			seq: held.seals[1].seq,
			onWire: true
		});
	} finally {
		await stop();
	}
});

it('switched: a match recorded before the group took entries is put on the wire by its first seal, and a phone reading the wire takes it from there', async () => {
	const scene = await club('Old matches club', { ana: 2, ben: 2 });
	const { group, ana, ben, anaSync, benSync, stored } = scene;
	try {
		// Ana's copy of a match the group has as a version only (no start, no seal on the wire)
		const seats = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));
		const old = illPassVersion('phone-old-000001', newId(), seats, {
			seed: 3,
			at: 1_700_000_000_000,
			span: 600_000
		});
		const proof = proveMatch(old);
		if (!proof.ok) throw new Error('a finished match');
		await writeMatch(ana, group, proof.match, { seq: 1, msgId: 'v-old', hash: digest(old) });
		expect((await stored(old.id)).seals).toEqual([]);

		await eachPlays(scene);
		// once the wire is read whole on Ana's phone, the match goes there by one seal at 0
		const seals = async () => (await stored(old.id)).seals;
		await expect.poll(async () => (await seals()).length, { timeout: 15_000 }).toBe(1);
		const [first] = await seals();
		expect(first.seal).toMatchObject({ pos: 0, prev: null, by: 'phone-ana-0001' });
		expect((versionOfSealed(first.seal) as KeptMatch).log).toEqual(old.log);
		expect(await ana.seals.get([group, old.id])).toMatchObject({ id: first.seal.id });

		// Ben's phone, which never had it, takes it from the wire: the copy is the seal's
		const row = async () => ben.synced.get([group, `match.${old.id}`]);
		await expect.poll(async () => (await row())?.msgId, { timeout: 15_000 }).toBe(first.seal.id);
		expect(await row()).toMatchObject({ onWire: true, hash: digest(old) });
		expect((await db.loadLog(old.id, ben)).actions).toEqual(old.log.map((one) => one.action));
	} finally {
		await Promise.all([anaSync.stop(), benSync.stop()]);
	}
});
