/**
 * A match in play whose entries the build of 27 November 2026 stored among the record's
 * subjects (names.js `legacyEntrySubject`; docs/wire.md, "Where it is stored"): the phone finds
 * none on their own subjects, the keeper answers `moved` to a new start, the phone reads them
 * where they are and goes on there. A real nats-server and keeper.
 */
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { groupEntriesOf, groupStreamOf, legacyEntrySubject } from '$lib/wire/names.js';
import { entriesOf, phoneDb, recordedIn, useKeeper } from './keeper-fixtures';

const keeper = useKeeper();

it('entries stored by the earlier build: the phone goes on where its match’s entries are', async () => {
	const server = keeper();
	const club = await server.live.createGroup('Club', 'Ana’s phone');
	const signer = await signerOf(await newKeyPair());
	const ana = await phoneDb();
	const store = await recordedIn(ana, club.group);
	const made = store.match;
	const entries = async () =>
		entriesOf({
			db: ana,
			group: club.group,
			nc: await server.phone(club.member),
			signer,
			user: club.member.user
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
