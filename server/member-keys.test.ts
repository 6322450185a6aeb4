/**
 * A group member's key, registered and proven by the keeper (docs/wire.md, "Keys"; "Who writes",
 * check 2): a real nats-server, node clients with the group's own credentials as its members'
 * and board's phones. A phone registers its key on its own user's subject, signed by the key;
 * the keeper names it in the member's record and takes a group's entries from registered keys
 * of members not removed only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { ANA, BEN, startEntry } from '../src/lib/live/fixtures';
import { newId, writeEntry } from '../src/lib/wire/entry';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import { groupStreamOf, memberSubject, registerSubject } from '../src/lib/wire/names.js';
import { MemberRecord } from '../src/lib/wire/provision';
import { GroupUser } from '../src/lib/wire/schemas';
import { PUBLIC_KEY } from '../src/lib/wire/signing';
import { MAX_MEMBER_KEYS } from '../src/lib/wire/limits';
import { register } from '../src/lib/wire/register';
import { askKeeper, enteredIn, game, registeredIn, startedIn } from './group-keeper-fixtures';

let server: TestLive;
type Club = Awaited<ReturnType<TestLive['live']['createGroup']>>;
let club: Club;
let ben: { user: string; pass: string };
let anaKey: Signer;
let benKey: Signer;
let stranger: Signer;

beforeAll(async () => {
	[anaKey, benKey, stranger] = await Promise.all(
		[0, 1, 2].map(async () => signerOf(await newKeyPair()))
	);
	server = await startTestLive({ limits: { groupBytes: 8 * 1024 * 1024 } });
	club = await server.live.createGroup('Thursday club', 'Ana’s phone');
	({ member: ben } = await server.live.invite(club.group, 'Ben’s phone'));
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

/** The member's record as the group's stream holds it now, and its sequence. */
async function recordOf(user: string) {
	const jsm = await server.live.groupManager(club.group);
	const message = await jsm.streams.getMessage(groupStreamOf(club.group), {
		last_by_subj: memberSubject(club.group, user)
	});
	return { seq: message!.seq, record: v.parse(MemberRecord, message!.json()) };
}

/** The match's messages in the group's stream (entries and seal). */
async function heldOf(match: string) {
	const jsm = await server.live.groupManager(club.group);
	const info = await jsm.streams.info(groupStreamOf(club.group), { subjects_filter: '>' });
	return Object.keys(info.state.subjects ?? {}).filter((one) => one.includes(`.${match}`));
}

/** A start of `match` signed by `signer`, as bytes. */
const startBy = async (match: string, signer: Signer) =>
	writeEntry(
		await signed(
			startEntry({ id: newId(), match, by: ANA, at: Date.now(), config: game.config }),
			signer
		)
	);

/** `MemberRecord` as a build before `reads` parses it (provision.ts then): `v.object`. */
const MemberRecordBefore = v.object({
	v: v.literal(1),
	user: GroupUser,
	label: v.string(),
	removed: v.boolean(),
	at: v.number(),
	keys: v.optional(
		v.pipe(v.array(v.pipe(v.string(), v.regex(PUBLIC_KEY))), v.maxLength(MAX_MEMBER_KEYS))
	)
});

describe('a member’s key registered by the keeper', () => {
	it('member keys: an unregistered key’s start is refused not-yours, and nothing is stored', async () => {
		const ana = await server.phone(club.member);
		expect(
			await askKeeper(ana, club.group, 'unregistered', await startBy('unregistered', stranger))
		).toEqual({
			ok: false,
			why: 'not-yours'
		});
		expect(await heldOf('unregistered')).toEqual([]);
	});

	it('member keys: a registered member’s entries are stored, and its record names the key once, however often it registers', async () => {
		const ana = await server.phone(club.member);
		await registeredIn(ana, club.group, club.member.user, anaKey);
		const first = await recordOf(club.member.user);
		expect(first.record).toMatchObject({
			removed: false,
			keys: [anaKey.key],
			label: 'Ana’s phone'
		});
		// again: nothing changes, not even the record's sequence
		expect(await register(ana, club.group, club.member.user, anaKey)).toEqual({
			ok: true,
			keys: 1
		});
		expect((await recordOf(club.member.user)).seq).toBe(first.seq);
		const copy = await startedIn(ana, club.group, 'registered', anaKey, [
			{ kind: 'act', action: { type: 'reveal', card: 10 } }
		]);
		expect(copy.entries).toHaveLength(2);
		expect(await heldOf('registered')).toHaveLength(2);
	});

	it('member keys: a member cannot register for another user, nor the board at all: the server’s permissions refuse it', async () => {
		const ana = await server.phone(club.member);
		expect(await register(ana, club.group, ben.user, stranger)).toEqual({
			ok: false,
			why: 'no-register'
		});
		const board = await server.phone(club.board, { reconnect: false });
		expect(await register(board, club.group, club.board.user, stranger)).toEqual({
			ok: false,
			why: 'no-register'
		});
		expect(await register(board, club.group, club.member.user, stranger)).toEqual({
			ok: false,
			why: 'no-register'
		});
		expect((await recordOf(ben.user)).record.keys).toBeUndefined();
		expect((await recordOf(club.member.user)).record.keys).not.toContain(stranger.key);
	});

	it('member keys: a registration signed by another key than it names, or for another user, is refused', async () => {
		const ana = await server.phone(club.member);
		const body = await signed({ v: 1, group: club.group, user: club.member.user, at: 1 }, stranger);
		const forged = JSON.stringify({ ...body, key: benKey.key });
		const asked = await ana.request(registerSubject(club.group, club.member.user), forged, {
			timeout: 5_000
		});
		expect(asked.json()).toEqual({ ok: false, why: 'not-yours' });
		// Ben's own signed registration replayed on Ana's subject names Ben: not Ana's
		const bens = await signed({ v: 1, group: club.group, user: ben.user, at: 1 }, benKey);
		const replayed = await ana.request(
			registerSubject(club.group, club.member.user),
			JSON.stringify(bens),
			{ timeout: 5_000 }
		);
		expect(replayed.json()).toEqual({ ok: false, why: 'not-passpad' });
		expect((await recordOf(club.member.user)).record.keys).toEqual([anaKey.key]);
	});

	it('member keys: a key another member registered moves to the member that registers it (the same phone, another credential), and the other’s record no longer names it', async () => {
		const key = await signerOf(await newKeyPair());
		const { member: first } = await server.live.invite(club.group, 'Zoé’s phone');
		const { member: second } = await server.live.invite(club.group, 'Zoé’s phone');
		await registeredIn(await server.phone(first), club.group, first.user, key);
		// a second invitation opened on the same phone: its key registered for that member now
		const zoe = await server.phone(second);
		await registeredIn(zoe, club.group, second.user, key);
		expect((await recordOf(first.user)).record.keys ?? []).toEqual([]);
		expect((await recordOf(second.user)).record.keys).toEqual([key.key]);
		expect((await startedIn(zoe, club.group, 'by-zoe', key)).entries).toHaveLength(1);
	});

	it('member keys: a restarted keeper still takes a registered key, and still refuses another', async () => {
		const copy = await startedIn(await server.phone(club.member), club.group, 'restart', anaKey);
		await server.restart();
		const ana = await server.phone(club.member);
		await enteredIn(
			ana,
			club.group,
			copy,
			{ kind: 'act', action: { type: 'reveal', card: 11 } },
			anaKey,
			ANA
		);
		expect(
			await askKeeper(ana, club.group, 'restart-2', await startBy('restart-2', stranger))
		).toEqual({
			ok: false,
			why: 'not-yours'
		});
		expect(await heldOf('restart')).toHaveLength(2);
	}, 60_000);

	it('member keys: a removed member’s key is refused after its removal, the record still naming it', async () => {
		const benPhone = await server.phone(ben, { reconnect: false });
		await registeredIn(benPhone, club.group, ben.user, benKey);
		// before its removal, its key's entries are the group's
		expect((await startedIn(benPhone, club.group, 'by-ben', benKey)).entries).toHaveLength(1);
		const start = writeEntry(
			await signed(
				startEntry({
					id: newId(),
					match: 'by-removed',
					by: BEN,
					at: Date.now(),
					config: game.config
				}),
				benKey
			)
		);
		await server.live.removeMember(club.group, ben.user);
		expect((await recordOf(ben.user)).record).toMatchObject({ removed: true, keys: [benKey.key] });
		// its key on another member's phone (the credential gone, the key kept): refused
		const ana = await server.phone(club.member);
		expect(await askKeeper(ana, club.group, 'by-removed', start)).toEqual({
			ok: false,
			why: 'not-yours'
		});
		expect(await heldOf('by-removed')).toEqual([]);
	}, 30_000);

	it('member keys: a phone invited anew after its member was removed registers its key for its new member, and writes with it, also after a restart', async () => {
		const chloeKey = await signerOf(await newKeyPair());
		const { member: first } = await server.live.invite(club.group, 'Chloé’s phone');
		await registeredIn(
			await server.phone(first, { reconnect: false }),
			club.group,
			first.user,
			chloeKey
		);
		await server.live.removeMember(club.group, first.user);
		// the same phone (the same key) with a new link of the group
		const { member: again } = await server.live.invite(club.group, 'Chloé’s phone');
		const chloe = await server.phone(again);
		expect(await register(chloe, club.group, again.user, chloeKey)).toMatchObject({ ok: true });
		const copy = await startedIn(chloe, club.group, 'by-chloe', chloeKey);
		await server.restart();
		await enteredIn(
			await server.phone(again),
			club.group,
			copy,
			{ kind: 'act', action: { type: 'reveal', card: 11 } },
			chloeKey,
			ANA
		);
		expect(await heldOf('by-chloe')).toHaveLength(2);
		expect((await recordOf(again.user)).record.keys).toEqual([chloeKey.key]);
	}, 60_000);
	it('member keys: a phone saying it reads the wire (2) is named so in its record, which an older build still reads; a restarted keeper keeps it; the same key back on 1 is written too', async () => {
		const key = await signerOf(await newKeyPair());
		const { member } = await server.live.invite(club.group, 'Inès’s phone');
		const ines = await server.phone(member);
		expect(await register(ines, club.group, member.user, key, 5_000, 2)).toEqual({
			ok: true,
			keys: 1
		});
		const said = await recordOf(member.user);
		expect(said.record).toMatchObject({ keys: [key.key], reads: { [key.key]: 2 } });
		// an older build's parse keeps the rest, its keys an array of strings
		const jsm = await server.live.groupManager(club.group);
		const stored = await jsm.streams.getMessage(groupStreamOf(club.group), { seq: said.seq });
		const before = v.safeParse(MemberRecordBefore, stored!.json());
		expect(before.success && before.output).toEqual({
			v: 1,
			user: member.user,
			label: 'Inès’s phone',
			removed: false,
			at: said.record.at,
			keys: [key.key]
		});
		// said again, after a restart too: the keeper knows it from the record, nothing written
		expect(await register(ines, club.group, member.user, key, 5_000, 2)).toMatchObject({
			ok: true
		});
		await server.restart();
		const again = await server.phone(member);
		expect(await register(again, club.group, member.user, key, 5_000, 2)).toMatchObject({
			ok: true
		});
		expect((await recordOf(member.user)).seq).toBe(said.seq);
		// the phone back on an older build says nothing of it: 1, written
		expect(await register(again, club.group, member.user, key)).toEqual({ ok: true, keys: 1 });
		const older = await recordOf(member.user);
		expect(older.seq).toBeGreaterThan(said.seq);
		expect(older.record.keys).toEqual([key.key]);
		expect(older.record.reads).toBeUndefined();
	}, 60_000);
});
