/**
 * Each table in its own NATS account (docs/wire.md, "Where it is stored"; docs/security.md,
 * "What a leaked link can still do"): a real nats-server, node clients with the credentials a
 * table's links carry. JetStream delivers a pull's messages to whatever reply subject the pull
 * names, on the account's behalf: a link that could pull from a stream could copy its entries
 * into any stream of that account. A phone's account has no stream and no JetStream at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AckPolicy, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { LiveChannel } from '../src/lib/live/client';
import { ANA, startEntry } from '../src/lib/live/fixtures';
import { newId, writeEntry } from '../src/lib/live/protocol';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import { matchSubject, streamOf } from '../src/lib/wire/names.js';

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
});
