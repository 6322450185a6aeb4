/**
 * A phone of today's build in a group whose matches the keeper also stores as entries and seals
 * (docs/wire.md, "Upgrade in place"): those have their own subjects (names.js `groupWireOf`),
 * outside the record's that the phone reads, so it is sent none of them; where the build of 27
 * November stored them among the record's (`m.<match>.<pos>`, `s.<match>`), it skips them,
 * never refusing one where a person sees it. A phone reading on, one started again after the
 * seal (nothing of its own subjects new: caught up all the same) and one joining read the same
 * record. On the scene of sync-fixtures.ts: a real nats-server, each phone its own IndexedDB
 * and GroupSync.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { groupStreamOf } from '$lib/wire/names.js';
import { newKeyPair, signed, signerOf } from '$lib/wire/signing';
import { writeEntry } from '$lib/wire/entry';
import { readToOf } from '$lib/db/group/synced';
import {
	askKeeper,
	registeredIn,
	sealOf,
	startedIn,
	tally
} from '../../../server/group-keeper-fixtures';
import { thingOfSubject } from './record';
import { groupScene } from './sync-fixtures';

const scene = groupScene();
const { newGroup, credentialOf, newPhone, online, offline, play, until, record } = scene;

describe('a group’s record beside the keeper’s entries', () => {
	it('group: the keeper’s entry and seal subjects are not things of the record', () => {
		const group = 'club00000001';
		expect(thingOfSubject(group, `passpad.g.${group}.m.match-1.0`)).toBeNull();
		expect(thingOfSubject(group, `passpad.g.${group}.s.match-1`)).toBeNull();
		expect(thingOfSubject(group, `passpad.g.${group}.match.match-1`)).toBe('match.match-1');
	});

	it('group: a phone reading on, one started again and one joining are sent no entry nor seal, refuse nothing, and keep the record', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 7);
		await ana.sync.flush();
		const jsm = await scene.server.live.groupManager(group);
		const recordEnds = (await jsm.streams.info(groupStreamOf(group))).state.last_seq;
		await until(async () => (await readToOf(ana.db, group)) >= recordEnds);
		// a member's phone sends a match as entries, then seals it, through the keeper
		const benCredential = await credentialOf(group, 'ben');
		const ben = await scene.server.phone(benCredential);
		const key = signerOf(await newKeyPair());
		await registeredIn(ben, group, benCredential.user, await key);
		const copy = await startedIn(ben, group, 'by-entries', await key, [tally]);
		const seal = writeEntry(await signed(sealOf(copy), await key));
		const sealed = await askKeeper(ben, group, 'by-entries', seal);
		expect(sealed).toMatchObject({ ok: true });
		// the seal is the stream's last message: a phone that reads on has nothing new of its own
		expect((await jsm.streams.info(groupStreamOf(group))).state.last_seq).toBe(
			(sealed as { seq: number }).seq
		);
		// Ana's phone started again: nothing new on its subjects, caught up at once
		await offline(ana);
		const again = await online(ana, group);
		const cleo = await newPhone('cleo', group);
		for (const phone of [again, cleo]) {
			expect(phone.sync.status.refused, phone.name).toEqual([]);
			expect((await phone.db.matches.toArray()).map((row) => row.id)).toEqual([id]);
		}
		expect(await record(cleo)).toEqual(await record(again));
	}, 60_000);
});
