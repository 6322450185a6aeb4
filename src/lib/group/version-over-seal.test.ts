/**
 * A version read over a copy that is a seal's is reconciled against the record's last version,
 * which it was written over (take.ts, `versionBase`; docs/wire.md, "Reading a group's matches
 * from the wire", step 3): a phone back on a build that reads only the versions never read a
 * change sealed since the switch, and its version, which the record's compare-and-set lets
 * through, would be taken over that change in silence. A real nats-server and keeper.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import * as db from '$lib/db';
import { MatchStore } from '$lib/match/store';
import { ui } from '$lib/match/session-fixture';
import { recordSubject } from '$lib/wire/names.js';
import { storedOf, useKeeper } from './keeper-fixtures';
import { club, eachPlays } from './wire-club-fixtures';
import { writeVersion, type KeptMatch } from './record';

const keeper = useKeeper();

it('never merged: a version written without a note sealed since the switch (a phone back on an older build) is a conflict on the phone whose copy is that seal, its note kept', async () => {
	const scene = await club(keeper, 'Older build club', { ana: 2, ben: 2 });
	const { group, ben, anaSync, benSync, stored } = scene;
	try {
		const [anas] = await eachPlays(scene);
		const thing = `match.${anas}` as const;
		const onWire = async () => (await ben.synced.get([group, thing]))?.onWire;
		await expect.poll(onWire, { timeout: 15_000 }).toBe(true);

		// Ben's note sealed over Ana's seal, no version of it
		await new MatchStore(ui, await db.loadLog(anas, ben), ben).setNotes('Ben’s note');
		await benSync.flush();
		await benSync.entriesSettled();
		expect((await stored(anas)).seals.at(-1)!.seal.change.notes).toBe('Ben’s note');

		// a phone on an older build writes its note over the record's last version
		const records = (await storedOf(keeper(), group, anas)).filter(
			(one) => one.subject === recordSubject(group, anas)
		);
		const last = records.at(-1)!;
		const older = { ...(last.data as unknown as KeptMatch), notes: 'An old note', at: 1 };
		const jsm = await keeper().live.groupManager(group);
		await jsm.jetstream().publish(recordSubject(group, anas), writeVersion(older), {
			expect: { lastSubjectSequence: last.seq }
		});

		// Ben's phone shows both, its note kept until a person settles
		const conflict = () => ben.conflicts.get([group, thing]);
		await expect.poll(conflict, { timeout: 15_000 }).toBeDefined();
		expect(((await conflict())!.theirs as KeptMatch).notes).toBe('An old note');
		expect((await ben.matches.get(anas))!.notes).toBe('Ben’s note');
	} finally {
		await Promise.all([anaSync.stop(), benSync.stop()]);
	}
});
