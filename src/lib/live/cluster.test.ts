/**
 * The project's cluster config for real: three nats-server on this machine, JetStream replicas
 * 3 (server/live.ts with nodes: 3); one node killed mid-match and play goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { startLive } from '../../../server/live';
import { RULES } from '$lib/rules/registry';
import { LiveChannel } from './client';
import { sealed, startEntry } from './fixtures';
import { groupStreamOf, inboxOf, streamOf } from '$lib/wire/names.js';
import { newId, readEntry, type Entry } from './protocol';
import { accept, begin, nextEntry, type LiveMatch } from './replay';

type Live = Awaited<ReturnType<typeof startLive>>;
let live: Live;
let dir: string;
const open: NatsConnection[] = [];

beforeAll(async () => {
	dir = mkdtempSync(join(tmpdir(), 'passpad-cluster-'));
	live = await startLive({ dataDir: dir, cost: 4, nodes: 3 });
}, 60_000);

afterAll(async () => {
	await Promise.all(open.map((nc) => nc.close().catch(() => {})));
	await live?.stop();
	rmSync(dir, { recursive: true, force: true });
});

describe('live cluster', () => {
	it('live: three nodes, replicas 3; one node killed mid-match and play goes on', async () => {
		const made = await live.createTable();
		const info = await live.jsm.streams.info(streamOf(made.table));
		expect(info.config.num_replicas).toBe(3);
		const phone = async (credential: { user: string; pass: string }) => {
			const nc = await connect({
				servers: live.nodes.map((node) => `127.0.0.1:${node.port}`),
				user: credential.user,
				pass: credential.pass,
				inboxPrefix: inboxOf(credential.user),
				maxReconnectAttempts: -1,
				reconnectTimeWait: 100
			});
			open.push(nc);
			return nc;
		};
		const match = 'cluster-match';
		const by = 'phone-ana-0001';
		const pen = new LiveChannel(await phone(made.writer), made.table, match);
		const start = startEntry({ id: newId(), match, by });
		let copy = (begin(start, 0, (id) => RULES[id]) as { live: LiveMatch }).live;
		const acked: string[] = [];
		let offline = 0;
		async function push(entry: Entry) {
			for (let tries = 0; tries < 200; tries++) {
				const answer = await pen.append(await sealed(entry));
				if (answer.ok) {
					acked.push(entry.id);
					return;
				}
				expect(answer.why).toBe('offline');
				offline++;
				await new Promise((resolve) => setTimeout(resolve, 100));
			}
			throw new Error('the cluster never took the entry');
		}
		await push(start);
		// the node the stream's leader is on goes: the others elect a new one
		const leader = (await live.jsm.streams.info(streamOf(made.table))).cluster?.leader;
		const victim = Math.max(0, ['passpad-1', 'passpad-2', 'passpad-3'].indexOf(leader ?? ''));
		for (let index = 1; index <= 30; index++) {
			const entry = nextEntry(copy, { kind: 'pen', to: by, name: 'Ana' }, by, newId(), index);
			copy = (accept(copy, entry, 0) as { live: LiveMatch }).live;
			await push(entry);
			if (index === 10) await live.kill(victim, 'SIGKILL');
		}
		// a follower joining now reads the whole match from the two nodes left
		const follower = new LiveChannel(await phone(made.reader), made.table, match);
		const ids: string[] = [];
		await new Promise<void>((resolve) => {
			const timer = setTimeout(resolve, 20_000);
			void follower.follow(1, (_seq, bytes) => {
				const read = readEntry(bytes);
				if (read.ok) ids.push(read.entry.id);
				if (ids.length === acked.length) {
					clearTimeout(timer);
					resolve();
				}
			});
		});
		await follower.close();
		await pen.close();
		expect(ids).toEqual(acked);
		expect(acked).toHaveLength(31);
		console.log(`cluster: leader node ${victim + 1} killed; ${offline} appends retried`);
	}, 90_000);

	it('group: a group’s stream is replicated on the three nodes too', async () => {
		for (let index = 0; index < 3; index++) await live.restart(index);
		const club = await live.createGroup();
		const info = await (
			await live.groupManager(club.group)
		).streams.info(groupStreamOf(club.group));
		expect(info.config.num_replicas).toBe(3);
	}, 60_000);
});
