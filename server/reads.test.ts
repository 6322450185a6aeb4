/**
 * The keeper's `read` service has a quota (docs/live.md, "Who writes: the keeper"): a leaked
 * spectators' link asking for pages in a loop is told `slow-down` past TABLE_READS_PER_MINUTE,
 * which a phone waits out, never saying it is offline; a phone catching up a whole long match
 * reads it well within the quota. Against a real nats-server; the keeper's clock is the test's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstream } from '@nats-io/jetstream';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { LiveChannel } from '../src/lib/live/client';
import { MAX_LOG, TABLE_READS_PER_MINUTE } from '../src/lib/wire/limits';
import { readPage, readSlowDown } from '../src/lib/wire/read';
import { matchSubject, readSubject } from '../src/lib/wire/names.js';

let server: TestLive;
type Made = Awaited<ReturnType<TestLive['live']['createTable']>>;
let flooded: Made;
let long: Made;
/** how far the keeper's clock is ahead of the machine's */
let ahead = 0;

/** The shortest entry a phone signs (its ids, key and signature are more than this). */
const ENTRY = JSON.stringify({ pad: 'x'.repeat(190) });

/** `count` entries stored on `match` of `made`'s table, as the keeper stores them. */
async function storedEntries(made: Made, match: string, count: number) {
	const js = jetstream(server.live.nc);
	for (let at = 0; at < count; at += 500) {
		const batch = Array.from({ length: Math.min(500, count - at) }, () =>
			js.publish(matchSubject(made.table, match), ENTRY)
		);
		await Promise.all(batch);
	}
}

/** Follows `match` on a fresh phone until `count` entries came: how many, and the statuses said. */
function follower(made: Made, match: string, nc: Awaited<ReturnType<TestLive['phone']>>) {
	const channel = new LiveChannel(nc, made.table, match);
	const seen = { entries: 0, statuses: [] as string[] };
	channel.onStatus((status) => void seen.statuses.push(status));
	void channel.follow(1, () => void seen.entries++);
	return { channel, seen };
}

beforeAll(async () => {
	server = await startTestLive({ keeper: { now: () => Date.now() + ahead } });
	[flooded, long] = await server.live.createTables(2);
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

describe('the keeper’s reads', () => {
	it('reads: a loop of reads is told slow-down past the minute’s pages; a phone waits it out and reads everything', async () => {
		await storedEntries(flooded, 'flood-match', 300);
		const leaked = await server.phone(flooded.reader);
		const ask = (from: number) =>
			leaked.request(readSubject(flooded.table, 'flood-match'), JSON.stringify({ from }), {
				timeout: 5_000
			});
		// the cheapest page: from after the last entry
		let pages = 0;
		for (; pages <= TABLE_READS_PER_MINUTE; pages++) {
			const answer = await ask(1_000);
			if (readSlowDown(answer.data)) break;
			expect(readPage(answer.data)).toMatchObject({ entries: [] });
		}
		expect(pages).toBe(TABLE_READS_PER_MINUTE);
		// a phone opening the spectators' link now: told to slow down, it waits, not offline
		const { channel, seen } = follower(flooded, 'flood-match', await server.phone(flooded.reader));
		await expect.poll(async () => readSlowDown((await ask(1)).data)).toBe(true);
		expect(seen.entries).toBe(0);
		// a minute later the table's reads are its own again
		ahead += 60_000;
		await expect.poll(() => seen.entries, { timeout: 20_000 }).toBe(300);
		expect(seen.statuses).not.toContain('offline');
		await channel.close();
	});

	it('reads: a phone catching up a match of the longest log reads it all well within the quota', async () => {
		await storedEntries(long, 'long-match', MAX_LOG);
		const nc = await server.phone(long.reader);
		let pages = 0;
		const counted = nc.request.bind(nc);
		nc.request = (subject, ...rest) => {
			if (subject.includes('.read.')) pages++;
			return counted(subject, ...rest);
		};
		const { channel, seen } = follower(long, 'long-match', nc);
		await expect.poll(() => seen.entries, { timeout: 60_000 }).toBe(MAX_LOG);
		// a tenth of the quota, so twenty phones can join at once
		expect(pages).toBeLessThanOrEqual(TABLE_READS_PER_MINUTE / 10 + 1);
		await channel.close();
	}, 120_000);
});
