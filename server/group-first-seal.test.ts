/**
 * A match the group holds nothing of on its wire put there by its first seal (docs/wire.md,
 * "Reading a group's matches from the wire: the switch": every match on the wire before the
 * versions stop): a match recorded before its group took entries has versions only; any
 * member's phone seals it at position 0, and the keeper stores one such seal a match, with
 * compare-and-set on the seal's empty subject. A real nats-server and keeper, node clients with
 * the group's own credentials as its members' phones.
 */
import { beforeAll, expect, it } from 'vitest';
import { ANA, BEN } from '../src/lib/live/fixtures';
import { accept, begin, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import type { TestLive } from '../src/lib/live/test-server';
import { RULES } from '../src/lib/rules/registry';
import { newId, writeEntry, type SealEntry } from '../src/lib/wire/entry';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import {
	anasStart,
	askKeeper,
	registeredIn,
	sealOf,
	storedOf,
	tally,
	useClub
} from './group-keeper-fixtures';

// Ana's phone, the club's first member, its key registered
const club = useClub('First seal club', { registered: true });
let ben: { user: string; pass: string };
let benKey: Signer;
let forger: Signer;

beforeAll(async () => {
	[benKey, forger] = await Promise.all([0, 1].map(async () => signerOf(await newKeyPair())));
	({ member: ben } = await club.server.live.invite(club.group, 'Ben’s phone'));
	await registeredIn(await club.server.phone(ben), club.group, ben.user, benKey);
}, 60_000);

/** A finished match as a phone recorded it, never sent as entries: its log folded here only. */
async function recordedOnly(match: string): Promise<LiveMatch> {
	const start = await signed(anasStart(match), club.signer);
	const copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
	if (tally.kind !== 'act') throw new Error('an action');
	const entry = await signed(nextEntry(copy, tally, ANA, newId(), Date.now()), club.signer);
	return (accept(copy, entry, 2) as { live: LiveMatch }).live;
}

/** `copy`'s seal by phone `by` as the match's first message on the wire: at 0, nothing before. */
const firstSealOf = (copy: LiveMatch, by: string): SealEntry => ({
	...sealOf(copy, by),
	pos: 0,
	prev: null
});

const ask = async (nc: Awaited<ReturnType<TestLive['phone']>>, seal: SealEntry, key: Signer) =>
	askKeeper(nc, club.group, seal.match, writeEntry(await signed(seal, key)));

it('first seal: any member’s phone puts a match recorded before entries on the wire; a second phone’s first seal is moved; no entry goes after it, a change is sealed over it', async () => {
	const copy = await recordedOnly('recorded-before');
	const [anaPhone, benPhone] = [club.nc, await club.server.phone(ben)];
	const first = firstSealOf(copy, BEN);
	expect(await ask(benPhone, first, benKey)).toMatchObject({ ok: true, duplicate: false });
	// the same seal again (its answer lost) is acknowledged, not stored twice
	expect(await ask(benPhone, first, benKey)).toMatchObject({ ok: true, duplicate: true });

	// Ana's phone puts the same match on the wire: Ben's seal holds that place
	expect(await ask(anaPhone, firstSealOf(copy, ANA), club.signer)).toMatchObject({
		ok: false,
		why: 'moved'
	});
	// sealed: a start after it is refused
	const start = await signed(anasStart('recorded-before'), club.signer);
	expect(await askKeeper(anaPhone, club.group, start.match, writeEntry(start))).toEqual({
		ok: false,
		why: 'sealed'
	});
	// a note sealed over it by another member
	const noted: SealEntry = {
		...first,
		id: newId(),
		pos: 1,
		prev: first.id,
		by: ANA,
		change: { ...first.change, notes: 'recorded before the club took entries' }
	};
	expect(await ask(anaPhone, noted, club.signer)).toMatchObject({ ok: true, duplicate: false });
	const stored = await storedOf(club.server, club.group, 'recorded-before');
	expect(stored.map((one) => (one.data as SealEntry).id)).toEqual([first.id, noted.id]);
});

it('first seal: a key the group never registered is refused, and nothing is stored', async () => {
	const copy = await recordedOnly('forged-first');
	const benPhone = await club.server.phone(ben);
	expect(await ask(benPhone, firstSealOf(copy, BEN), forger)).toEqual({
		ok: false,
		why: 'not-yours'
	});
	expect(await storedOf(club.server, club.group, 'forged-first')).toEqual([]);
});
