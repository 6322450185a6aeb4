/**
 * A group's match's start names the group's player of each seat (docs/wire.md, "Reading a
 * group's matches from the wire", step 2), through the keeper: a real nats-server, a member's
 * phone as a node client. The start is stored as sent, its players with it; one naming another
 * count of players than its seats, and a seal naming another count, are refused and not
 * stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { ANA, startEntry } from '../src/lib/live/fixtures';
import { begin, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { newId, writeEntry, type Entry, type SealEntry } from '../src/lib/wire/entry';
import { newId as newPlayerId } from '../src/lib/wire/ids';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import { groupStreamOf } from '../src/lib/wire/names.js';
import { askKeeper, enteredIn, game, registeredIn, sealOf, tally } from './group-keeper-fixtures';

let server: TestLive;
let club: Awaited<ReturnType<TestLive['live']['createGroup']>>;
let ana: NatsConnection;
let anaKey: Signer;

beforeAll(async () => {
	anaKey = await signerOf(await newKeyPair());
	server = await startTestLive({ limits: { groupBytes: 8 * 1024 * 1024 } });
	club = await server.live.createGroup('Thursday club', 'Ana’s phone');
	ana = await server.phone(club.member);
	await registeredIn(ana, club.group, club.member.user, anaKey);
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

/** Ana's start of an I'll Pass match of three in the club, naming `players`. */
async function startNaming(match: string, players: string[]) {
	const start = startEntry({ id: newId(), match, by: ANA, at: Date.now(), config: game.config });
	if (start.change.kind !== 'start') throw new Error('a start');
	return signed({ ...start, change: { ...start.change, players } }, anaKey);
}

/** What the group's stream holds of a match, in order (the server reads all). */
async function held(match: string) {
	const jsm = await server.live.groupManager(club.group);
	const found: { subject: string; data: Entry | SealEntry }[] = [];
	const last = (await jsm.streams.info(groupStreamOf(club.group))).state.last_seq;
	for (let seq = 1; seq <= last; seq++) {
		const message = await jsm.streams
			.getMessage(groupStreamOf(club.group), { seq })
			.catch(() => null);
		if (message?.subject.includes(`.${match}`)) {
			const data = JSON.parse(new TextDecoder().decode(message.data)) as Entry | SealEntry;
			found.push({ subject: message.subject, data });
		}
	}
	return found;
}

describe('a group’s match’s start names its players, through the keeper', () => {
	it('group start players: the start stored on the group’s stream names the player of each seat, and the seal naming them seals the match', async () => {
		const players = [newPlayerId(), newPlayerId(), newPlayerId()];
		const start = await startNaming('named', players);
		expect(await askKeeper(ana, club.group, 'named', writeEntry(start))).toMatchObject({
			ok: true
		});
		const stored = await held('named');
		expect(stored.map((one) => one.data.change)).toEqual([
			expect.objectContaining({ kind: 'start', players })
		]);
		let copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
		copy = await enteredIn(ana, club.group, copy, tally, anaKey, ANA);
		// another count of players than its seats: not the log (another player at a seat is a
		// merge since the start, group-seal.ts)
		const other = sealOf(copy);
		const miscounted = { ...other, change: { ...other.change, players: players.slice(0, 2) } };
		const refused = writeEntry(await signed(miscounted, anaKey));
		expect(await askKeeper(ana, club.group, 'named', refused)).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		const seal = { ...sealOf(copy), change: { ...other.change, players } };
		const bytes = writeEntry(await signed(seal, anaKey));
		expect(await askKeeper(ana, club.group, 'named', bytes)).toMatchObject({ ok: true });
		const sealed = (await held('named')).filter((one) => one.subject.includes('.s.'));
		expect(sealed.map((one) => (one.data as SealEntry).change.start.players)).toEqual([players]);
	});

	it('group start players: a start naming another count of players than its seats is not Passpad’s, and not stored', async () => {
		const start = await startNaming('miscounted', [newPlayerId(), newPlayerId()]);
		expect(await askKeeper(ana, club.group, 'miscounted', writeEntry(start))).toEqual({
			ok: false,
			why: 'not-passpad'
		});
		expect(await held('miscounted')).toEqual([]);
	});
});
