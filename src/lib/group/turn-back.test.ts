/**
 * A group that turns back to the versions (turn-back.ts; docs/wire.md, "Reading a group's
 * matches from the wire: the switch", step 4): a member on a build that reads the versions
 * joins a group that read its matches from the wire. What was sealed meanwhile goes once as a
 * version, and a change made after goes as a version too, over the record's last, so that
 * phone reads both. A real nats-server and keeper.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import * as db from '$lib/db';
import { MatchStore } from '$lib/match/store';
import { ui } from '$lib/match/session-fixture';
import { useKeeper } from './keeper-fixtures';
import { club, eachPlays } from './wire-club-fixtures';

const keeper = useKeeper();
const WAIT = { timeout: 15_000 };

/**
 * Ana's and Ben's phones reading the wire, Ben's note on Ana's match sealed and taken by Ana's
 * phone; then Cleo's phone joins on a build that reads the versions.
 */
async function turnedBack(name: string) {
	const scene = await club(keeper, name, { ana: 2, ben: 2 });
	const { group, ana, ben, anaSync, benSync, stored } = scene;
	const [anas, bens] = await eachPlays(scene);
	await expect.poll(() => anaSync.readsWire, WAIT).toBe(true);
	await expect.poll(() => benSync.readsWire, WAIT).toBe(true);
	for (const [passpad, id] of [
		[ana, bens],
		[ben, anas]
	] as const) {
		const row = async () => (await passpad.synced.get([group, `match.${id}`]))?.onWire;
		await expect.poll(row, WAIT).toBe(true);
	}
	await new MatchStore(ui, await db.loadLog(anas, ben), ben).setNotes('Ben’s note');
	await benSync.flush();
	await benSync.entriesSettled();
	await expect.poll(async () => (await ana.matches.get(anas))?.notes, WAIT).toBe('Ben’s note');
	// sealed, not versioned: the versions still say the match as it ended
	const versions = { anas: (await stored(anas)).versions, bens: (await stored(bens)).versions };
	expect(versions.anas.at(-1)!.notes).toBe('');

	const { cleo, cleoSync } = await scene.cleoJoins(1);
	await expect.poll(() => anaSync.readsWire, WAIT).toBe(false);
	await expect.poll(() => benSync.readsWire, WAIT).toBe(false);
	const sent = async () => (await ana.outbox.count()) + (await ben.outbox.count());
	return {
		...scene,
		anas,
		bens,
		versions,
		cleo,
		/** once neither phone has anything left to send */
		quiet: () => expect.poll(sent, WAIT).toBe(0),
		stop: () => Promise.all([anaSync.stop(), benSync.stop(), cleoSync.stop()])
	};
}

it('turned back: a note sealed while the group read the wire goes once as a version, and the phone on the older build reads it', async () => {
	const { cleo, anas, bens, versions, stored, quiet, stop } = await turnedBack('Turn back club');
	try {
		await expect.poll(async () => (await cleo.matches.get(anas))?.notes, WAIT).toBe('Ben’s note');
		await quiet();
		// both phones knew the versions were behind; the record's compare-and-set took one
		const held = await stored(anas);
		expect(held.versions.map((one) => one.notes)).toEqual([
			...versions.anas.map((one) => one.notes),
			'Ben’s note'
		]);
		// Ben's match, not changed while sealed, goes as no version again
		expect(await stored(bens)).toMatchObject({ versions: versions.bens });
	} finally {
		await stop();
	}
});

it('turned back: a change made after to a match whose copy is a seal’s goes as a version over the record’s last, and the phone on the older build reads it', async () => {
	const { group, ana, cleo, bens, versions, stored, anaSync, quiet, stop } =
		await turnedBack('Turned club');
	try {
		await quiet();
		expect(await ana.synced.get([group, `match.${bens}`])).toMatchObject({ onWire: true });
		await new MatchStore(ui, await db.loadLog(bens, ana), ana).setNotes('Ana’s note');
		await anaSync.flush();
		await expect.poll(async () => (await cleo.matches.get(bens))?.notes, WAIT).toBe('Ana’s note');
		const held = await stored(bens);
		expect(held.versions.map((one) => one.notes)).toEqual([
			...versions.bens.map((one) => one.notes),
			'Ana’s note'
		]);
	} finally {
		await stop();
	}
});
