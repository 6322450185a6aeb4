/**
 * A change to a group's match after its seal (docs/group.md, "On the phone: what leaves"): the
 * keeper takes no entry of a sealed match (`sealed`), and the match's whole-match version
 * carries the change to the group, as for every match before entries. So the phone lets the
 * match's steps go, says nothing is wrong, and asks once a run. A real nats-server and keeper.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import * as db from '$lib/db';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { groupStreamOf, sealSubject } from '$lib/wire/names.js';
import { tally } from '../../../server/group-keeper-fixtures';
import { entriesOf, phoneDb, recordedIn, useKeeper } from './keeper-fixtures';

const keeper = useKeeper();

it('a sealed match corrected here: its steps are let go (its version carries the change), nothing is stored after the seal, and a restarted phone does the same', async () => {
	const server = keeper();
	const club = await server.live.createGroup('Friday club', 'Ana’s phone');
	const nc = await server.phone(club.member);
	const signer = await signerOf(await newKeyPair());
	const ana = await phoneDb();
	const store = await recordedIn(ana, club.group);
	const made = store.match;
	const entries = () =>
		entriesOf({ db: ana, group: club.group, nc, signer, user: club.member.user });
	const round = (tally as Extract<typeof tally, { kind: 'act' }>).action;
	expect((await store.act(round)).ok).toBe(true);
	const phone = entries();
	expect(await phone.send(made.id)).toEqual({ kind: 'done' });
	const jsm = await server.live.groupManager(club.group);
	const subjects = async () => {
		const info = await jsm.streams.info(groupStreamOf(club.group), { subjects_filter: '>' });
		return Object.keys(info.state.subjects ?? {}).filter((one) => one.includes(made.id));
	};
	expect(await subjects()).toEqual([sealSubject(club.group, made.id)]);

	// the finished match corrected: a step waits, the keeper holds the match sealed
	await store.setNotes('the tally was counted again');
	await store.edit({ kind: 'change', index: 0, action: round });
	expect(await ana.sends.count()).toBe(1);
	expect(await phone.sendAll([made.id])).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect(await ana.sends.count()).toBe(0);

	// the next run of the phone: it knows nothing of the seal, the keeper says it again
	await store.edit({ kind: 'change', index: 0, action: round });
	expect(await ana.sends.count()).toBe(1);
	expect(await entries().sendAll()).toEqual(new Map([[made.id, { kind: 'done' }]]));
	expect(await ana.sends.count()).toBe(0);
	expect(await subjects()).toEqual([sealSubject(club.group, made.id)]);
	expect((await db.loadLog(made.id, ana)).match.notes).toBe('the tally was counted again');
});
