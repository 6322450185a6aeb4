/**
 * How a group's match's entries went is part of the group's status (docs/group.md, "On the
 * phone: what leaves"): the group's page follows the status, so a refusal the keeper answered
 * reaches it as it happens. A real nats-server and keeper; a group whose stream was made before
 * sealing (it denies deletes) makes the keeper answer `kept-whole`.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as db from '$lib/db';
import { RULES } from '$lib/rules/registry';
import { MatchStore } from '$lib/match/store';
// the store needs only the rules from a game's screens, and the log's words
import { ui } from '$lib/match/session-fixture';
import { startTestLive, type TestLive } from '$lib/live/test-server';
import { ANA } from '$lib/live/fixtures';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { game } from '../../../server/group-keeper-fixtures';
import { groupStream } from '../../../server/streams';
import { GroupSync, type SyncStatus } from './sync';

let server: TestLive;
beforeAll(async () => {
	server = await startTestLive({ limits: { groupBytes: 8 * 1024 * 1024 } });
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

it('entries in the status: a group kept whole says so in the status its page follows, for the match sent, as soon as the keeper answers', async () => {
	const old = await server.live.createGroup('Old club', 'Ana’s phone');
	const jsm = await server.live.groupManager(old.group);
	// the group's stream as streams.ts made it before sealing
	const made = groupStream(old.group, 1, 8 * 1024 * 1024);
	await jsm.streams.delete(made.name);
	await jsm.streams.add({ ...made, deny_delete: true });

	const ana = new db.PasspadDb(`ana-${crypto.randomUUID()}`);
	await ana.open();
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
		const created = await db.createMatch(
			{ game: 'ill-pass', config: game.config, names: ['Ana', 'Ben', 'Chloé'], group: old.group },
			Date.now(),
			ana
		);
		const store = new MatchStore(ui, await db.loadLog(created.id, ana), ana);
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
