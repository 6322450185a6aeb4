/**
 * A phone that has not read its switched group's wire to its end sends no change to a match,
 * version or seal, but its steps (docs/wire.md, "Reading a group's matches from the wire: the
 * switch", step 3): a seal written since the switch is on the wire only, so its copy here, a
 * version, may lack a change another phone sealed. Sent before the wire is read, the version
 * passes the record's compare-and-set and the seal goes over the newest, and that change is
 * lost on every phone. A real nats-server and keeper.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import * as db from '$lib/db';
import { MatchStore } from '$lib/match/store';
import { ui } from '$lib/match/session-fixture';
import { storedOf, useKeeper } from './keeper-fixtures';
import { recordSubject } from '$lib/wire/names.js';
import { club, eachPlays } from './wire-club-fixtures';
import type { KeptMatch } from './record';
import { pendingCount } from '$lib/db/group/outbox';

const keeper = useKeeper();

it('never merged: Ben’s note, made on a copy from the versions before his phone read the switched wire, waits for it and is a conflict shown there; Ana’s sealed note is lost nowhere', async () => {
	const scene = await club(keeper, 'First reading club', { ana: 2, ben: 1 });
	const { group, ana, ben, anaSync, benSync, stored } = scene;
	let again: typeof benSync | null = null;
	try {
		const [anas] = await eachPlays(scene);
		// Ben's copy of Ana's match is her version: the group reads the versions
		const thing = `match.${anas}` as const;
		await expect.poll(async () => (await ben.matches.get(anas))?.status).toBe('finished');
		await expect.poll(async () => (await ben.synced.get([group, thing]))?.seq).toBeDefined();
		expect((await ben.synced.get([group, thing]))!.onWire).toBeFalsy();
		await benSync.stop();

		// Ben's phone updated: its key says it reads the wire, and the group switches
		expect((await scene.benRegisters(2)).ok).toBe(true);
		await expect.poll(() => anaSync.readsWire, { timeout: 15_000 }).toBe(true);
		const anasCopy = async () => (await ana.synced.get([group, thing]))?.onWire;
		await expect.poll(anasCopy, { timeout: 15_000 }).toBe(true);

		// Ana's note sealed while switched, no version of it; Ben's note on his closed phone
		const versions = (await stored(anas)).versions.length;
		await new MatchStore(ui, await db.loadLog(anas, ana), ana).setNotes('Ana’s note');
		await anaSync.flush();
		await anaSync.entriesSettled();
		expect((await stored(anas)).seals.at(-1)!.seal.change.notes).toBe('Ana’s note');
		await new MatchStore(ui, await db.loadLog(anas, ben), ben).setNotes('Ben’s note');
		// the group's card counts it not yet sent, before any sync built it, and while it waits
		expect(await pendingCount(ben, group)).toBe(1);

		// Ben's phone opened: it reads the wire, and Ana's seal over his note is a conflict
		again = await scene.benStarts(2);
		await expect.poll(() => ben.conflicts.get([group, thing]), { timeout: 15_000 }).toBeDefined();
		await again.flush();
		await again.entriesSettled();
		const conflict = (await ben.conflicts.get([group, thing]))!;
		expect((conflict.theirs as KeptMatch).notes).toBe('Ana’s note');
		expect((await ben.matches.get(anas))!.notes).toBe('Ben’s note');
		// counted as a conflict now, not as waiting to be sent
		expect(await pendingCount(ben, group)).toBe(0);
		// the copy is on the seal's track, the record subject's last version kept beside it
		const row = (await ben.synced.get([group, thing]))!;
		const recordSeqs = (await storedOf(keeper(), group, anas))
			.filter((one) => one.subject === recordSubject(group, anas))
			.map((one) => one.seq);
		expect(row.onWire).toBe(true);
		expect(row.record?.seq).toBe(recordSeqs.at(-1));
		const held = await stored(anas);
		expect(held.seals.at(-1)!.seal.change.notes).toBe('Ana’s note');
		expect(held.versions).toHaveLength(versions);
		expect((await ana.matches.get(anas))!.notes).toBe('Ana’s note');

		// Ben keeps his note: sealed over Ana's, no version, and her phone takes it, no conflict
		expect(await again.settle(thing, 'mine')).toEqual({ ok: true });
		await again.entriesSettled();
		const settled = await stored(anas);
		expect(settled.seals.map(({ seal }) => seal.change.notes).slice(-2)).toEqual([
			'Ana’s note',
			'Ben’s note'
		]);
		expect(settled.versions).toHaveLength(versions);
		const anasNotes = async () => (await ana.matches.get(anas))?.notes;
		await expect.poll(anasNotes, { timeout: 15_000 }).toBe('Ben’s note');
		expect(await ana.conflicts.count()).toBe(0);
		expect(await ana.outbox.count()).toBe(0);
		await expect.poll(() => pendingCount(ben, group), { timeout: 15_000 }).toBe(0);
	} finally {
		await Promise.all([anaSync.stop(), benSync.stop(), again?.stop()]);
	}
});
