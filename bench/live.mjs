// Live play's figures (docs/live.md), printed, never asserted. A real nats-server on free
// loopback ports, node clients as phones (@nats-io/transport-node), the app's own live modules
// (loaded through Vite: they are TypeScript):
//   1. one table, the pen phone and 3 followers: the pen's append -> each follower has checked
//      and applied the entry (replay.ts), p50/p95;
//   2. how many tables one server holds: each table a pen phone entering one action every 2 s
//      and 3 followers, stepping up to at most 1,000 tables while the followers' p95 stays
//      <= 100 ms, with the server's memory (resident) and CPU at each step.
// The browser's paint after that, from the pen's commit, is bench/live-paint.mjs's. Bounded: each step measures 10 s; the whole run stops after ~5 minutes.
// bcrypt cost 4 here (not 10): thousands of connections must open within the run; a connection
// pays it once, the figures measured after are not affected.
// Usage: node bench/live.mjs [maxTables]
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { startLive } from './server.mjs';
import { inboxOf } from '../src/lib/wire/names.js';
import { enterMatch, loadKit, percentile, sleep } from './common.mjs';

const kit = await loadKit('./bench/live-kit.ts');
const { LiveChannel, readEntry, newId, accept, begin, RULES, randomGame } = kit;

const MAX_TABLES = Number(process.argv[2] ?? 1000);
const STEPS = [10, 50, 100, 200, 300, 500, 700, 1000].filter((count) => count <= MAX_TABLES);
const EVERY_MS = 2_000;
const MEASURE_MS = 10_000;
const BUDGET_MS = 5 * 60_000;
const began = Date.now();

const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-live-'));
const live = await startLive({ dataDir: dir, cost: 4 });
const pid = live.process(0).pid;
const server = `127.0.0.1:${live.nodes[0].port}`;

/** The server's resident memory (MiB) and CPU time so far (s), from /proc. */
function usage() {
	const status = readFileSync(`/proc/${pid}/status`, 'utf8');
	const rss = Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
	const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
	const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
	return { rss, cpu: ticks / 100 };
}

const phone = (credential) =>
	connect({
		servers: server,
		user: credential.user,
		pass: credential.pass,
		inboxPrefix: inboxOf(credential.user),
		maxReconnectAttempts: -1
	});

let seed = 1;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

/** The latencies the followers measured, while `recording`. */
let latencies = [];
let recording = false;
let failures = 0;

/** One table: a pen phone entering a random I'll Pass match, 3 followers checking each entry. */
async function openTable(made, every = EVERY_MS) {
	const match = `bench-${newId()}`;
	const game = randomGame(random, 4);
	const connections = [await phone(made.writer)];
	for (let index = 0; index < 3; index++) connections.push(await phone(made.reader));
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
			if (recording && read.entry.pos > 0) latencies.push(Date.now() - read.entry.at);
		});
		return channel;
	});
	let stopped = false;
	const { loop } = await enterMatch(kit, pen, {
		match,
		game: 'ill-pass',
		config: game.config,
		names: ['Ana', 'Ben', 'Chloé', 'Dan'],
		actions: game.actions,
		every,
		random,
		stopped: () => stopped,
		onFailure: () => failures++
	});
	return {
		async close() {
			stopped = true;
			await loop;
			await Promise.all([pen, ...followers].map((channel) => channel.close()));
			await Promise.all(connections.map((nc) => nc.close().catch(() => {})));
		}
	};
}

let single = null;
// 1. one table, 3 followers, an entry every 50 ms
console.log(`== live: one nats-server, ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`);
{
	const [made] = await live.createTables(1);
	const table = await openTable(made, 50);
	await sleep(1_000);
	latencies = [];
	recording = true;
	await sleep(MEASURE_MS);
	recording = false;
	await table.close();
	console.log(
		`One table, 3 followers: pen's append -> follower checked and applied: ` +
			`p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms (${latencies.length} receipts)`
	);
	single = {
		p50: percentile(latencies, 50),
		p95: percentile(latencies, 95),
		receipts: latencies.length
	};
}

// 2. tables stepping up
/** The followers' latencies and the server's memory and CPU over MEASURE_MS. */
async function measure(count, openMs) {
	latencies = [];
	const before = usage();
	recording = true;
	await sleep(MEASURE_MS);
	recording = false;
	const after = usage();
	return {
		tables: count,
		followers: count * 3,
		entries: latencies.length,
		p50: percentile(latencies, 50),
		p95: percentile(latencies, 95),
		rssMiB: Math.round(after.rss),
		cpuPercent: Math.round(((after.cpu - before.cpu) / (MEASURE_MS / 1000)) * 100),
		openMs,
		load: Number(loadavg()[0].toFixed(1))
	};
}
const tables = [];
const results = [];
let verdict = 'the steps ran out';
for (const count of STEPS) {
	if (Date.now() - began > BUDGET_MS) {
		verdict = 'the time budget ran out';
		break;
	}
	const opened = Date.now();
	const made = await live.createTables(count - tables.length);
	for (let at = 0; at < made.length; at += 25) {
		tables.push(...(await Promise.all(made.slice(at, at + 25).map((table) => openTable(table)))));
	}
	const openMs = Date.now() - opened;
	await sleep(3_000);
	let row = await measure(count, openMs);
	// a 2-core machine shared with other work has spikes: a step over the line is measured again
	if (!(row.p95 <= 100)) row = { ...(await measure(count, openMs)), again: true };
	results.push(row);
	console.log(
		`${String(count).padStart(5)} tables: follower p50 ${row.p50} ms, p95 ${row.p95} ms ` +
			`(${row.entries} receipts), server ${row.rssMiB} MiB, CPU ${row.cpuPercent}% of a core, ` +
			`opened in ${(openMs / 1000).toFixed(1)} s, load ${row.load}${row.again ? ' (measured twice)' : ''}`
	);
	if (!(row.p95 <= 100)) {
		verdict = `p95 above 100 ms at ${count} tables`;
		break;
	}
}
const held = results.filter((row) => row.p95 <= 100).at(-1);
console.log(
	`Largest step held with follower p95 <= 100 ms: ${held?.tables ?? 0} tables ` +
		`(${verdict}); ${failures} entries refused or not appended.`
);

mkdirSync('reports', { recursive: true });
writeFileSync(
	'reports/live.json',
	JSON.stringify(
		{ date: new Date().toISOString(), single, results, held: held?.tables ?? 0, verdict },
		null,
		'\t'
	)
);
await Promise.all(tables.map((table) => table.close()));
await live.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
