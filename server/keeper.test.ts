/**
 * The keeper for real (docs/wire.md, "Who writes: the server appends, after checking"): a real
 * nats-server, node clients with a table's own credentials as the phones of a leaked players'
 * link. Whatever they send, only entries a phone would accept reach the stream.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { LiveChannel } from '../src/lib/live/client';
import { ANA, BEN, startEntry } from '../src/lib/live/fixtures';
import { newId, writeEntry, type Change, type Entry } from '../src/lib/live/protocol';
import { accept, begin, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { readAnswer } from '../src/lib/wire/append';
import { appendSubject, askSubject, matchSubject, streamOf } from '../src/lib/wire/names.js';

let server: TestLive;
type Made = Awaited<ReturnType<TestLive['live']['createTable']>>;
let tableA: Made;
let tableB: Made;

beforeAll(async () => {
	server = await startTestLive();
	[tableA, tableB] = await server.live.createTables(2);
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

/** A match started at table A by Ana's phone, with `changes` after it: the copy and the channel. */
async function started(match: string, changes: Change[] = []) {
	const nc = await server.phone(tableA.writer);
	const channel = new LiveChannel(nc, tableA.table, match);
	const start = startEntry({ id: newId(), match, by: ANA, at: Date.now() });
	expect(await channel.append(writeEntry(start))).toMatchObject({ ok: true });
	let copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
	for (const change of changes) copy = await appended(channel, copy, change);
	return { nc, channel, copy };
}

/** One more entry by Ana, which the keeper must store. */
async function appended(channel: LiveChannel, copy: LiveMatch, change: Change, by = ANA) {
	const entry = nextEntry(copy, change, by, newId(), Date.now());
	const answer = await channel.append(writeEntry(entry));
	expect(answer).toMatchObject({ ok: true, duplicate: false });
	return (accept(copy, entry, answer.ok ? answer.seq : 0) as { live: LiveMatch }).live;
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
		expect(await channel.append(writeEntry(again))).toMatchObject({
			ok: false,
			why: 'moved',
			length: 2
		});
		const late = { ...again, id: newId(), pos: 2, prev: copy.entries[1].id };
		expect(await channel.append(writeEntry(late))).toMatchObject({
			ok: false,
			why: 'refused',
			code: 'not-start'
		});
		await appended(channel, copy, { kind: 'act', action: { type: 'pass' } });
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
		expect(await said(writeEntry(elsewhere))).toMatchObject({ why: 'not-passpad' });
		// a place the log does not end at
		const far = { ...nextEntry(copy, reveal(11), ANA, newId(), 1), pos: 7 };
		expect(await said(writeEntry(far))).toMatchObject({ why: 'moved', length: 2 });
		const wrongPrev = { ...nextEntry(copy, reveal(11), ANA, newId(), 1), prev: 'not-the-last-1' };
		expect(await said(writeEntry(wrongPrev))).toMatchObject({ why: 'moved' });
		// the rules: a card is face up, so it is take or pass, never another reveal
		const illegal = nextEntry(copy, reveal(11), ANA, newId(), 1);
		const answer = await said(writeEntry(illegal));
		expect(answer).toMatchObject({ ok: false, why: 'refused' });
		expect(answer.ok === false && answer.why === 'refused' && answer.code).toBeTruthy();
		// an act by a phone that does not hold the pen
		const notPen = nextEntry(copy, { kind: 'act', action: { type: 'pass' } }, BEN, newId(), 1);
		expect(await said(writeEntry(notPen))).toEqual({ ok: false, why: 'not-yours' });
		const ids = (await stored(tableA.table, 'junk-match')).map((entry) => entry.id);
		expect(ids).toEqual(copy.entries.map((entry) => entry.id));
	});

	it('keeper: a retried entry already stored is answered as stored, never stored twice', async () => {
		const { channel, copy } = await started('retry-match');
		const entry = nextEntry(copy, reveal(10), ANA, newId(), 1);
		const first = await channel.append(writeEntry(entry));
		const again = await channel.append(writeEntry(entry));
		expect(first).toMatchObject({ ok: true, duplicate: false });
		expect(again).toEqual({ ok: true, seq: first.ok && first.seq, duplicate: true });
		expect(await stored(tableA.table, 'retry-match')).toHaveLength(2);
	});

	it('keeper: two phones taking the pen at once: exactly one pen entry is stored, the other is told', async () => {
		const { copy } = await started('pen-race-match', [reveal(10)]);
		const phones = [await server.phone(tableA.writer), await server.phone(tableA.writer)];
		const channels = phones.map((nc) => new LiveChannel(nc, tableA.table, 'pen-race-match'));
		const takers = [BEN, 'phone-cleo-003'];
		const answers = await Promise.all(
			channels.map((channel, index) => {
				const change: Change = { kind: 'pen', to: takers[index], name: `Taker ${index}` };
				return channel.append(writeEntry(nextEntry(copy, change, takers[index], newId(), 1)));
			})
		);
		expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
		expect(answers.filter((answer) => !answer.ok && answer.why === 'moved')).toHaveLength(1);
		const pens = (await stored(tableA.table, 'pen-race-match')).filter(
			(entry) => entry.change.kind === 'pen'
		);
		expect(pens).toHaveLength(1);
	});

	it('keeper: a reply subject outside the table’s own inboxes is never answered, nothing stored', async () => {
		const match = 'reply-match';
		// table B's phone listens on its own ask subject
		const listener = await server.phone(tableB.writer);
		const heard: string[] = [];
		listener.subscribe(askSubject(tableB.table, match), {
			callback: (_, message) => void heard.push(message.string())
		});
		await listener.flush();
		const nc = await server.phone(tableA.writer);
		const start = startEntry({ id: newId(), match, by: ANA });
		nc.publish(appendSubject(tableA.table, match), writeEntry(start), {
			reply: askSubject(tableB.table, match)
		});
		// another phone's inbox is no better: B's writer's
		nc.publish(appendSubject(tableA.table, match), writeEntry(start), {
			reply: `_I.${tableB.writer.user}.x`
		});
		// then the same start asked properly: stored at once, so the two before were not
		const proper = await nc.request(appendSubject(tableA.table, match), writeEntry(start), {
			timeout: 5_000
		});
		expect(readAnswer(proper.data)).toEqual({
			ok: true,
			seq: expect.any(Number),
			duplicate: false
		});
		await listener.flush();
		expect(heard).toEqual([]);
		expect(await stored(tableA.table, match)).toHaveLength(1);
	});

	it('keeper: a flood of junk is refused, then slowed down; the table keeps its match', async () => {
		const { channel, copy } = await started('flood-match', [reveal(10)]);
		const junk = new Uint8Array(16 * 1024).fill(120);
		const answers: string[] = [];
		// 1.1 MB: past the table's bytes for the minute (src/lib/wire/limits.ts)
		for (let sent = 0; sent < 70; sent++) {
			const answer = await channel.append(junk);
			answers.push(answer.ok ? 'ok' : answer.why);
		}
		expect(answers.slice(0, 60).every((why) => why === 'not-passpad')).toBe(true);
		expect(answers.at(-1)).toBe('slow-down');
		const ids = (await stored(tableA.table, 'flood-match')).map((entry) => entry.id);
		expect(ids).toEqual(copy.entries.map((entry) => entry.id));
		// a table's quota is its own: table B writes on
		const other = new LiveChannel(await server.phone(tableB.writer), tableB.table, 'calm-match');
		const start = startEntry({ id: newId(), match: 'calm-match', by: ANA });
		expect(await other.append(writeEntry(start))).toMatchObject({ ok: true });
	});

	it('keeper: an entry written on the subject behind its back is read before the next append', async () => {
		const { channel, copy } = await started('behind-match', [reveal(10)]);
		// the admin writes the next entry itself (as a second keeper in a cluster would)
		const entry = nextEntry(copy, { kind: 'act', action: { type: 'pass' } }, ANA, newId(), 1);
		await jetstream(server.live.nc).publish(
			matchSubject(tableA.table, 'behind-match'),
			writeEntry(entry)
		);
		// Ana's phone, which had not seen it, is told the table moved
		const mine = nextEntry(copy, { kind: 'act', action: { type: 'take' } }, ANA, newId(), 1);
		expect(await channel.append(writeEntry(mine))).toMatchObject({
			ok: false,
			why: 'moved',
			length: 3
		});
		const next = (accept(copy, entry, 3) as { live: LiveMatch }).live;
		await appended(channel, next, { kind: 'act', action: { type: 'take' } });
		expect(await stored(tableA.table, 'behind-match')).toHaveLength(4);
	});
});
