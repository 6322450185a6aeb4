// The 3-node cluster under load, one node killed mid-run (docs/live.md, "Figures"), printed,
// never asserted: three nats-server on this machine (server/live.ts, nodes: 3, JetStream
// replicas 3), `tables` tables each a pen phone entering one action every 2 s and 3 followers,
// the phones' connections spread over the three nodes. Halfway, the node that leads the most
// tables' streams is killed (SIGKILL: nothing flushed). Each pen phone does what the app's does:
// an append without an answer is sent again with the same id (the keeper answers a stored one
// as stored). At the end every entry the keeper acknowledged is looked for in its stream: the
// figure is how many are missing (the goal: 0), with the followers' receipts before and after.
// Usage: node bench/cluster.mjs [tables] [seconds]
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { startLive } from './server.mjs';
import { inboxOf, matchSubject, streamOf } from '../src/lib/wire/names.js';
import { loadKit, percentile, sleep } from './common.mjs';

const kit = await loadKit('./bench/live-kit.ts');
const { LiveChannel, readEntry, writeEntry, newId, accept, begin, nextEntry, RULES, randomGame } =
	kit;

const TABLES = Number(process.argv[2] ?? 100);
const SECONDS = Number(process.argv[3] ?? 40);
const EVERY_MS = 2_000;

const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-cluster-'));
const live = await startLive({ dataDir: dir, cost: 4, nodes: 3 });
const servers = live.nodes.map((node) => `127.0.0.1:${node.port}`);

let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

/** A phone on one node first (`at`), the others to fall back to. */
const phone = (credential, at) =>
	connect({
		servers: [...servers.slice(at % 3), ...servers.slice(0, at % 3)],
		noRandomize: true,
		user: credential.user,
		pass: credential.pass,
		inboxPrefix: inboxOf(credential.user),
		maxReconnectAttempts: -1,
		reconnectTimeWait: 250
	});

let latencies = [];
const phases = {};
let failures = 0;
let retried = 0;
let stopped = false;

/** One table: its pen phone's loop, each entry acknowledged before the next, and 3 followers. */
async function openTable(made, index) {
	const match = `cluster-${newId()}`;
	const game = randomGame(random, 4);
	const signer = await kit.signerOf(await kit.newKeyPair());
	const connections = [await phone(made.writer, index)];
	for (let one = 1; one <= 3; one++) connections.push(await phone(made.reader, index + one));
	const pen = new LiveChannel(connections[0], made.table, match);
	const followers = connections.slice(1).map((nc) => {
		const channel = new LiveChannel(nc, made.table, match);
		let theirs = null;
		void channel.follow(1, (seq, bytes) => {
			const read = readEntry(bytes);
			if (!read.ok) return void failures++;
			const verdict = theirs
				? accept(theirs, read.entry, seq)
				: begin(read.entry, seq, (id) => RULES[id]);
			if (verdict.kind !== 'applied') return void failures++;
			theirs = verdict.live;
			if (read.entry.pos > 0) latencies.push(Date.now() - read.entry.at);
		});
		return channel;
	});
	const acked = [];
	/** Appends an entry as the app does: no answer, the same entry again (same id). */
	async function push(entry) {
		const bytes = writeEntry(await kit.signed(entry, signer));
		for (let tries = 0; tries < 240; tries++) {
			const answer = await pen.append(bytes);
			if (answer.ok) return void acked.push(entry.id);
			if (answer.why !== 'offline') return void failures++;
			retried++;
			await sleep(250);
		}
		failures++;
	}
	const by = newId();
	const names = ['Ana', 'Ben', 'Chloé', 'Dan'];
	const start = {
		v: 1,
		id: newId(),
		match,
		pos: 0,
		prev: null,
		by,
		at: Date.now(),
		change: {
			kind: 'start',
			game: 'ill-pass',
			config: game.config,
			names,
			createdAt: Date.now(),
			pen: 'Ana'
		}
	};
	let copy = begin(start, 0, (id) => RULES[id]).live;
	await push(start);
	const loop = (async () => {
		await sleep(random() * EVERY_MS);
		for (let next = 0; !stopped && next < game.actions.length; next++) {
			const entry = nextEntry(
				copy,
				{ kind: 'act', action: game.actions[next] },
				by,
				newId(),
				Date.now()
			);
			copy = accept(copy, entry, 0).live;
			await push(entry);
			await sleep(EVERY_MS);
		}
	})();
	return {
		table: made.table,
		match,
		acked,
		async close() {
			await loop;
			await Promise.all([pen, ...followers].map((channel) => channel.close()));
			await Promise.all(connections.map((nc) => nc.close().catch(() => {})));
		}
	};
}

console.log(
	`== cluster: 3 nats-server on ${cpus().length} cores, ${TABLES} tables, load ${loadavg()[0].toFixed(1)}`
);
const made = await live.createTables(TABLES);
const tables = [];
for (let at = 0; at < made.length; at += 25) {
	const batch = made.slice(at, at + 25);
	tables.push(...(await Promise.all(batch.map((table, index) => openTable(table, at + index)))));
}
await sleep(3_000);
latencies = [];
await sleep((SECONDS / 2) * 1000);
phases.before = latencies;

// the node leading the most tables' streams goes, nothing flushed
const leaders = [0, 0, 0];
for (const { table } of tables.slice(0, 50)) {
	const leader = (await live.jsm.streams.info(streamOf(table)).catch(() => null))?.cluster?.leader;
	const index = ['passpad-1', 'passpad-2', 'passpad-3'].indexOf(leader ?? '');
	if (index >= 0) leaders[index]++;
}
const victim = leaders.indexOf(Math.max(...leaders));
const killedAt = Date.now();
await live.kill(victim, 'SIGKILL');
latencies = [];
await sleep((SECONDS / 2) * 1000);
phases.after = latencies;
stopped = true;
await Promise.all(tables.map((table) => table.close()));

// every acknowledged entry, looked for in its table's stream on the two nodes left
let acked = 0;
let missing = 0;
const admin = await connect({ servers, user: live.admin.user, pass: live.admin.pass });
const { jetstreamManager } = await import('@nats-io/jetstream');
const jsm = await jetstreamManager(admin);
for (const table of tables) {
	const stored = new Set();
	const info = await jsm.streams.info(streamOf(table.table));
	for (let seq = info.state.first_seq; seq <= info.state.last_seq && seq > 0; seq++) {
		const message = await jsm.streams.getMessage(streamOf(table.table), { seq }).catch(() => null);
		if (message?.subject !== matchSubject(table.table, table.match)) continue;
		const read = readEntry(message.data);
		if (read.ok) stored.add(read.entry.id);
	}
	acked += table.acked.length;
	missing += table.acked.filter((id) => !stored.has(id)).length;
}
await admin.close();

const figures = (values) =>
	`p50 ${percentile(values, 50)} ms, p95 ${percentile(values, 95)} ms, max ${values.length ? Math.max(...values) : NaN} ms (${values.length} receipts)`;
console.log(`Before the kill: follower ${figures(phases.before)}`);
console.log(
	`After node ${victim + 1} was killed (it led ${leaders[victim]} of the first 50 streams): follower ${figures(phases.after)}`
);
console.log(
	`Acknowledged entries: ${acked}, missing from the streams afterwards: ${missing}; ` +
		`${retried} appends sent again after no answer, ${failures} refused or unreadable; load ${loadavg()[0].toFixed(1)}`
);
mkdirSync('reports', { recursive: true });
writeFileSync(
	'reports/cluster.json',
	JSON.stringify(
		{
			date: new Date().toISOString(),
			tables: TABLES,
			killed: victim + 1,
			killedAt: new Date(killedAt).toISOString(),
			before: {
				p50: percentile(phases.before, 50),
				p95: percentile(phases.before, 95),
				receipts: phases.before.length
			},
			after: {
				p50: percentile(phases.after, 50),
				p95: percentile(phases.after, 95),
				receipts: phases.after.length
			},
			acked,
			missing,
			retried,
			failures
		},
		null,
		'\t'
	)
);
await live.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
