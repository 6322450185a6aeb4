/**
 * How a group's match's entries went is part of the group's status (docs/group.md, "On the
 * phone: what leaves"): the group's page follows the status, so a refusal the keeper answered
 * reaches it as it happens. A real nats-server and keeper; a group whose stream was made before
 * sealing (it denies deletes) makes the keeper answer `kept-whole`.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { RULES } from '$lib/rules/registry';
import { ANA } from '$lib/live/fixtures';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { madeBeforeSealing, phoneDb, recordedIn, useKeeper } from './keeper-fixtures';
import { GroupSync, type SyncStatus } from './sync';

const keeper = useKeeper();

it('entries in the status: a group kept whole says so in the status its page follows, for the match sent, as soon as the keeper answers', async () => {
	const server = keeper();
	const old = await server.live.createGroup('Old club', 'Ana’s phone');
	await madeBeforeSealing(server, old.group);

	const ana = await phoneDb();
	await ana.groups.add({
		id: old.group,
		name: 'Old club',
		server: '',
		user: old.member.user,
		pass: old.member.pass,
		role: 'member',
		left: false,
		joinedAt: 1
	});
	const signer = await signerOf(await newKeyPair());
	const sync = new GroupSync({
		nc: await server.phone(old.member),
		db: ana,
		group: old.group,
		phone: ANA,
		entries: { signer: async () => signer, rulesOf: async () => (id) => RULES[id] }
	});
	const told: SyncStatus[] = [];
	sync.onStatus((status) => told.push(status));
	sync.start();
	try {
		await sync.caughtUp();
		expect(sync.status.entries).toEqual([]);
		const store = await recordedIn(ana, old.group);
		const created = store.match;
		await store.act({ type: 'reveal', card: 17 });
		await sync.flush();
		await sync.entriesSettled();
		const keptWhole = { match: created.id, sent: { kind: 'refused', why: 'kept-whole' } };
		expect(sync.status.entries).toEqual([keptWhole]);
		// told, not polled: the page's listener heard it
		expect(told.at(-1)?.entries).toEqual([keptWhole]);
	} finally {
		await sync.stop();
	}
});
