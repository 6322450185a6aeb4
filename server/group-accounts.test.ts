/**
 * Each group in its own NATS account (docs/wire.md, "Where it is stored"; docs/security.md,
 * "What a leaked link can still do"): a real nats-server, node clients with the credentials a
 * group's links carry. JetStream answers a pull into whatever reply subject the pull names, on
 * the account's behalf: a member's link, allowed to pull from its group's stream, could so store
 * the pull's messages in any stream of the account its group lives in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { newId } from '../src/lib/live/protocol';
import {
	groupStreamOf,
	groupSubjectsOf,
	inboxOf,
	matchSubject,
	playerSubject,
	recordSubject,
	streamOf
} from '../src/lib/wire/names.js';

let server: TestLive;
type Club = Awaited<ReturnType<TestLive['live']['createGroup']>>;
let club: Club;
let other: Club;
let table: string;

beforeAll(async () => {
	server = await startTestLive();
	club = await server.live.createGroup('Club A', 'Ana’s phone');
	other = await server.live.createGroup('Club B', 'Zoe’s phone');
	[{ table }] = await server.live.createTables(1);
	// the club's stream holds more than its first member's record: a pull has one to deliver
	const js = jetstream(await server.phone(club.member));
	for (const player of ['ana', 'ben']) await js.publish(playerSubject(club.group, player), '{}');
});
afterAll(async () => {
	await server?.stop();
});

/** How many messages a group's stream holds, as the server reads it. */
const groupHeld = async (group: string) =>
	(await (await server.live.groupManager(group)).streams.info(groupStreamOf(group))).state.messages;
/** How many messages a table's stream holds, as the keeper reads it. */
const tableHeld = async (one: string) =>
	(await server.live.jsm.streams.info(streamOf(one))).state.messages;

/**
 * What a leaked member's link tries: a consumer on its own group's stream (it may read it), a
 * pull into its own inbox (so the consumer does deliver), then a pull whose reply subject is
 * another stream's subject. How many messages that stream gained within two seconds.
 */
async function pullInto(
	nc: NatsConnection,
	user: string,
	group: string,
	reply: string,
	held: () => Promise<number>
) {
	const stream = groupStreamOf(group);
	const jsm = await jetstreamManager(nc, { checkAPI: false, timeout: 2_000 });
	const before = await held();
	const { name } = await jsm.consumers.add(stream, {
		name: `copier-${newId().slice(0, 8)}`,
		ack_policy: AckPolicy.None,
		filter_subject: groupSubjectsOf(group)
	});
	const next = `$JS.API.CONSUMER.MSG.NEXT.${stream}.${name}`;
	const own = `${inboxOf(user)}.copier`;
	const delivered = new Promise((done) => nc.subscribe(own, { max: 1, callback: done }));
	nc.publish(next, JSON.stringify({ batch: 1 }), { reply: own });
	await delivered;
	nc.publish(next, JSON.stringify({ batch: 1 }), { reply });
	await expect
		.poll(held, { timeout: 2_000 })
		.toBeGreaterThan(before)
		.catch(() => {});
	return (await held()) - before;
}

describe('group accounts', () => {
	it('group accounts: a member’s link cannot store a pull’s messages in another group’s stream', async () => {
		const ana = await server.phone(club.member);
		const copied = await pullInto(
			ana,
			club.member.user,
			club.group,
			recordSubject(other.group, 'copied'),
			() => groupHeld(other.group)
		);
		expect(copied).toBe(0);
	});

	it('group accounts: a member’s link cannot store a pull’s messages in a table’s stream', async () => {
		const ana = await server.phone(club.member);
		const copied = await pullInto(
			ana,
			club.member.user,
			club.group,
			matchSubject(table, 'copied'),
			() => tableHeld(table)
		);
		expect(copied).toBe(0);
	});

	it('group accounts: a board’s link cannot store a pull’s messages in another group’s stream', async () => {
		const board = await server.phone(club.board);
		const copied = await pullInto(
			board,
			club.board.user,
			club.group,
			recordSubject(other.group, 'board-copied'),
			() => groupHeld(other.group)
		);
		expect(copied).toBe(0);
	});
});

describe('group accounts: the file store', () => {
	it('group accounts: a server whose store holds two groups refuses a third, and starts again with both', async () => {
		// each group reserves 6 GiB of the 16 GiB store (config.ts, MAX_FILE_STORE)
		const small = await startTestLive({ limits: { groupBytes: 6 * 1024 ** 3 } });
		try {
			const first = await small.live.createGroup('First', 'Ana’s phone');
			await small.live.createGroup('Second', 'Ben’s phone');
			await expect(small.live.createGroup('Third', 'Cleo’s phone')).rejects.toThrow('full');
			await small.restart();
			const ana = await small.phone(first.member);
			const js = jetstream(ana);
			const ack = await js.publish(playerSubject(first.group, 'ana'), '{}');
			expect(ack.seq).toBeGreaterThan(0);
		} finally {
			await small.stop();
		}
	}, 90_000);
});
