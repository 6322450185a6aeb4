/**
 * Which of a group's matches here a phone puts on the wire by their first seal (first-seals.ts;
 * docs/wire.md, "Reading a group's matches from the wire: the switch": every match on the wire
 * before the versions stop): only a match over whose copy is the group's version, which the
 * wire lacks and of which no seal is known here.
 */
import 'fake-indexeddb/auto';
import { afterEach, expect, it } from 'vitest';
import { PasspadDb } from '$lib/db/db';
import { setNotes } from '$lib/db/matches';
import { writeMatch } from '$lib/db/group/matches';
import { newId } from '$lib/wire/ids';
import { illPassVersion } from './fixtures';
import { digest, proveMatch } from './record';
import { offWire } from './first-seals';

const GROUP = 'gfirst01';
const opened: PasspadDb[] = [];
afterEach(async () => {
	for (const db of opened.splice(0)) await db.delete();
});

/** A phone holding `count` finished matches of the group, each the group's version (seq 10 on). */
async function phoneWith(count: number) {
	const db = new PasspadDb(`first-seals-${newId()}`);
	opened.push(db);
	await db.open();
	const seats = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));
	const ids: string[] = [];
	for (let at = 0; at < count; at++) {
		const version = illPassVersion('phone-ben-000001', newId(), seats, {
			seed: at + 1,
			at: 1_700_000_000_000 + at,
			span: 600_000
		});
		const proof = proveMatch(version);
		if (!proof.ok) throw new Error('a finished match');
		const fields = { seq: 10 + at, msgId: `v-${at}`, hash: digest(version) };
		await writeMatch(db, GROUP, proof.match, fields);
		ids.push(version.id);
	}
	return { db, ids };
}

const idsOf = async (db: PasspadDb, onWire: readonly string[] = []) =>
	(await offWire(db, GROUP, new Set(onWire))).map((match) => match.id).sort();

it('first seal: a finished match whose copy is the group’s version and which the wire lacks goes; one the wire holds does not', async () => {
	const { db, ids } = await phoneWith(3);
	expect(await idsOf(db)).toEqual([...ids].sort());
	expect(await idsOf(db, [ids[0], ids[2]])).toEqual([ids[1]]);
});

it('first seal: not a match changed here since the group’s version, one whose seal is known, nor a copy taken from a seal', async () => {
	const { db, ids } = await phoneWith(4);
	// changed here: its change is this phone's to send, as a version, then sealed once over
	await setNotes(ids[0], 'Noté ici.', db);
	await db.seals.put({ group: GROUP, match: ids[1], id: 'seal-known-0001', pos: 0 });
	await db.synced.update([GROUP, `match.${ids[2]}`], { onWire: true });
	expect(await idsOf(db)).toEqual([ids[3]]);
});

it('first seal: not a match in play, nor one the group never had (no version taken or sent)', async () => {
	const { db, ids } = await phoneWith(2);
	await db.matches.update(ids[0], { status: 'active' });
	await db.synced.delete([GROUP, `match.${ids[1]}`]);
	expect(await idsOf(db)).toEqual([]);
});
