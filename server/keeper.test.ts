/**
 * The keeper for real (docs/wire.md, "Who writes: the server appends, after checking"): a real
 * nats-server, node clients with a table's own credentials as the phones of a leaked players'
 * link. Whatever they send, only entries a phone would accept reach the stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AckPolicy, DiscardPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { appended } from './keeper-fixtures';
import { LiveChannel } from '../src/lib/live/client';
import { ANA, BEN, startEntry } from '../src/lib/live/fixtures';
import { newId, writeEntry, type Change, type Entry } from '../src/lib/live/protocol';
import { accept, begin, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { readAnswer } from '../src/lib/wire/append';
import { PEN_SILENCE_MS } from '../src/lib/wire/limits';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import {
	appendSubject,
	askSubject,
	hereSubject,
	matchSubject,
	streamOf
} from '../src/lib/wire/names.js';

let server: TestLive;
type Made = Awaited<ReturnType<TestLive['live']['createTable']>>;
let tableA: Made;
let tableB: Made;
/** the table a flood spends its quota of: its own */
let tableC: Made;
/** Ana's phone's key, Ben's, and a leaked link's holder's */
let ana: Signer;
let ben: Signer;
let mallory: Signer;
/** how far the keeper's clock is ahead of the machine's (the pen's silence, server/pen.test.ts) */
let ahead = 0;

/** An entry as a phone sends it: with its writer's key, signed. */
const sign = (entry: Entry, signer: Signer = ana) => signed(entry, signer);
const bytesOf = async (entry: Entry, signer: Signer = ana) => writeEntry(await sign(entry, signer));

beforeAll(async () => {
	[ana, ben, mallory] = await Promise.all([0, 1, 2].map(async () => signerOf(await newKeyPair())));
	server = await startTestLive({ keeper: { now: () => Date.now() + ahead } });
	[tableA, tableB, tableC] = await server.live.createTables(3);
});
afterAll(async () => {
	await server?.stop();
});

/** A match's entries as the stream has them (the admin reads everything). */
async function stored(table: string, match: string): Promise<Entry[]> {
	const found: Entry[] = [];
	for (let seq = 1; ; seq++) {
		const message = await server.live.jsm.streams
			.getMessage(streamOf(table), { seq })
			.catch(() => null);
		if (!message) return found;
		if (message.subject === matchSubject(table, match)) found.push(message.json<Entry>());
	}
}

/** A match started (at table A unless said) by Ana's phone, with `changes` after it: the copy and the channel. */
async function started(match: string, changes: Change[] = [], made = tableA) {
	const nc = await server.phone(made.writer);
	const channel = new LiveChannel(nc, made.table, match);
	const start = await sign(startEntry({ id: newId(), match, by: ANA, at: Date.now() }));
	expect(await channel.append(writeEntry(start))).toMatchObject({ ok: true });
	let copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
	for (const change of changes) copy = await appended(channel, copy, change, ana);
	return { nc, channel, copy };
}

const reveal = (card: number): Change => ({ kind: 'act', action: { type: 'reveal', card } });

describe('the keeper', () => {
	it('keeper: a phone cannot publish to its table’s stream, only ask the keeper', async () => {
		const nc = await server.phone(tableA.writer);
		const start = startEntry({ id: newId(), match: 'straight-match', by: ANA });
		await expect(
			jetstream(nc, { timeout: 2_000 }).publish(
				matchSubject(tableA.table, 'straight-match'),
				writeEntry(start)
			)
		).rejects.toThrow();
		expect(await stored(tableA.table, 'straight-match')).toEqual([]);
	});

	it('keeper: a start at a position the table has is refused and the table goes on', async () => {
		const { channel, copy } = await started('restart-match', [reveal(10)]);
		// a second start at 0: the table has one (moved); a start where the log ends: never
		const again = startEntry({ id: newId(), match: 'restart-match', by: BEN });
		expect(await channel.append(await bytesOf(again, ben))).toMatchObject({
			ok: false,
			why: 'moved',
			length: 2
		});
		const late = { ...again, id: newId(), pos: 2, prev: copy.entries[1].id };
		expect(await channel.append(await bytesOf(late, ben))).toMatchObject({
			ok: false,
			why: 'refused',
			code: 'not-start'
		});
		await appended(channel, copy, { kind: 'act', action: { type: 'pass' } }, ana);
		const ids = (await stored(tableA.table, 'restart-match')).map((entry) => entry.id);
		expect(ids).toEqual([...copy.entries.map((entry) => entry.id), expect.any(String)]);
	});

	it('keeper: what is not an entry, is out of place or breaks the rules is never stored', async () => {
		const { channel, copy } = await started('junk-match', [reveal(10)]);
		const said = (bytes: Uint8Array) => channel.append(bytes);
		expect(await said(new TextEncoder().encode('not json'))).toEqual({
			ok: false,
			why: 'not-passpad'
		});
		expect(await said(new Uint8Array(20_000).fill(65))).toEqual({ ok: false, why: 'not-passpad' });
		// another match's entry sent on this match's subject
		const elsewhere = { ...nextEntry(copy, reveal(11), ANA, newId(), 1), match: 'other-match' };
		expect(await said(await bytesOf(elsewhere))).toMatchObject({ why: 'not-passpad' });
		// a place the log does not end at
		const far = { ...nextEntry(copy, reveal(11), ANA, newId(), 1), pos: 7 };
		expect(await said(await bytesOf(far))).toMatchObject({ why: 'moved', length: 2 });
		const wrongPrev = { ...nextEntry(copy, reveal(11), ANA, newId(), 1), prev: 'not-the-last-1' };
		expect(await said(await bytesOf(wrongPrev))).toMatchObject({ why: 'moved' });
		// the rules: a card is face up, so it is take or pass, never another reveal
		const illegal = nextEntry(copy, reveal(11), ANA, newId(), 1);
		const answer = await said(await bytesOf(illegal));
		expect(answer).toMatchObject({ ok: false, why: 'refused' });
		expect(answer.ok === false && answer.why === 'refused' && answer.code).toBeTruthy();
		// an act by a phone that does not hold the pen
		const notPen = nextEntry(copy, { kind: 'act', action: { type: 'pass' } }, BEN, newId(), 1);
		expect(await said(await bytesOf(notPen, ben))).toEqual({ ok: false, why: 'not-yours' });
		const ids = (await stored(tableA.table, 'junk-match')).map((entry) => entry.id);
		expect(ids).toEqual(copy.entries.map((entry) => entry.id));
	});

	it('keeper: a leaked link writing under the pen phone’s name is refused, nothing stored', async () => {
		const { copy } = await started('impersonation-match', [reveal(10)]);
		const leaked = new LiveChannel(
			await server.phone(tableA.writer),
			tableA.table,
			'impersonation-match'
		);
		const act = nextEntry(copy, { kind: 'act', action: { type: 'take' } }, ANA, newId(), 1);
		// Ana's phone's id, the leaked link's own key
		expect(await leaked.append(await bytesOf(act, mallory))).toEqual({
			ok: false,
			why: 'not-yours'
		});
		// Ana's key named, but signed by another: the signature fails
		const forged = { ...(await sign(act, mallory)), key: ana.key };
		expect(await leaked.append(writeEntry(forged))).toEqual({ ok: false, why: 'not-yours' });
		// Ana's key named, the signature of another entry of hers
		const other = await sign({ ...act, id: newId() });
		expect(await leaked.append(writeEntry({ ...forged, sig: other.sig }))).toEqual({
			ok: false,
			why: 'not-yours'
		});
		// no key, no signature: not an entry the keeper stores
		expect(await leaked.append(writeEntry(act))).toEqual({ ok: false, why: 'not-passpad' });
		const ids = (await stored(tableA.table, 'impersonation-match')).map((entry) => entry.id);
		expect(ids).toEqual(copy.entries.map((entry) => entry.id));
	});

	it('keeper: the pen given to a key: that key acts from then on, the giver no longer', async () => {
		const { channel, copy } = await started('handover-match', [reveal(10)]);
		const given = await appended(
			channel,
			copy,
			{
				kind: 'pen',
				to: BEN,
				name: 'Ben',
				key: ben.key
			},
			ana
		);
		const bens = new LiveChannel(await server.phone(tableA.writer), tableA.table, 'handover-match');
		const anas = nextEntry(given, { kind: 'act', action: { type: 'take' } }, ANA, newId(), 1);
		expect(await channel.append(await bytesOf(anas))).toEqual({ ok: false, why: 'not-yours' });
		await appended(bens, given, { kind: 'act', action: { type: 'take' } }, ben, BEN);
	});

	it('keeper: a retried entry already stored is answered as stored, never stored twice', async () => {
		const { channel, copy } = await started('retry-match');
		const entry = await sign(nextEntry(copy, reveal(10), ANA, newId(), 1));
		const first = await channel.append(writeEntry(entry));
		const again = await channel.append(writeEntry(entry));
		expect(first).toMatchObject({ ok: true, duplicate: false });
		expect(again).toEqual({ ok: true, seq: first.ok && first.seq, duplicate: true });
		expect(await stored(tableA.table, 'retry-match')).toHaveLength(2);
	});

	it('keeper: two phones taking the pen at once: exactly one pen entry is stored, the other is told', async () => {
		const { copy } = await started('pen-race-match', [reveal(10)]);
		// the holder cut off: its silence passes on the keeper's clock
		ahead += PEN_SILENCE_MS;
		const phones = [await server.phone(tableA.writer), await server.phone(tableA.writer)];
		const channels = phones.map((nc) => new LiveChannel(nc, tableA.table, 'pen-race-match'));
		const takers = [
			{ by: BEN, signer: ben },
			{ by: 'phone-cleo-003', signer: mallory }
		];
		const sent = await Promise.all(
			takers.map(({ by, signer }, index) => {
				const change: Change = { kind: 'pen', to: by, name: `Taker ${index}`, key: signer.key };
				return bytesOf(nextEntry(copy, change, by, newId(), 1), signer);
			})
		);
		const answers = await Promise.all(
			channels.map((channel, index) => channel.append(sent[index]))
		);
		expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
		expect(answers.filter((answer) => !answer.ok && answer.why === 'moved')).toHaveLength(1);
		const pens = (await stored(tableA.table, 'pen-race-match')).filter(
			(entry) => entry.change.kind === 'pen'
		);
		expect(pens).toHaveLength(1);
	});

	it('keeper: a reply subject naming another table’s subjects or inboxes never reaches them', async () => {
		const match = 'reply-match';
		// table B's phone listens on its own ask subject
		const listener = await server.phone(tableB.writer);
		const heard: string[] = [];
		listener.subscribe(askSubject(tableB.table, match), {
			callback: (_, message) => void heard.push(message.string())
		});
		await listener.flush();
		const nc = await server.phone(tableA.writer);
		const start = await sign(startEntry({ id: newId(), match, by: ANA }));
		nc.publish(appendSubject(tableA.table, match), writeEntry(start), {
			reply: askSubject(tableB.table, match)
		});
		// another phone's inbox is no better: B's writer's
		nc.publish(appendSubject(tableA.table, match), writeEntry(start), {
			reply: `_I.${tableB.writer.user}.x`
		});
		// then the same start asked properly: the keeper's answers went to table A's own account
		// (docs/wire.md, "Where it is stored"), and the start is stored once
		const proper = await nc.request(appendSubject(tableA.table, match), writeEntry(start), {
			timeout: 5_000
		});
		expect(readAnswer(proper.data)).toMatchObject({ ok: true, seq: expect.any(Number) });
		await listener.flush();
		expect(heard).toEqual([]);
		expect(await stored(tableA.table, match)).toHaveLength(1);
	});

	it('keeper: a consumer of one table delivering into another table’s ask and here is never heard there', async () => {
		const match = 'crossing-match';
		// an entry with a word more than an entry has (an ask's `name`) is not stored
		const { copy } = await started(match);
		const next = nextEntry(copy, reveal(10), ANA, newId(), Date.now());
		const mallory = writeEntry(await sign({ ...next, name: 'Mallory' } as Entry));
		const nc = await server.phone(tableA.writer);
		const channel = new LiveChannel(nc, tableA.table, match);
		expect(await channel.append(mallory)).toEqual({ ok: false, why: 'not-passpad' });
		// table B's pen phone listens for asks and its holder's "still here"
		const b = new LiveChannel(await server.phone(tableB.writer), tableB.table, match);
		const heard: string[] = [];
		b.onAsk((by, name) => void heard.push(`ask ${by} ${name}`));
		b.onHere((by) => void heard.push(`here ${by}`));
		// a leaked players' link of table A points consumers of its stream (entries only) at
		// table B's subjects: JetStream would deliver on the account's behalf, past permissions;
		// the link's account has no JetStream, so no consumer is made (accounts.test.ts)
		const jsm = await jetstreamManager(nc, { checkAPI: false, timeout: 2_000 });
		for (const [name, deliver] of [
			['into-ask', askSubject(tableB.table, match)],
			['into-here', hereSubject(tableB.table, match)]
		]) {
			await expect(
				jsm.consumers.add(streamOf(tableA.table), {
					name,
					deliver_subject: deliver,
					ack_policy: AckPolicy.None,
					filter_subject: matchSubject(tableA.table, match)
				})
			).rejects.toThrow();
		}
		// then a real ask at table B: heard, so what came before it would have been too
		const asker = new LiveChannel(await server.phone(tableB.writer), tableB.table, match);
		await new Promise((done) => setTimeout(done, 200));
		asker.ask(BEN, 'Ben');
		await expect.poll(() => heard.length).toBeGreaterThan(0);
		expect(heard).toEqual([`ask ${BEN} Ben`]);
		await Promise.all([b.close(), asker.close(), channel.close()]);
	});

	it('keeper: a flood of junk is refused, then slowed down; the table keeps its match', async () => {
		const { channel, copy } = await started('flood-match', [reveal(10)], tableC);
		const junk = new Uint8Array(16 * 1024).fill(120);
		const answers: string[] = [];
		// 1.1 MB: past the table's bytes for the minute (src/lib/wire/limits.ts)
		for (let sent = 0; sent < 70; sent++) {
			const answer = await channel.append(junk);
			answers.push(answer.ok ? 'ok' : answer.why);
		}
		expect(answers.slice(0, 60).every((why) => why === 'not-passpad')).toBe(true);
		expect(answers.at(-1)).toBe('slow-down');
		const ids = (await stored(tableC.table, 'flood-match')).map((entry) => entry.id);
		expect(ids).toEqual(copy.entries.map((entry) => entry.id));
		// a table's quota is its own: table B writes on
		const other = new LiveChannel(await server.phone(tableB.writer), tableB.table, 'calm-match');
		const start = startEntry({ id: newId(), match: 'calm-match', by: ANA });
		expect(await other.append(await bytesOf(start))).toMatchObject({ ok: true });
	});

	it('keeper: a full table refuses the next entry and keeps its match (a table opened before the keeper too)', async () => {
		const [made] = await server.live.createTables(1);
		// as streams were made before the keeper: the oldest dropped when full; and a small store
		const jsm = server.live.jsm;
		const config = (await jsm.streams.info(streamOf(made.table))).config;
		await jsm.streams.update(streamOf(made.table), {
			...config,
			discard: DiscardPolicy.Old,
			max_bytes: 4_096
		});
		const opened = await started('full-match', [], made);
		const { channel } = opened;
		let { copy } = opened;
		const answers: string[] = [];
		for (let card = 3; card < 30 && answers.at(-1) !== 'full'; card++) {
			const entry = await sign(nextEntry(copy, reveal(card), ANA, newId(), 1));
			const answer = await channel.append(writeEntry(entry));
			answers.push(answer.ok ? 'ok' : answer.why);
			if (answer.ok) copy = (accept(copy, entry, answer.seq) as { live: LiveMatch }).live;
			const take = await sign(
				nextEntry(copy, { kind: 'act', action: { type: 'take' } }, ANA, newId(), 1)
			);
			const taken = await channel.append(writeEntry(take));
			answers.push(taken.ok ? 'ok' : taken.why);
			if (taken.ok) copy = (accept(copy, take, taken.seq) as { live: LiveMatch }).live;
		}
		expect(answers.at(-1)).toBe('full');
		expect(answers.filter((why) => why !== 'ok' && why !== 'full')).toEqual([]);
		const ids = (await stored(made.table, 'full-match')).map((entry) => entry.id);
		expect(ids).toEqual(copy.entries.map((entry) => entry.id));
	});

	it('keeper: an entry written on the subject behind its back is read before the next append', async () => {
		const { channel, copy } = await started('behind-match', [reveal(10)]);
		// the admin writes the next entry itself (as a second keeper in a cluster would)
		const entry = await sign(
			nextEntry(copy, { kind: 'act', action: { type: 'pass' } }, ANA, newId(), 1)
		);
		await jetstream(server.live.nc).publish(
			matchSubject(tableA.table, 'behind-match'),
			writeEntry(entry)
		);
		// Ana's phone, which had not seen it, is told the table moved
		const mine = nextEntry(copy, { kind: 'act', action: { type: 'take' } }, ANA, newId(), 1);
		expect(await channel.append(await bytesOf(mine))).toMatchObject({
			ok: false,
			why: 'moved',
			length: 3
		});
		const next = (accept(copy, entry, 3) as { live: LiveMatch }).live;
		await appended(channel, next, { kind: 'act', action: { type: 'take' } }, ana);
		expect(await stored(tableA.table, 'behind-match')).toHaveLength(4);
	});
});
