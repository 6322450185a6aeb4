/**
 * A group's match through the keeper (docs/wire.md, "Who writes: the server appends, after
 * checking"; "Where it is stored"): a real nats-server, node clients with a group's own
 * credentials as its members' and board's phones. Entries are checked as a table's and stored
 * on the group's stream, one subject a position; a finished match is sealed into one message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliverPolicy, jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { ANA, BEN, startEntry } from '../src/lib/live/fixtures';
import { begin, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import type { AppendAnswer } from '../src/lib/wire/append';
import { newId, writeEntry, type Change, type Entry, type SealEntry } from '../src/lib/wire/entry';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import {
	groupEntriesOf,
	groupStreamOf,
	groupSubjectsOf,
	groupWireOf,
	recordSubject,
	sealSubject
} from '../src/lib/wire/names.js';
import {
	askKeeper,
	enteredIn,
	game,
	registeredIn,
	sealOf,
	startedIn,
	tally
} from './group-keeper-fixtures';
import { groupStream } from './streams';
import { groupAppendTarget } from './group-keeper';

let server: TestLive;
type Club = Awaited<ReturnType<TestLive['live']['createGroup']>>;
let club: Club;
let other: Club;
/** Ben, a second member of the club */
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
	other = await server.live.createGroup('Family', 'Zoé’s phone');
	({ member: ben } = await server.live.invite(club.group, 'Ben’s phone'));
	// each phone's key registered by its member, as a phone does before its first entry
	// (docs/wire.md, "Keys"; member-keys.test.ts); Ana's key in the other group too, by Zoé
	await registeredIn(await server.phone(club.member), club.group, club.member.user, anaKey);
	await registeredIn(await server.phone(ben), club.group, ben.user, benKey);
	await registeredIn(await server.phone(other.member), other.group, other.member.user, anaKey);
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

/** A member's request to its group's `append` (this club's unless said). */
const ask = (nc: NatsConnection, match: string, bytes: Uint8Array, group = club.group) =>
	askKeeper(nc, group, match, bytes);

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

/** A match's messages as the group's stream holds them, by subject (the server reads all). */
async function held(match: string, group = club.group) {
	const jsm = await server.live.groupManager(group);
	const found: { subject: string; data: string }[] = [];
	const last = (await jsm.streams.info(groupStreamOf(group))).state.last_seq;
	for (let seq = 1; seq <= last; seq++) {
		const message = await jsm.streams.getMessage(groupStreamOf(group), { seq }).catch(() => null);
		if (message?.subject.includes(`.${match}`)) {
			found.push({ subject: message.subject, data: new TextDecoder().decode(message.data) });
		}
	}
	return found;
}

/** Ana's phone starts a match in the club, then enters `changes`: its copy. */
const started = (nc: NatsConnection, match: string, changes: Change[] = []) =>
	startedIn(nc, club.group, match, anaKey, changes);

/** One more entry by `by` in the club, which the keeper must store. */
const entered = (nc: NatsConnection, copy: LiveMatch, change: Change, signer: Signer, by: string) =>
	enteredIn(nc, club.group, copy, change, signer, by);

describe('a group’s match through the keeper', () => {
	it('group keeper: two members append a match’s entries, each on its position’s subject', async () => {
		const [ana, benPhone] = [await server.phone(club.member), await server.phone(ben)];
		let copy = await started(ana, 'two-members', [
			{ kind: 'act', action: { type: 'reveal', card: 10 } }
		]);
		copy = await entered(
			ana,
			copy,
			{ kind: 'pen', to: BEN, name: 'Ben', key: benKey.key },
			anaKey,
			ANA
		);
		copy = await entered(benPhone, copy, { kind: 'act', action: { type: 'take' } }, benKey, BEN);
		const stored = await held('two-members');
		expect(stored.map((one) => one.subject)).toEqual(
			[0, 1, 2, 3].map((pos) => groupEntriesOf(club.group, 'two-members').replace('*', `${pos}`))
		);
		expect(stored.map((one) => (JSON.parse(one.data) as Entry).id)).toEqual(
			copy.entries.map((entry) => entry.id)
		);
	});

	it('group keeper: an entry at a stale position is moved, and not stored', async () => {
		const ana = await server.phone(club.member);
		const copy = await started(ana, 'stale-pos', [
			{ kind: 'act', action: { type: 'reveal', card: 12 } }
		]);
		const stale = await signed(
			{ ...nextEntry(copy, { kind: 'act', action: { type: 'pass' } }, ANA, newId(), 1), pos: 1 },
			anaKey
		);
		expect(await ask(ana, 'stale-pos', writeEntry(stale))).toMatchObject({
			ok: false,
			why: 'moved',
			length: 2
		});
		expect(await held('stale-pos')).toHaveLength(2);
	});

	it('group keeper: another member takes the pen only after its holder’s silence; before, only the pen acts', async () => {
		const [ana, benPhone] = [await server.phone(club.member), await server.phone(ben)];
		const copy = await started(ana, 'pen-held', [
			{ kind: 'act', action: { type: 'reveal', card: 14 } }
		]);
		const take = await signed(
			nextEntry(copy, { kind: 'pen', to: BEN, name: 'Ben', key: benKey.key }, BEN, newId(), 1),
			benKey
		);
		expect(await ask(benPhone, 'pen-held', writeEntry(take))).toEqual({
			ok: false,
			why: 'pen-held'
		});
		const act = await signed(
			nextEntry(copy, { kind: 'act', action: { type: 'pass' } }, BEN, newId(), 1),
			benKey
		);
		expect(await ask(benPhone, 'pen-held', writeEntry(act))).toEqual({
			ok: false,
			why: 'not-yours'
		});
		expect(await held('pen-held')).toHaveLength(2);
	});

	it('group keeper: a request whose subject names no group’s match is not answered', () => {
		expect(groupAppendTarget(`passpad.append.g.${club.group}.match-1`)).toEqual({
			group: club.group,
			match: 'match-1'
		});
		for (const subject of [
			`passpad.append.g.${club.group}.match-1.extra`,
			`passpad.append.g.NOT_A_GROUP.match-1`,
			`passpad.append.x.${club.group}.match-1`,
			`passpad.${club.group}.append.match-1`
		]) {
			expect(groupAppendTarget(subject), subject).toBeNull();
		}
	});

	it('group keeper: a forged signature is refused, and not stored', async () => {
		const ana = await server.phone(club.member);
		const copy = await started(ana, 'forged', []);
		const entry = nextEntry(
			copy,
			{ kind: 'act', action: { type: 'reveal', card: 20 } },
			ANA,
			newId(),
			1
		);
		// Ana's key named, another key's signature
		const forged = { ...(await signed(entry, forger)), key: anaKey.key };
		expect(await ask(ana, 'forged', writeEntry(forged))).toEqual({ ok: false, why: 'not-yours' });
		expect(await held('forged')).toHaveLength(1);
	});

	it('group keeper: the board’s credential cannot append, where a member’s can', async () => {
		const board = await server.phone(club.board, { reconnect: false });
		const start = writeEntry(
			await signed(startEntry({ id: newId(), match: 'by-board', at: 1 }), anaKey)
		);
		await expect(ask(board, 'by-board', start)).rejects.toThrow(/permission/i);
		expect(await held('by-board')).toEqual([]);
		// the same entry from a member's phone is the group's
		expect(await ask(await server.phone(club.member), 'by-board', start)).toMatchObject({
			ok: true
		});
		expect(await held('by-board')).toHaveLength(1);
	});

	it('group keeper: another group’s member cannot reach this group’s append, only its own', async () => {
		const zoe = await server.phone(other.member, { reconnect: false });
		const start = writeEntry(
			await signed(startEntry({ id: newId(), match: 'from-elsewhere', at: 1 }), anaKey)
		);
		await expect(ask(zoe, 'from-elsewhere', start)).rejects.toThrow(/permission/i);
		expect(await held('from-elsewhere')).toEqual([]);
		// its own group's append answers it, and stores in its own group only
		expect(await ask(zoe, 'from-elsewhere', start, other.group)).toMatchObject({ ok: true });
		expect(await held('from-elsewhere')).toEqual([]);
		expect(await held('from-elsewhere', other.group)).toHaveLength(1);
	});

	it('group keeper: a seal before the match is over is refused; so is another log, or another phone’s', async () => {
		const [ana, benPhone] = [await server.phone(club.member), await server.phone(ben)];
		const copy = await started(ana, 'early-seal', [
			{ kind: 'act', action: { type: 'reveal', card: 15 } }
		]);
		const early = writeEntry(await signed(sealOf(copy), anaKey));
		expect(await ask(ana, 'early-seal', early)).toEqual({ ok: false, why: 'not-over' });
		// a finished match: a seal whose log is not the server's, or by a phone without the pen
		const finished = await started(ana, 'other-log', [tally]);
		const wrong = sealOf(finished, ANA, { log: [] });
		expect(await ask(ana, finished.match, writeEntry(await signed(wrong, anaKey)))).toEqual({
			ok: false,
			why: 'not-the-log'
		});
		const bens = writeEntry(await signed(sealOf(finished, BEN), benKey));
		expect(await ask(benPhone, finished.match, bens)).toEqual({ ok: false, why: 'not-yours' });
		for (const match of ['early-seal', 'other-log']) {
			expect((await held(match)).some((one) => one.subject.includes('.s.'))).toBe(false);
		}
	});

	it('group keeper: a sealed match reads as one message, and takes no entry after', async () => {
		const ana = await server.phone(club.member);
		const copy = await started(ana, 'sealed-match', [tally]);
		const seal = await signed(sealOf(copy), anaKey);
		const answer = (await ask(ana, 'sealed-match', writeEntry(seal))) as AppendAnswer;
		expect(answer).toMatchObject({ ok: true, duplicate: false });
		// the seal sent again (its answer lost): acknowledged as stored
		expect(await ask(ana, 'sealed-match', writeEntry(seal))).toMatchObject({
			ok: true,
			duplicate: true
		});
		// what a new phone reads: the newest message of each subject, as a member reads it; the
		// record's reader (its versions) is sent nothing of the entries nor the seal
		const js = jetstream(await server.phone(club.member));
		const newest = async (filter: string) => {
			const consumer = await js.consumers.get(groupStreamOf(club.group), {
				filter_subjects: filter,
				deliver_policy: DeliverPolicy.LastPerSubject
			});
			const read: string[] = [];
			for await (const message of await consumer.fetch({ max_messages: 500, expires: 3_000 })) {
				if (message.subject.includes('.sealed-match')) read.push(message.subject);
				if (message.info.pending === 0) break;
			}
			return read;
		};
		expect(await newest(groupWireOf(club.group))).toEqual([
			sealSubject(club.group, 'sealed-match')
		]);
		expect(await newest(groupSubjectsOf(club.group))).toEqual([]);
		const after = await signed(
			nextEntry(copy, { kind: 'act', action: { type: 'pass' } }, ANA, newId(), 1),
			anaKey
		);
		expect(await ask(ana, 'sealed-match', writeEntry(after))).toEqual({
			ok: false,
			why: 'sealed'
		});
	});

	it('group keeper: a group’s stream made before sealing (deletes denied) takes no entry and no seal: its matches stay whole versions', async () => {
		const before = await server.live.createGroup('Old club', 'Léa’s phone');
		const jsm = await server.live.groupManager(before.group);
		// as streams.ts made a group's stream before: nats-server 2.9.10 cannot lift `deny_delete`
		const made = groupStream(before.group, 1, 8 * 1024 * 1024);
		await jsm.streams.delete(made.name);
		await jsm.streams.add({ ...made, deny_delete: true });
		await expect(jsm.streams.update(made.name, { deny_delete: false })).rejects.toThrow(/delete/);
		const lea = await server.phone(before.member);
		const start = await signed(
			startEntry({ id: newId(), match: 'old-stream', by: ANA, at: 1, config: game.config }),
			anaKey
		);
		expect(await ask(lea, 'old-stream', writeEntry(start), before.group)).toEqual({
			ok: false,
			why: 'kept-whole'
		});
		const copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
		const seal = await signed(sealOf(copy), anaKey);
		expect(await ask(lea, 'old-stream', writeEntry(seal), before.group)).toEqual({
			ok: false,
			why: 'kept-whole'
		});
		// nothing of the match stored: the store never holds a match twice (versions and entries)
		expect(await held('old-stream', before.group)).toEqual([]);
		// a new group's stream takes them (the same keeper, the answer not kept for all groups)
		const ana = await server.phone(club.member);
		expect((await started(ana, 'new-stream')).entries).toHaveLength(1);
	}, 30_000);

	it('group keeper: a member away while a match is sealed reads, once back, the version and the seal stored before its entries were deleted', async () => {
		const benPhone = await server.phone(ben);
		// Ben's readers (the record's, and the matches' entries and seals), caught up, then not
		// pulling (a phone cut off)
		const readerOf = (filter: string) =>
			jetstream(benPhone).consumers.get(groupStreamOf(club.group), {
				filter_subjects: filter,
				deliver_policy: DeliverPolicy.New
			});
		const [reader, wire] = await Promise.all([
			readerOf(groupSubjectsOf(club.group)),
			readerOf(groupWireOf(club.group))
		]);
		const ana = await server.phone(club.member);
		const copy = await started(ana, 'away-reader', [tally]);
		// the whole-match version beside the entries, as a phone sends it (docs/group.md)
		await jetstream(ana).publish(recordSubject(club.group, 'away-reader'), '{}');
		const seal = await signed(sealOf(copy), anaKey);
		expect(await ask(ana, 'away-reader', writeEntry(seal))).toMatchObject({ ok: true });
		// on nats-server 2.9.10 a filtered purge here moved Ben's reader past all of it
		const read: string[] = [];
		for (const one of [reader, wire]) {
			for await (const message of await one.fetch({ max_messages: 20, expires: 2_000 })) {
				read.push(message.subject.split('.').slice(3).join('.'));
			}
		}
		expect(read.filter((subject) => !subject.startsWith('m.'))).toEqual([
			'match.away-reader',
			's.away-reader'
		]);
		expect(await held('away-reader')).toHaveLength(2);
	});

	it('group keeper: a server killed and restarted still has the seal, and refuses a second start at 0', async () => {
		const ana = await server.phone(club.member);
		const copy = await started(ana, 'restarted', [tally]);
		const seal = await signed(sealOf(copy, ANA, { abandoned: false }), anaKey);
		expect(await ask(ana, 'restarted', writeEntry(seal))).toMatchObject({ ok: true });
		// nats-server killed (nothing flushed) and started again on its folder
		await server.live.kill(0, 'SIGKILL');
		await server.live.restart(0);
		const start = await signed(
			startEntry({ id: newId(), match: 'restarted', by: BEN, at: Date.now() }),
			benKey
		);
		// the keeper's and the clerk's connections back (read through both) before the whole
		// server stops: closing a connection while it reconnects to a dead server is the library's race
		const back = await server.phone(ben);
		expect(await answered(() => ask(back, 'restarted', writeEntry(start)))).toEqual({
			ok: false,
			why: 'sealed'
		});
		expect(await answered(() => held('restarted'))).toHaveLength(1);
		// and the whole server started again: a new keeper reads the seal from the stream
		await server.restart();
		const again = await server.phone(ben);
		expect(await ask(again, 'restarted', writeEntry(start))).toEqual({ ok: false, why: 'sealed' });
		const stored = await held('restarted');
		expect(stored.map((one) => one.subject)).toEqual([sealSubject(club.group, 'restarted')]);
		expect((JSON.parse(stored[0].data) as SealEntry).change.notes).toBe('Ben’s first win');
	}, 60_000);
});
