/**
 * A server's folder written before accounts (docs/wire.md, "Where it is stored"): its streams
 * are under nats-server's global account. Started with accounts, the keeper's account holds
 * them: every table keeps its log, and its phones read it through the keeper. A folder written
 * before groups had accounts of their own keeps each group's stream in the keeper's account:
 * started now, each moves to its group's account, and its members read it there.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { freePort, spawnNode } from './nats';
import { startLive } from './live';
import { addGroup, addTable, writeRegistry } from './registry';
import { groupStream, tableStream } from './streams';
import { LiveChannel } from '../src/lib/live/client';
import { readAll } from '../src/lib/live/group-server-fixtures';
import {
	KEEPER_ACCOUNT,
	groupStreamOf,
	inboxOf,
	matchSubject,
	playerSubject,
	streamOf
} from '../src/lib/wire/names.js';

const dir = mkdtempSync(join(tmpdir(), 'passpad-upgrade-'));
const groupsDir = mkdtempSync(join(tmpdir(), 'passpad-upgrade-groups-'));
afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
	rmSync(groupsDir, { recursive: true, force: true });
});

/** A node's ports in a folder, as a server of an older build used them. */
const nodeIn = async (folder: string) => ({
	port: await freePort(),
	wsPort: await freePort(),
	httpPort: await freePort(),
	clusterPort: 0,
	dir: folder
});

describe('upgrade', () => {
	it('upgrade: the streams a server stored before accounts are read after it, by the keeper and the phones', async () => {
		// the folder as the build before accounts left it: one user, the global account
		const node = {
			port: await freePort(),
			wsPort: await freePort(),
			httpPort: await freePort(),
			clusterPort: 0,
			dir
		};
		mkdirSync(dir, { recursive: true });
		const config = join(dir, 'old.conf');
		writeFileSync(
			config,
			[
				`listen: "127.0.0.1:${node.port}"`,
				`jetstream { store_dir: ${JSON.stringify(join(dir, 'jetstream'))} }`,
				`websocket { host: "127.0.0.1", port: ${node.wsPort}, no_tls: true }`,
				'authorization { users: [ { user: "old", password: "old" } ] }'
			].join('\n')
		);
		const registry = { version: 1 as const, users: [], tables: {}, groups: {} };
		const made = await addTable(registry, 4);
		writeRegistry(dir, registry);
		const old = await spawnNode(node, config);
		const nc = await connect({ servers: `127.0.0.1:${node.port}`, user: 'old', pass: 'old' });
		const { republish: _, ...before } = tableStream(made.table, 1);
		await (await jetstreamManager(nc)).streams.add(before);
		const ack = await jetstream(nc).publish(matchSubject(made.table, 'kept'), '{"kept":true}');
		await nc.close();
		const exited = new Promise((done) => old.once('exit', done));
		old.kill('SIGTERM');
		await exited;

		const live = await startLive({ dataDir: dir, cost: 4 });
		try {
			const info = await live.jsm.streams.info(streamOf(made.table));
			expect(info.state.messages).toBe(1);
			const phone = await connect({
				servers: `127.0.0.1:${live.nodes[0].port}`,
				user: made.reader.user,
				pass: made.reader.pass,
				inboxPrefix: inboxOf(made.reader.user)
			});
			const reader = new LiveChannel(phone, made.table, 'kept', { owns: true });
			const seen: number[] = [];
			void reader.follow(1, (seq) => void seen.push(seq));
			await expect.poll(() => seen).toEqual([ack.seq]);
			await reader.close();
		} finally {
			await live.stop();
		}
	}, 60_000);

	it('upgrade: a group stored in the keeper’s account before groups had their own is read after it by a member', async () => {
		// the folder as the build before group accounts left it: every stream in the keeper's
		const node = await nodeIn(groupsDir);
		const config = join(groupsDir, 'old.conf');
		writeFileSync(
			config,
			[
				`listen: "127.0.0.1:${node.port}"`,
				`jetstream { store_dir: ${JSON.stringify(join(groupsDir, 'jetstream'))} }`,
				`websocket { host: "127.0.0.1", port: ${node.wsPort}, no_tls: true }`,
				`accounts { ${KEEPER_ACCOUNT}: { jetstream: enabled, users: [ { user: "old", password: "old" } ] } }`
			].join('\n')
		);
		const registry = { version: 1 as const, users: [], tables: {}, groups: {} };
		const made = await addGroup(registry, { name: 'Old club', label: 'Ana’s phone' }, 4);
		writeRegistry(groupsDir, registry);
		const old = await spawnNode(node, config);
		const nc = await connect({ servers: `127.0.0.1:${node.port}`, user: 'old', pass: 'old' });
		await (await jetstreamManager(nc)).streams.add(groupStream(made.group, 1));
		const subject = playerSubject(made.group, 'player-ana');
		await jetstream(nc).publish(subject, '{"name":"Ana"}');
		await nc.close();
		const exited = new Promise((done) => old.once('exit', done));
		old.kill('SIGTERM');
		await exited;

		const live = await startLive({ dataDir: groupsDir, cost: 4 });
		try {
			const info = await (
				await live.groupManager(made.group)
			).streams.info(groupStreamOf(made.group));
			expect(info.state.messages).toBe(1);
			const phone = await connect({
				servers: `127.0.0.1:${live.nodes[0].port}`,
				user: made.member.user,
				pass: made.member.pass,
				inboxPrefix: inboxOf(made.member.user)
			});
			try {
				const record = await readAll(phone, groupStreamOf(made.group));
				expect(record.get(subject)?.body).toEqual({ name: 'Ana' });
			} finally {
				await phone.close();
			}
		} finally {
			await live.stop();
		}
	}, 60_000);
});
