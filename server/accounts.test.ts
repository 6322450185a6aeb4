/**
 * Each table in its own NATS account (docs/wire.md, "Where it is stored"; docs/security.md,
 * "What a leaked link can still do"): a real nats-server, node clients with the credentials a
 * table's links carry. JetStream delivers a pull's messages to whatever reply subject the pull
 * names, on the account's behalf: a link that could pull from a stream could copy its entries
 * into any stream of that account. A phone's account has no stream and no JetStream at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { LiveChannel } from '../src/lib/live/client';
import { ANA, startEntry } from '../src/lib/live/fixtures';
import { newId, writeEntry, type Change, type Entry } from '../src/lib/live/protocol';
import { accept, begin, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { tableStream } from './streams';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import { matchSubject, readSubject, streamOf } from '../src/lib/wire/names.js';

let server: TestLive;
type Made = Awaited<ReturnType<TestLive['live']['createTable']>>;
let tableA: Made;
let tableB: Made;
let ana: Signer;

beforeAll(async () => {
	ana = await signerOf(await newKeyPair());
	server = await startTestLive();
	[tableA, tableB] = await server.live.createTables(2);
});
afterAll(async () => {
	await server?.stop();
});

/** How many messages a table's stream holds, as the admin reads it. */
const held = async (table: string) =>
	(await server.live.jsm.streams.info(streamOf(table))).state.messages;

/** A match of one entry at table A, appended through the keeper by Ana's phone. */
async function oneEntry(match: string) {
	const channel = new LiveChannel(await server.phone(tableA.writer), tableA.table, match);
	const start = await signed(startEntry({ id: newId(), match, by: ANA, at: 1 }), ana);
	expect(await channel.append(writeEntry(start))).toMatchObject({ ok: true });
	await channel.close();
}

/**
 * What a leaked link tries: a consumer on its table's stream, then a pull whose reply subject
 * is a stream's subject (JetStream delivers there, so the stream stores it). Whether it could
 * pull: then it waits until the consumer delivered and the stream `into` holds one more.
 */
async function pullInto(nc: NatsConnection, match: string, into: string): Promise<boolean> {
	const stream = streamOf(tableA.table);
	const before = await held(into);
	let jsm;
	let name;
	try {
		jsm = await jetstreamManager(nc, { checkAPI: false, timeout: 2_000 });
		const consumer = await jsm.consumers.add(stream, {
			name: `copier-${newId().slice(0, 8)}`,
			ack_policy: AckPolicy.None,
			filter_subject: matchSubject(tableA.table, match)
		});
		name = consumer.name;
	} catch {
		return false;
	}
	nc.publish(`$JS.API.CONSUMER.MSG.NEXT.${stream}.${name}`, JSON.stringify({ batch: 1 }), {
		reply: matchSubject(into, 'copy')
	});
	await expect
		.poll(async () => (await jsm.consumers.info(stream, name)).delivered.consumer_seq)
		.toBeGreaterThan(0);
	await expect
		.poll(() => held(into), { timeout: 2_000 })
		.toBeGreaterThan(before)
		.catch(() => {});
	return true;
}

describe('accounts', () => {
	it('accounts: a spectator’s link cannot copy entries into its table’s stream or another’s through a pull’s reply', async () => {
		await oneEntry('copied-match');
		const spectator = await server.phone(tableA.reader);
		const before = [await held(tableA.table), await held(tableB.table)];
		const pulled = [
			await pullInto(spectator, 'copied-match', tableA.table),
			await pullInto(spectator, 'copied-match', tableB.table)
		];
		expect([await held(tableA.table), await held(tableB.table)]).toEqual(before);
		// and why: a phone's account has no JetStream, so it makes no consumer at all
		expect(pulled).toEqual([false, false]);
	});

	it('accounts: a players’ link cannot copy entries either', async () => {
		await oneEntry('players-match');
		const players = await server.phone(tableA.writer);
		const before = await held(tableA.table);
		expect(await pullInto(players, 'players-match', tableA.table)).toBe(false);
		expect(await held(tableA.table)).toBe(before);
	});

	it('accounts: a phone reads a match longer than a page from the keeper, then hears each entry as it is stored', async () => {
		const match = 'long-match';
		const js = jetstream(server.live.nc);
		// 100 messages of 600 bytes on the subject (the admin writes them): two pages and more
		const seqs: number[] = [];
		for (let index = 0; index < 100; index++) {
			const ack = await js.publish(matchSubject(tableA.table, match), 'x'.repeat(600));
			seqs.push(ack.seq);
		}
		const reader = new LiveChannel(await server.phone(tableA.reader), tableA.table, match);
		const seen: { seq: number; size: number; pending: number }[] = [];
		void reader.follow(
			1,
			(seq, bytes, pending) => void seen.push({ seq, size: bytes.length, pending })
		);
		await expect.poll(() => seen.length).toBe(100);
		expect(seen.map((one) => one.seq)).toEqual(seqs);
		expect(seen.every((one) => one.size === 600)).toBe(true);
		expect(seen.filter((one) => one.pending === 0).map((one) => one.seq)).toEqual([seqs[99]]);
		// stored now: heard on the feed (the stream republishes it)
		const later = await js.publish(matchSubject(tableA.table, match), 'y'.repeat(10));
		await expect.poll(() => seen.at(-1)?.seq).toBe(later.seq);
		expect(seen).toHaveLength(101);
		await reader.close();
	});

	it('accounts: a stream made before republishing is fed by the keeper; an entry written behind its back is read again', async () => {
		const [old] = await server.live.createTables(1);
		// as a table opened before this build: its stream without `republish`
		await server.live.jsm.streams.delete(streamOf(old.table));
		const { republish: _, ...before } = tableStream(old.table, 1);
		await server.live.jsm.streams.add(before);
		const match = 'old-match';
		const channel = new LiveChannel(await server.phone(old.writer), old.table, match);
		const reader = new LiveChannel(await server.phone(old.reader), old.table, match);
		const seen: Entry[] = [];
		void reader.follow(
			1,
			(_, bytes) => void seen.push(JSON.parse(new TextDecoder().decode(bytes)))
		);
		const start = await signed(startEntry({ id: newId(), match, by: ANA, at: 1 }), ana);
		expect(await channel.append(writeEntry(start))).toMatchObject({ ok: true });
		let copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
		await expect.poll(() => seen.length).toBe(1);
		const next = async (change: Change) => {
			const entry = await signed(nextEntry(copy, change, ANA, newId(), 2), ana);
			copy = (accept(copy, entry, 0) as { live: LiveMatch }).live;
			return entry;
		};
		// the admin writes the next entry itself: not fed, as no stream republishes it
		const stale = copy;
		const behind = await next({ kind: 'act', action: { type: 'reveal', card: 10 } });
		await jetstream(server.live.nc).publish(matchSubject(old.table, match), writeEntry(behind));
		// a phone that had not seen it is told the table moved (the keeper read it again)
		const late = await signed(
			nextEntry(stale, { kind: 'act', action: { type: 'reveal', card: 11 } }, ANA, newId(), 2),
			ana
		);
		expect(await channel.append(writeEntry(late))).toMatchObject({ ok: false, why: 'moved' });
		// the keeper's next entry names the one before it: the phone reads what it missed
		const take = await next({ kind: 'act', action: { type: 'take' } });
		expect(await channel.append(writeEntry(take))).toMatchObject({ ok: true });
		await expect.poll(() => seen.map((entry) => entry.id)).toEqual([start.id, behind.id, take.id]);
		await Promise.all([channel.close(), reader.close()]);
	});

	it('accounts: with 200 tables open, opening one more and revoking one stay quick', async () => {
		const made = await server.live.createTables(200);
		let started = performance.now();
		const one = await server.live.createTable();
		const opening = performance.now() - started;
		started = performance.now();
		expect(await server.live.revoke(made[0].table)).toBe(true);
		const revoking = performance.now() - started;
		console.log(
			`accounts: with ${made.length + 4} tables, one more opened in ${Math.round(opening)} ms, ` +
				`one revoked in ${Math.round(revoking)} ms`
		);
		// generous on a shared machine: the figure is the report's
		expect(opening).toBeLessThan(10_000);
		expect(revoking).toBeLessThan(10_000);
		// the new table's phones reach the keeper
		const reader = new LiveChannel(await server.phone(one.reader), one.table, 'x');
		const seen: number[] = [];
		void reader.follow(1, (seq) => void seen.push(seq));
		const js = jetstream(server.live.nc);
		const ack = await js.publish(matchSubject(one.table, 'x'), '{}');
		await expect.poll(() => seen).toEqual([ack.seq]);
		await reader.close();
	}, 120_000);

	it('accounts: a group’s board follows its open table through the keeper; a member of the group does not read it', async () => {
		const club = await server.live.createGroup('Board club');
		const asked = {
			match: 'board-match',
			game: 'ill-pass' as const,
			names: ['Ana', 'Ben', 'Cleo']
		};
		const table = await server.live.openGroupTable(club.group, asked);
		const pen = new LiveChannel(await server.phone(table.writer), table.table, asked.match);
		const start = await signed(startEntry({ id: newId(), match: asked.match, by: ANA }), ana);
		const stored = await pen.append(writeEntry(start));
		expect(stored).toMatchObject({ ok: true });
		const board = new LiveChannel(await server.phone(club.board), table.table, asked.match);
		const seen: number[] = [];
		void board.follow(1, (seq) => void seen.push(seq));
		await expect.poll(() => seen).toEqual([stored.ok && stored.seq]);
		// a member's credential may not ask, and is not answered if it could
		const member = await server.phone(club.member, { reconnect: false });
		await expect(
			member.request(readSubject(table.table, asked.match), JSON.stringify({ from: 1 }), {
				timeout: 1_000
			})
		).rejects.toThrow();
		await Promise.all([pen.close(), board.close()]);
	});
});
