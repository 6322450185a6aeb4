/**
 * A group made before sealing (docs/group.md, "On the phone: what leaves"): its stream cannot
 * delete a sealed match's entries (nats-server 2.9.10 keeps `deny_delete`), so the keeper takes
 * none (`kept-whole`) and the phone lets its steps go: the group's matches go as whole versions
 * only, and its store never holds a match twice. A real nats-server and keeper.
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
import { groupStreamOf } from '$lib/wire/names.js';
import { game } from '../../../server/group-keeper-fixtures';
import { groupStream } from '../../../server/streams';
import { GroupEntries } from './entries';

let server: TestLive;
beforeAll(async () => {
	server = await startTestLive({ limits: { groupBytes: 8 * 1024 * 1024 } });
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

it('kept whole: on a group’s stream made before sealing, a match’s steps are let go, no entry stored, and the next ones too', async () => {
	const old = await server.live.createGroup('Old club', 'Ana’s phone');
	const jsm = await server.live.groupManager(old.group);
	// the group's stream as streams.ts made it before sealing
	const made = groupStream(old.group, 1, 8 * 1024 * 1024);
	await jsm.streams.delete(made.name);
	await jsm.streams.add({ ...made, deny_delete: true });

	const ana = new db.PasspadDb(`ana-${crypto.randomUUID()}`);
	await ana.open();
	const created = await db.createMatch(
		{ game: 'ill-pass', config: game.config, names: ['Ana', 'Ben', 'Chloé'], group: old.group },
		Date.now(),
		ana
	);
	const store = new MatchStore(ui, await db.loadLog(created.id, ana), ana);
	await store.act({ type: 'reveal', card: 17 });
	await store.act({ type: 'pass' });
	expect(await ana.sends.count()).toBe(2);
	const entries = new GroupEntries({
		db: ana,
		group: old.group,
		nc: await server.phone(old.member),
		signer: await signerOf(await newKeyPair()),
		by: ANA,
		rulesOf: (id) => RULES[id]
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
