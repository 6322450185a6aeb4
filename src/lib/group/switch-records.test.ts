/**
 * The switch computed on the member records a phone holds (docs/wire.md, "Reading a group's
 * matches from the wire: the switch", step 4): the group's sync keeps each member's newest
 * record as the server wrote it, what each key reads included (`SyncStatus.members`, take.ts
 * `takeOther`), and `readsWire` folds them; nothing acts on the answer yet. On the scene of
 * sync-fixtures.ts: a real nats-server and keeper, each phone its own IndexedDB and GroupSync.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { register } from '$lib/wire/register';
import { readsWire } from './switch';
import { groupScene } from './sync-fixtures';

const scene = groupScene();
const { newGroup, credentialOf, newPhone, until } = scene;

describe('the switch on the records a phone holds', () => {
	it('switch: a phone reads from its group’s records that every member reads the wire, that a member joining on an older build does not, and that removing it switches back', async () => {
		const group = await newGroup();
		const ana = await newPhone('ana', group);
		const anaUser = (await credentialOf(group, 'ana')).user;
		const key = await signerOf(await newKeyPair());
		// Ana's phone on a build reading the wire (WIRE_READS 2, not this build's yet)
		expect(await register(ana.nc, group, anaUser, key, 5_000, 2)).toMatchObject({ ok: true });
		await until(async () => readsWire(ana.sync.status.members));
		expect(ana.sync.status.members).toEqual([
			expect.objectContaining({ user: anaUser, keys: [key.key], reads: { [key.key]: 2 } })
		]);
		// Ben joins on an older build: its record names no key reading the wire
		await newPhone('ben', group);
		const benUser = (await credentialOf(group, 'ben')).user;
		await until(async () => ana.sync.status.members.some((one) => one.user === benUser));
		expect(readsWire(ana.sync.status.members)).toBe(false);
		// Ben removed: the group reads the wire again
		await scene.server.live.removeMember(group, benUser);
		await until(async () => readsWire(ana.sync.status.members));
		expect(ana.sync.status.members).toContainEqual(
			expect.objectContaining({ user: benUser, removed: true })
		);
	}, 60_000);
});
