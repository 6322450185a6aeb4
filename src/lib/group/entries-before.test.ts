/**
 * A match in play whose entries the build of 27 November 2026 stored among the record's
 * subjects (names.js `legacyEntrySubject`; docs/wire.md, "Where it is stored"): the phone finds
 * none on their own subjects, the keeper answers `moved` to a new start, the phone reads them
 * where they are and goes on there. A real nats-server and keeper.
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
import { groupEntriesOf, groupStreamOf, legacyEntrySubject } from '$lib/wire/names.js';
import { game } from '../../../server/group-keeper-fixtures';
import { GroupEntries } from './entries';

let server: TestLive;
beforeAll(async () => {
	server = await startTestLive({ limits: { groupBytes: 8 * 1024 * 1024 } });
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

it('entries stored by the earlier build: the phone goes on where its match’s entries are', async () => {
	const club = await server.live.createGroup('Club', 'Ana’s phone');
	const signer = await signerOf(await newKeyPair());
	const ana = new db.PasspadDb(`ana-${crypto.randomUUID()}`);
	await ana.open();
	const made = await db.createMatch(
		{ game: 'ill-pass', config: game.config, names: ['Ana', 'Ben', 'Chloé'], group: club.group },
		Date.now(),
		ana
	);
	const store = new MatchStore(ui, await db.loadLog(made.id, ana), ana);
	const entries = async () =>
		new GroupEntries({
			db: ana,
			group: club.group,
			nc: await server.phone(club.member),
			signer,
			by: ANA,
			user: club.member.user,
			name: 'Ana',
			rulesOf: (id) => RULES[id]
		});
	await store.act({ type: 'reveal', card: 17 });
	expect(await (await entries()).send(made.id)).toEqual({ kind: 'done' });

	// as that build stored them: the same entries on the record's subjects, none on their own
	const jsm = await server.live.groupManager(club.group);
	const stream = groupStreamOf(club.group);
	const info = await jsm.streams.info(stream, {
		subjects_filter: groupEntriesOf(club.group, made.id)
	});
	const clerk = jsm.jetstream();
	for (const [subject] of Object.entries(info.state.subjects ?? {}).sort()) {
		const message = await jsm.streams.getMessage(stream, { last_by_subj: subject });
		await clerk.publish(
			legacyEntrySubject(club.group, made.id, Number(subject.split('.').at(-1))),
			message!.data
		);
		await jsm.streams.deleteMessage(stream, message!.seq, true);
	}
	// a keeper that starts now has read nothing of the match
	await server.restart();

	await store.act({ type: 'pass' });
	expect(await (await entries()).send(made.id)).toEqual({ kind: 'done' });
	expect(await ana.sends.count()).toBe(0);
	const kept = await (
		await server.live.groupManager(club.group)
	).streams.info(stream, { subjects_filter: '>' });
	expect(
		Object.keys(kept.state.subjects ?? {})
			.filter((one) => one.includes(made.id))
			.sort()
	).toEqual([0, 1, 2].map((pos) => legacyEntrySubject(club.group, made.id, pos)));
}, 60_000);
