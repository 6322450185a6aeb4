/**
 * A sealed match changed after its seal is sealed again (docs/wire.md, "What travels": after
 * `seal`, any member writes the record's changes; "Where it is stored": sealing): a real
 * nats-server and keeper, node clients with the group's own credentials as its members' phones.
 * Each seal written again goes over the newest seal the server holds, on the same subject, with
 * compare-and-set; the newest is what a new phone reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { ANA, BEN } from '../src/lib/live/fixtures';
import type { LiveMatch } from '../src/lib/live/replay';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { seeded } from '../src/lib/rules/common';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { newId, writeEntry, type SealEntry } from '../src/lib/wire/entry';
import { groupStreamOf, sealSubject } from '../src/lib/wire/names.js';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import { askKeeper, registeredIn, sealOf, startedIn, tally } from './group-keeper-fixtures';

let server: TestLive;
let club: Awaited<ReturnType<TestLive['live']['createGroup']>>;
let ben: { user: string; pass: string };
let anaKey: Signer;
let benKey: Signer;
let forger: Signer;

beforeAll(async () => {
	[anaKey, benKey, forger] = await Promise.all(
		[0, 1, 2].map(async () => signerOf(await newKeyPair()))
	);
	server = await startTestLive({ limits: { groupBytes: 8 * 1024 * 1024 } });
	club = await server.live.createGroup('Thursday club', 'Ana’s phone');
	({ member: ben } = await server.live.invite(club.group, 'Ben’s phone'));
	await registeredIn(await server.phone(club.member), club.group, club.member.user, anaKey);
	await registeredIn(await server.phone(ben), club.group, ben.user, benKey);
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

/** Every seal of the match on its subject, oldest first (the server reads them all). */
async function sealsOf(match: string): Promise<SealEntry[]> {
	const jsm = await server.live.groupManager(club.group);
	const stream = groupStreamOf(club.group);
	const last = (await jsm.streams.info(stream)).state.last_seq;
	const found: SealEntry[] = [];
	for (let seq = 1; seq <= last; seq++) {
		const message = await jsm.streams.getMessage(stream, { seq }).catch(() => null);
		if (message?.subject === sealSubject(club.group, match)) {
			found.push(JSON.parse(new TextDecoder().decode(message.data)) as SealEntry);
		}
	}
	return found;
}

/** A match of the club played to its end by Ana and sealed by her: the seal the keeper holds. */
async function sealedMatch(match: string): Promise<{ copy: LiveMatch; seal: SealEntry }> {
	const ana = await server.phone(club.member);
	const copy = await startedIn(ana, club.group, match, anaKey, [tally]);
	const seal = await signed(sealOf(copy), anaKey);
	expect(await askKeeper(ana, club.group, match, writeEntry(seal))).toMatchObject({ ok: true });
	return { copy, seal };
}

/** The match's seal written again over `over` by phone `by`, with `change` changed. */
const resealOf = (
	over: SealEntry,
	by: string,
	change: Partial<SealEntry['change']> = {}
): SealEntry => ({
	...over,
	id: newId(),
	pos: over.pos + 1,
	prev: over.id,
	by,
	at: Date.now(),
	change: { ...over.change, ...change },
	key: undefined,
	sig: undefined
});

/** `seal` signed by `signer`, asked of the keeper from `nc`. */
const ask = async (nc: NatsConnection, seal: SealEntry, signer: Signer) =>
	askKeeper(nc, club.group, seal.match, writeEntry(await signed(cleaned(seal), signer)));

/** The seal without the key and signature of the one it was made from. */
function cleaned(seal: SealEntry): SealEntry {
	const { key: _key, sig: _sig, ...rest } = seal;
	return rest as SealEntry;
}

/** The keeper's answer once it has one: a request sent while it reconnects goes unanswered. */
async function answered<T>(asking: () => Promise<T>): Promise<T> {
	for (let tries = 0; ; tries++) {
		try {
			return await asking();
		} catch (error) {
			if (tries >= 5) throw error;
		}
	}
}

/** The seal as the keeper stored it (signed), for the next one to go over. */
const signedBy = async (seal: SealEntry, signer: Signer) => signed(cleaned(seal), signer);

describe('a sealed match sealed again', () => {
	it('seal again: a note changed after the seal, by another member, is the newest seal', async () => {
		const { seal } = await sealedMatch('noted');
		const again = await signedBy(
			resealOf(seal, BEN, { notes: 'the tally was counted again' }),
			benKey
		);
		const benPhone = await server.phone(ben);
		expect(await askKeeper(benPhone, club.group, 'noted', writeEntry(again))).toMatchObject({
			ok: true,
			duplicate: false
		});
		const seals = await sealsOf('noted');
		expect(seals.map((one) => one.id)).toEqual([seal.id, again.id]);
		expect(seals[1].change.notes).toBe('the tally was counted again');
		// sent again (its answer lost): acknowledged as stored, not stored twice
		expect(await askKeeper(benPhone, club.group, 'noted', writeEntry(again))).toMatchObject({
			ok: true,
			duplicate: true
		});
		expect(await sealsOf('noted')).toHaveLength(2);
	});

	it('seal again: a correction of the log after the seal is the newest seal’s log, still over', async () => {
		const { seal } = await sealedMatch('corrected');
		const other = randomGame(seeded(21), 3);
		const round = {
			type: 'tally',
			hands: other.state.hands.map((hand) => ({ cards: [...hand.cards], chips: hand.chips }))
		};
		const log = [{ action: round, at: Date.now() }];
		const ana = await server.phone(club.member);
		expect(await ask(ana, resealOf(seal, ANA, { log }), anaKey)).toMatchObject({ ok: true });
		const seals = await sealsOf('corrected');
		expect(seals).toHaveLength(2);
		expect(seals[1].change.log).toEqual(log);
		expect(seals[1].change.log).not.toEqual(seals[0].change.log);
	});

	it('seal again: a key no member registered, or a removed member’s, is refused and nothing stored', async () => {
		const { seal } = await sealedMatch('not-a-member');
		const ana = await server.phone(club.member);
		expect(await ask(ana, resealOf(seal, ANA, { notes: 'forged' }), forger)).toEqual({
			ok: false,
			why: 'not-yours'
		});
		const { member: chloe } = await server.live.invite(club.group, 'Chloé’s phone');
		const chloeKey = await signerOf(await newKeyPair());
		const chloePhone = await server.phone(chloe);
		await registeredIn(chloePhone, club.group, chloe.user, chloeKey);
		await server.live.removeMember(club.group, chloe.user);
		// the removed member's key, sent by a member still in the group
		expect(await ask(ana, resealOf(seal, ANA, { notes: 'removed' }), chloeKey)).toEqual({
			ok: false,
			why: 'not-yours'
		});
		expect((await sealsOf('not-a-member')).map((one) => one.id)).toEqual([seal.id]);
		// the same change with a member's registered key is the group's
		expect(await ask(ana, resealOf(seal, ANA, { notes: 'forged' }), anaKey)).toMatchObject({
			ok: true
		});
	});

	it('seal again: over an older seal than the newest is moved, nothing stored', async () => {
		const { seal } = await sealedMatch('stale');
		const [ana, benPhone] = [await server.phone(club.member), await server.phone(ben)];
		const first = await signedBy(resealOf(seal, BEN, { notes: 'Ben’s' }), benKey);
		expect(await askKeeper(benPhone, club.group, 'stale', writeEntry(first))).toMatchObject({
			ok: true
		});
		// Ana's change written over the seal she knew: Ben's got there first
		expect(await ask(ana, resealOf(seal, ANA, { notes: 'Ana’s' }), anaKey)).toEqual({
			ok: false,
			why: 'moved',
			length: seal.pos + 2,
			last: first.id
		});
		expect((await sealsOf('stale')).map((one) => one.change.notes)).toEqual([
			seal.change.notes,
			'Ben’s'
		]);
	});

	it('seal again: a seal another keeper stored meanwhile is found by the compare-and-set: the seal over the older is moved, nothing stored', async () => {
		const { seal } = await sealedMatch('two-keepers');
		// a second keeper (the server's own writer) stores Ben's seal behind this keeper's copy
		const theirs = await signedBy(resealOf(seal, BEN, { notes: 'the other keeper’s' }), benKey);
		const writer = await server.live.groupWriter(club.group);
		const stored = await sealsOf('two-keepers');
		expect(stored).toHaveLength(1);
		const info = await (
			await server.live.groupManager(club.group)
		).streams.getMessage(groupStreamOf(club.group), {
			last_by_subj: sealSubject(club.group, 'two-keepers')
		});
		await writer.publish(sealSubject(club.group, 'two-keepers'), writeEntry(theirs), {
			msgID: theirs.id,
			expect: { lastSubjectSequence: info!.seq }
		});
		// this keeper still holds Ana's seal as the newest: the stream refuses the append
		const ana = await server.phone(club.member);
		expect(await ask(ana, resealOf(seal, ANA, { notes: 'Ana’s' }), anaKey)).toEqual({
			ok: false,
			why: 'moved',
			length: theirs.pos + 1,
			last: theirs.id
		});
		expect((await sealsOf('two-keepers')).map((one) => one.id)).toEqual([seal.id, theirs.id]);
	});

	it('seal again: another start is not the log, nothing stored; a log taken back from its end is stored as it is', async () => {
		const { seal } = await sealedMatch('checked');
		const ana = await server.phone(club.member);
		const start = { ...seal.change.start, names: ['Ana', 'Ben', 'Zoé'] };
		expect(await ask(ana, resealOf(seal, ANA, { start }), anaKey)).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		expect(await sealsOf('checked')).toHaveLength(1);
		// a move taken back after the end: the match is no longer over, and its seal says so
		const log = [{ action: { type: 'reveal', card: 10 }, at: Date.now() }];
		const reopened = resealOf(seal, ANA, { log });
		expect(await ask(ana, reopened, anaKey)).toMatchObject({ ok: true });
		// over again, abandoned: sealed over it
		const abandoned = resealOf(reopened, ANA, { log, abandoned: true });
		expect(await ask(ana, abandoned, anaKey)).toMatchObject({ ok: true });
		expect((await sealsOf('checked')).map((one) => one.change.log.length)).toEqual([
			seal.change.log.length,
			1,
			1
		]);
	});

	it('seal again: a keeper killed and started again writes the next seal over the newest', async () => {
		const { seal } = await sealedMatch('restarted-again');
		const benPhone = await server.phone(ben);
		const first = await signedBy(resealOf(seal, BEN, { notes: 'before the restart' }), benKey);
		expect(
			await askKeeper(benPhone, club.group, 'restarted-again', writeEntry(first))
		).toMatchObject({ ok: true });
		// nats-server killed (nothing flushed) and started again on its folder: the next seal,
		// over the newest, stored through the keeper's and the clerk's connections back
		await server.live.kill(0, 'SIGKILL');
		await server.live.restart(0);
		const during = await signedBy(resealOf(first, ANA, { notes: 'while killed' }), anaKey);
		const ana = await server.phone(club.member);
		expect(
			await answered(() => askKeeper(ana, club.group, 'restarted-again', writeEntry(during)))
		).toMatchObject({ ok: true });
		// the whole server started again: a new keeper reads the newest seal from the stream
		await server.restart();
		const [again, back] = [await server.phone(club.member), await server.phone(ben)];
		expect(await ask(again, resealOf(first, ANA, { notes: 'over an older' }), anaKey)).toEqual({
			ok: false,
			why: 'moved',
			length: during.pos + 1,
			last: during.id
		});
		const next = await signedBy(resealOf(during, BEN, { notes: 'after the restart' }), benKey);
		expect(await askKeeper(back, club.group, 'restarted-again', writeEntry(next))).toMatchObject({
			ok: true,
			duplicate: false
		});
		expect((await sealsOf('restarted-again')).map((one) => one.change.notes)).toEqual([
			seal.change.notes,
			'before the restart',
			'while killed',
			'after the restart'
		]);
	}, 60_000);
});
