/**
 * What the tests of a group's match through the keeper share (server/group-keeper.test.ts,
 * group-start-players.test.ts, and the phones' own, src/lib/group/keeper-fixtures.ts): the
 * file's server and club, a member's phone asking its group's `append`, a match started (its
 * start naming the group's players or not) and played by entries, what the group's stream holds
 * of it, and the pen's seal of it.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { newId as newPlayerId } from '../src/lib/wire/ids';
import type { NatsConnection } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { ANA, startEntry } from '../src/lib/live/fixtures';
import { begin, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { seeded } from '../src/lib/rules/common';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { readAnswer } from '../src/lib/wire/append';
import { newId, writeEntry, type Change, type Entry, type SealEntry } from '../src/lib/wire/entry';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import { groupAppendSubject, groupStreamOf } from '../src/lib/wire/names.js';
import { register } from '../src/lib/wire/register';
import { storedBy } from './keeper-fixtures';

/** A finished I'll Pass game of three, entered on the score pad as one `tally` (ill-pass/tally.ts). */
export const game = randomGame(seeded(7), 3);
export const tally: Change = {
	kind: 'act',
	action: {
		type: 'tally',
		hands: game.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }))
	}
};

/** A group's store in these tests: small, so that many groups fit one test server. */
export const GROUP_BYTES = 8 * 1024 * 1024;

/** The file's server: started before its tests, stopped after. */
export function useKeeper(): () => TestLive {
	let server: TestLive;
	beforeAll(async () => {
		server = await startTestLive({ limits: { groupBytes: GROUP_BYTES } });
	}, 60_000);
	afterAll(async () => {
		await server?.stop();
	});
	return () => server;
}

type Club = Awaited<ReturnType<TestLive['live']['createGroup']>> & {
	server: TestLive;
	/** Ana's phone, the club's first member, and its own key (registered when asked). */
	nc: NatsConnection;
	signer: Signer;
};

/** The file's club on the file's server (useKeeper), made before its tests, filled in then. */
export function useClub(name: string, { registered = false } = {}): Club {
	const keeper = useKeeper();
	const club = {} as Club;
	beforeAll(async () => {
		const server = keeper();
		const made = await server.live.createGroup(name, 'Ana’s phone');
		const nc = await server.phone(made.member);
		const signer = await signerOf(await newKeyPair());
		if (registered) await registeredIn(nc, made.group, made.member.user, signer);
		Object.assign(club, made, { server, nc, signer });
	}, 60_000);
	return club;
}

/** What the group's stream holds of a match, in order, each with its sequence (read all). */
export async function storedOf(server: TestLive, group: string, match: string) {
	const jsm = await server.live.groupManager(group);
	const stream = groupStreamOf(group);
	const found: { subject: string; data: Entry | SealEntry; seq: number }[] = [];
	const last = (await jsm.streams.info(stream)).state.last_seq;
	for (let seq = 1; seq <= last; seq++) {
		const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
		if (message?.subject.includes(`.${match}`)) {
			const data = JSON.parse(new TextDecoder().decode(message.data)) as Entry | SealEntry;
			found.push({ subject: message.subject, data, seq });
		}
	}
	return found;
}

/** A member's request to its group's `append`, answered by the keeper (or why not). */
export async function askKeeper(
	nc: NatsConnection,
	group: string,
	match: string,
	bytes: Uint8Array
) {
	const answer = await nc.request(groupAppendSubject(group, match), bytes, { timeout: 5_000 });
	return readAnswer(answer.data);
}

/**
 * `signer`'s key registered for the member `user` of the group, from its own phone `nc`, as a
 * phone does before its first entry (docs/wire.md, "Keys"): the keeper must take it.
 */
export async function registeredIn(
	nc: NatsConnection,
	group: string,
	user: string,
	signer: Signer
) {
	expect(await register(nc, group, user, signer)).toMatchObject({ ok: true });
}

/** One more entry by `by`, which the keeper must store: the copy moved on. */
export const enteredIn = (
	nc: NatsConnection,
	group: string,
	copy: LiveMatch,
	change: Change,
	signer: Signer,
	by: string
): Promise<LiveMatch> =>
	storedBy((bytes) => askKeeper(nc, group, copy.match, bytes), copy, change, signer, by);

/**
 * The live fixtures' start (startEntry's, with `fields`) naming the group's player of each seat
 * (docs/wire.md, "Reading a group's matches from the wire", step 2); none, a table's or an
 * earlier build's.
 */
export function startNaming(
	players?: readonly string[],
	fields: Parameters<typeof startEntry>[0] = {}
): Entry {
	const start = startEntry(fields);
	if (start.change.kind !== 'start') throw new Error('a start');
	return players ? { ...start, change: { ...start.change, players: [...players] } } : start;
}

/** Ana's start of a match of `game` (three seats) now, naming `players` or not, unsigned. */
export const anasStart = (match: string, players?: readonly string[]) =>
	startNaming(players, { id: newId(), match, by: ANA, at: Date.now(), config: game.config });

/** Ana's phone (`signer`'s key) starts a match of `game` in the group, then enters `changes`. */
export async function startedIn(
	nc: NatsConnection,
	group: string,
	match: string,
	signer: Signer,
	changes: Change[] = []
) {
	const start = await signed(anasStart(match), signer);
	const answer = await askKeeper(nc, group, match, writeEntry(start));
	expect(answer).toMatchObject({ ok: true, duplicate: false });
	let copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
	for (const change of changes) copy = await enteredIn(nc, group, copy, change, signer, ANA);
	return copy;
}

/** The pen's seal of its copy (or of `log`, naming `players`, when said). */
export function sealOf(
	copy: LiveMatch,
	by = ANA,
	{
		log,
		abandoned = false,
		players = copy.start.names.map(() => newPlayerId())
	}: { log?: readonly unknown[]; abandoned?: boolean; players?: readonly string[] } = {}
): SealEntry {
	const last = copy.entries[copy.entries.length - 1];
	return {
		v: 1,
		id: newId(),
		match: copy.match,
		pos: copy.entries.length,
		prev: last.id,
		by,
		at: Date.now(),
		change: {
			kind: 'seal',
			start: copy.start,
			players: [...players],
			playedByHand: false,
			log: (log ?? copy.actions).map((action, at) => ({
				action: action as { type: string },
				at: 1_700_000_000_000 + at
			})),
			notes: 'Ben’s first win',
			playedMs: 25 * 60_000,
			abandoned
		}
	};
}
