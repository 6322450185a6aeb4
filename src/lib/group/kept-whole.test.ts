/**
 * A group made before sealing (docs/group.md, "On the phone: what leaves"): its stream cannot
 * delete a sealed match's entries (nats-server 2.9.10 keeps `deny_delete`), so the keeper takes
 * none (`kept-whole`) and the phone lets its steps go: the group's matches go as whole versions
 * only, and its store never holds a match twice. A real nats-server and keeper.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import * as db from '$lib/db';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { groupStreamOf } from '$lib/wire/names.js';
import { entriesOf, madeBeforeSealing, phoneDb, recordedIn, useKeeper } from './keeper-fixtures';

const keeper = useKeeper();

it('kept whole: on a group’s stream made before sealing, a match’s steps are let go, no entry stored, and the next ones too', async () => {
	const server = keeper();
	const old = await server.live.createGroup('Old club', 'Ana’s phone');
	await madeBeforeSealing(server, old.group);
	const jsm = await server.live.groupManager(old.group);

	const ana = await phoneDb();
	const store = await recordedIn(ana, old.group);
	const created = store.match;
	await store.act({ type: 'reveal', card: 17 });
	await store.act({ type: 'pass' });
	expect(await ana.sends.count()).toBe(2);
	const entries = entriesOf({
		db: ana,
		group: old.group,
		nc: await server.phone(old.member),
		signer: await signerOf(await newKeyPair())
	});
	expect(await entries.sendAll()).toEqual(
		new Map([[created.id, { kind: 'refused', why: 'kept-whole' }]])
	);
	// let go: the whole-match versions carry the match, nothing waits for ever
	expect(await ana.sends.count()).toBe(0);
	await store.act({ type: 'take' });
	expect(await ana.sends.count()).toBe(1);
	expect((await entries.sendAll()).get(created.id)).toEqual({ kind: 'refused', why: 'kept-whole' });
	expect(await ana.sends.count()).toBe(0);
	// the match's log stays whole here, and the group's stream holds nothing of it
	expect((await db.loadLog(created.id, ana)).actions).toHaveLength(3);
	const info = await jsm.streams.info(groupStreamOf(old.group), { subjects_filter: '>' });
	expect(Object.keys(info.state.subjects ?? {}).filter((one) => one.includes(created.id))).toEqual(
		[]
	);
});
