/**
 * A phone of today's build in a group whose matches the keeper also stores as entries and seals
 * (docs/wire.md, "Upgrade in place"): the new subjects (`m.<match>.<pos>`, `s.<match>`) are on
 * the group's stream it reads, and it skips them, never refusing one where a person sees it,
 * while it reads on; a phone joining reads the record the same. On the scene of
 * sync-fixtures.ts: a real nats-server, each phone its own IndexedDB and GroupSync.
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
const { newGroup, credentialOf, newPhone, play, until, record } = scene;

describe('a group’s record beside the keeper’s entries', () => {
	it('group: the keeper’s entry and seal subjects are not things of the record', () => {
		const group = 'club00000001';
		expect(thingOfSubject(group, `passpad.g.${group}.m.match-1.0`)).toBeNull();
		expect(thingOfSubject(group, `passpad.g.${group}.s.match-1`)).toBeNull();
		expect(thingOfSubject(group, `passpad.g.${group}.match.match-1`)).toBe('match.match-1');
	});

	it('group: a phone reading on and a phone joining skip a match’s entries and seal, refuse nothing, and keep the record', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const id = await play(ana, group, ['Ana', 'Ben', 'Chloé'], 7);
		await ana.sync.flush();
		// a member's phone sends a match as entries, then seals it, through the keeper
		const benCredential = await credentialOf(group, 'ben');
		const ben = await scene.server.phone(benCredential);
		const key = signerOf(await newKeyPair());
		await registeredIn(ben, group, benCredential.user, await key);
		const copy = await startedIn(ben, group, 'by-entries', await key, [tally]);
		const seal = writeEntry(await signed(sealOf(copy), await key));
		expect(await askKeeper(ben, group, 'by-entries', seal)).toMatchObject({ ok: true });
		const jsm = await scene.server.live.groupManager(group);
		const last = (await jsm.streams.info(groupStreamOf(group))).state.last_seq;
		// Ana's phone reads on past them; Cleo's joins after them
		await until(async () => (await readToOf(ana.db, group)) >= last);
		const cleo = await newPhone('cleo', group);
		await until(async () => (await readToOf(cleo.db, group)) >= last);
		for (const phone of [ana, cleo]) {
			expect(phone.sync.status.refused, phone.name).toEqual([]);
			expect((await phone.db.matches.toArray()).map((row) => row.id)).toEqual([id]);
		}
		expect(await record(cleo)).toEqual(await record(ana));
	}, 60_000);
});
