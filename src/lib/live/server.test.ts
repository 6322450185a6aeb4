/**
 * The live server for real: nats-server started on free loopback ports with the config
 * the server (server/) writes, node clients as phones (docs/live.md, "Tests").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { jetstream } from '@nats-io/jetstream';
import { startLive } from '../../../server/live';
import { RULES } from '$lib/rules/registry';
import { LiveChannel } from './client';
import { sealed, startEntry } from './fixtures';
import { inboxOf, matchSubject, streamOf } from '$lib/wire/names.js';
import { newId, readEntry, writeEntry, type Entry } from './protocol';
import { accept, begin, nextEntry, type LiveMatch, type Verdict } from './replay';

type Live = Awaited<ReturnType<typeof startLive>>;
type Made = Awaited<ReturnType<Live['createTable']>>;

let live: Live;
let dir: string;
let tableA: Made;
let tableB: Made;
const open: NatsConnection[] = [];

async function phone(credential: { user: string; pass: string }) {
	const nc = await connect({
		servers: `127.0.0.1:${live.nodes[0].port}`,
		user: credential.user,
		pass: credential.pass,
		inboxPrefix: inboxOf(credential.user),
		maxReconnectAttempts: -1,
		reconnectTimeWait: 100
	});
	open.push(nc);
	return nc;
}

/** A match's start entry, now, made by `by`'s phone. */
const startOf = (match: string, by: string) =>
	startEntry({ id: newId(), match, by, at: Date.now() });

/** Reads a match's entries as a follower would, until `count` are applied or `ms` pass. */
async function follow(channel: LiveChannel, count: number, ms = 10_000) {
	const seen: { seq: number; verdict: Verdict['kind'] | 'unreadable' }[] = [];
	let copy: LiveMatch | null = null;
	const done = new Promise<void>((resolve) => {
		const timer = setTimeout(resolve, ms);
		void channel.follow(1, (seq, bytes) => {
			const read = readEntry(bytes);
			if (!read.ok) return void seen.push({ seq, verdict: 'unreadable' });
			const verdict: Verdict = copy
				? accept(copy, read.entry, seq)
				: begin(read.entry, seq, (id) => RULES[id]);
			if (verdict.kind === 'applied' || verdict.kind === 'known') copy = verdict.live;
			seen.push({ seq, verdict: verdict.kind });
			if (copy && copy.entries.length >= count) {
				clearTimeout(timer);
				resolve();
			}
		});
	});
	await done;
	await channel.close();
	return { seen, copy: copy as LiveMatch | null };
}

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'passpad-live-'));
	// bcrypt's cost 4 keeps the tests fast; the config still holds hashes only
	live = await startLive({ dataDir: dir, cost: 4 });
	[tableA, tableB] = [await live.createTable(), await live.createTable()];
});

afterAll(async () => {
	await Promise.all(open.map((nc) => nc.close().catch(() => {})));
	await live?.stop();
	rmSync(dir, { recursive: true, force: true });
});

describe('live server', () => {
	it('live: two phones racing the same append never fork; the loser is told', async () => {
		const [one, two] = [await phone(tableA.writer), await phone(tableA.writer)];
		const match = 'race-match';
		const channels = [
			new LiveChannel(one, tableA.table, match),
			new LiveChannel(two, tableA.table, match)
		];
		const by = 'phone-ana-0001';
		let copy = (begin(startOf(match, by), 0, (id) => RULES[id]) as { live: LiveMatch }).live;
		const first = await channels[0].append(await sealed(copy.entries[0]));
		expect(first.ok).toBe(true);
		let bothAccepted = 0;
		let losers = 0;
		for (let round = 0; round < 60; round++) {
			// both phones append a different entry at the same position, after the same one
			const entries = [0, 1].map(() =>
				nextEntry(copy, { kind: 'pen', to: by, name: 'Ana' }, by, newId(), Date.now())
			);
			const answers = await Promise.all(
				channels.map(async (channel, index) => channel.append(await sealed(entries[index])))
			);
			const won = answers.filter((answer) => answer.ok);
			if (won.length === 2) bothAccepted++;
			losers += answers.filter((answer) => !answer.ok && answer.why === 'moved').length;
			const winner = answers.findIndex((answer) => answer.ok);
			const ack = answers[winner];
			copy = (accept(copy, entries[winner], ack.ok ? ack.seq : 0) as { live: LiveMatch }).live;
		}
		expect(bothAccepted).toBe(0);
		expect(losers).toBe(60);
		// the server's log is one chain: every entry after the one before it
		const reader = new LiveChannel(await phone(tableA.reader), tableA.table, match);
		const { seen, copy: theirs } = await follow(reader, 61);
		expect(seen.every((step) => step.verdict === 'applied')).toBe(true);
		expect(theirs?.entries.map((entry) => entry.id)).toEqual(copy.entries.map((entry) => entry.id));
	});

	it('live: a follower’s credential cannot append', async () => {
		const channel = new LiveChannel(await phone(tableA.reader), tableA.table, 'follower-match');
		const entry = startOf('follower-match', 'phone-ben-0002');
		const answer = await channel.append(writeEntry(entry));
		expect(answer).toMatchObject({ ok: false, why: 'not-yours' });
		const info = await live.jsm.streams.getMessage(streamOf(tableA.table), {
			last_by_subj: matchSubject(tableA.table, 'follower-match')
		});
		expect(info).toBeNull();
		await channel.close();
	});

	it('live: a table cannot read another table’s subjects, nor its replies', async () => {
		const nc = await phone(tableA.writer);
		const js = jetstream(nc, { timeout: 2_000 });
		await expect(
			js.consumers
				.get(streamOf(tableB.table), { filter_subjects: matchSubject(tableB.table, 'x') })
				.then((consumer) => consumer.next({ expires: 1_000 }))
		).rejects.toThrow();
		// a subscription outside its own inbox and table is refused by the server
		const refused = new Promise<string>((resolve) => {
			void (async () => {
				for await (const status of nc.status()) {
					if (status.type === 'error') return resolve(String(status.error));
				}
			})();
		});
		nc.subscribe(`${inboxOf(tableB.writer.user)}.>`);
		expect(await refused).toMatch(/permission/i);
	});

	it('live: a hostile message published straight to the subject (by the admin) is refused by the reader and changes nothing', async () => {
		const match = 'hostile-match';
		const pen = new LiveChannel(await phone(tableA.writer), tableA.table, match);
		const by = 'phone-ana-0001';
		const start = startOf(match, by);
		let seq = await pen.append(await sealed(start));
		const copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
		const hostile = [
			new TextEncoder().encode('{"v":1,"nonsense":true}'),
			new TextEncoder().encode('not json at all'),
			writeEntry(nextEntry(copy, { kind: 'act', action: { type: 'take' } }, by, newId(), 1)),
			writeEntry(
				nextEntry(
					copy,
					{ kind: 'act', action: { type: 'reveal', card: 10 } },
					'intruder-0001',
					newId(),
					1
				)
			)
		];
		for (const bytes of hostile) {
			// the admin can publish anything: the subject itself is not trusted
			const ack = await jetstream(live.nc).publish(matchSubject(tableA.table, match), bytes);
			seq = { ok: true, seq: ack.seq, duplicate: false };
		}
		const follower = new LiveChannel(await phone(tableA.reader), tableA.table, match);
		const { seen, copy: theirs } = await follow(follower, 99, 2_500);
		expect(seen.map((step) => step.verdict)).toEqual([
			'applied',
			'unreadable',
			'unreadable',
			'refused',
			'refused'
		]);
		expect(theirs?.entries).toHaveLength(1);
		expect(theirs?.actions).toEqual([]);
		expect(seq.ok).toBe(true);
		await pen.close();
	});

	it('live: SIGKILL and restart keep every acknowledged entry; a follower resumes with no gap or double', async () => {
		const match = 'kill-match';
		const pen = new LiveChannel(await phone(tableA.writer), tableA.table, match);
		const by = 'phone-ana-0001';
		let copy = (begin(startOf(match, by), 0, (id) => RULES[id]) as { live: LiveMatch }).live;
		const follower = new LiveChannel(await phone(tableA.reader), tableA.table, match);
		const following = follow(follower, 41, 40_000);
		const acked: string[] = [];
		async function push(entry: Entry) {
			for (;;) {
				const answer = await pen.append(await sealed(entry));
				if (answer.ok) {
					acked.push(entry.id);
					return;
				}
				expect(answer.why).toBe('offline'); // never stale: one writer
				await new Promise((resolve) => setTimeout(resolve, 200));
			}
		}
		await push(copy.entries[0]);
		for (let index = 1; index <= 40; index++) {
			const entry = nextEntry(copy, { kind: 'pen', to: by, name: 'Ana' }, by, newId(), index);
			copy = (accept(copy, entry, 0) as { live: LiveMatch }).live;
			await push(entry);
			if (index === 20) {
				await live.kill(0, 'SIGKILL');
				await live.restart(0);
			}
		}
		const { seen, copy: theirs } = await following;
		expect(theirs?.entries.map((entry) => entry.id)).toEqual(acked);
		expect(seen.filter((step) => step.verdict !== 'applied')).toEqual([]);
		const seqs = seen.map((step) => step.seq);
		expect(new Set(seqs).size).toBe(seqs.length);
		await pen.close();
	}, 60_000);
});
