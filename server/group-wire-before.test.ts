/**
 * A group's stream made by the build of 27 November 2026, which stored its matches' entries and
 * seals among the record's subjects (`passpad.g.<g>.m.` and `.s.`) before they had their own
 * (names.js `groupWireOf`; docs/wire.md, "Where it is stored"): the keeper gives the stream the
 * new subjects, goes on with a match in play where its entries are, sees a match sealed there as
 * sealed, and a new match's entries and seals go to their own subjects. A real nats-server.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { ANA, startEntry } from '../src/lib/live/fixtures';
import { begin, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { newId, writeEntry } from '../src/lib/wire/entry';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import {
	groupStreamOf,
	groupSubjectsOf,
	groupWireOf,
	legacyEntrySubject,
	legacySealSubject
} from '../src/lib/wire/names.js';
import { groupStream } from './streams';
import {
	askKeeper,
	enteredIn,
	game,
	registeredIn,
	sealOf,
	startedIn,
	tally
} from './group-keeper-fixtures';

let server: TestLive;
let club: Awaited<ReturnType<TestLive['live']['createGroup']>>;
let ana: NatsConnection;
let key: Signer;

beforeAll(async () => {
	key = await signerOf(await newKeyPair());
	server = await startTestLive({ limits: { groupBytes: 8 * 1024 * 1024 } });
	club = await server.live.createGroup('Club of yesterday', 'Ana’s phone');
	// the group's stream as that build made it: the record's subjects only, deletes allowed
	const jsm = await server.live.groupManager(club.group);
	const made = groupStream(club.group, 1, 8 * 1024 * 1024);
	await jsm.streams.delete(made.name);
	await jsm.streams.add({ ...made, subjects: [groupSubjectsOf(club.group)] });
	ana = await server.phone(club.member);
	await registeredIn(ana, club.group, club.member.user, key);
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

/** The match's subjects in the group's stream, each with the kind of space it is in. */
async function subjectsOf(match: string) {
	const jsm = await server.live.groupManager(club.group);
	const info = await jsm.streams.info(groupStreamOf(club.group), { subjects_filter: '>' });
	return Object.keys(info.state.subjects ?? {})
		.filter((one) => one.includes(`.${match}`))
		.map((one) => one.split('.').slice(1, 4).join('.').replace(club.group, 'G'))
		.sort();
}

/** A match started and entered as that build's keeper stored it: on the record's subjects. */
async function playedBefore(match: string): Promise<LiveMatch> {
	const clerk = (await server.live.groupManager(club.group)).jetstream();
	const start = await signed(
		startEntry({ id: newId(), match, by: ANA, at: Date.now(), config: game.config }),
		key
	);
	const first = await clerk.publish(legacyEntrySubject(club.group, match, 0), writeEntry(start));
	return (begin(start, first.seq, (id) => RULES[id]) as { live: LiveMatch }).live;
}

it('a stream made before: a match in play there goes on where its entries are, and its seal goes to the seals’ own subject, the entries deleted', async () => {
	const copy = await playedBefore('in-play');
	const next = await enteredIn(ana, club.group, copy, tally, key, ANA);
	expect(await subjectsOf('in-play')).toEqual(['g.G.m', 'g.G.m']);
	// the stream now takes the entries' own subjects too
	const jsm = await server.live.groupManager(club.group);
	expect((await jsm.streams.info(groupStreamOf(club.group))).config.subjects).toEqual([
		groupSubjectsOf(club.group),
		groupWireOf(club.group)
	]);
	const seal = await signed(sealOf(next), key);
	expect(await askKeeper(ana, club.group, 'in-play', writeEntry(seal))).toMatchObject({ ok: true });
	expect(await subjectsOf('in-play')).toEqual(['gw.G.s']);
});

it('a stream made before: a match sealed there is sealed, and takes no entry', async () => {
	const copy = await playedBefore('sealed-before');
	const clerk = (await server.live.groupManager(club.group)).jetstream();
	await clerk.publish(
		legacySealSubject(club.group, 'sealed-before'),
		writeEntry(await signed(sealOf(copy), key))
	);
	const after = await signed(
		nextEntry(copy, { kind: 'act', action: { type: 'pass' } }, ANA, newId(), Date.now()),
		key
	);
	expect(await askKeeper(ana, club.group, 'sealed-before', writeEntry(after))).toEqual({
		ok: false,
		why: 'sealed'
	});
});

it('a stream made before: a new match’s entries and seal go to their own subjects', async () => {
	const copy = await startedIn(ana, club.group, 'new-match', key, [tally]);
	expect(await subjectsOf('new-match')).toEqual(['gw.G.m', 'gw.G.m']);
	const seal = await signed(sealOf(copy), key);
	expect(await askKeeper(ana, club.group, 'new-match', writeEntry(seal))).toMatchObject({
		ok: true
	});
	expect(await subjectsOf('new-match')).toEqual(['gw.G.s']);
});
