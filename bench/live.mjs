// Live play's figures (docs/live.md, "Figures"), printed, never asserted. A real nats-server on
// free loopback ports, node clients as phones (@nats-io/transport-node) spread over several
// processes (this file again, `--phones`), the app's own live modules (loaded through Vite:
// they are TypeScript):
//   1. one table, the pen phone and 3 followers: the pen's append -> each follower has checked
//      and applied the entry (replay.ts), p50/p95/max;
//   2. how many tables one server holds: each table a pen phone entering one action every 2 s
//      and 3 followers, stepping up to 1,000 tables, with the followers' p50/p95/max, the
//      server's memory (resident) and CPU at each step, and the step at which p95 passes 100 ms.
// The 3-node cluster with a node killed mid-run is bench/cluster.mjs's; the browser's paint
// after the follower's receipt is bench/live-paint.mjs's. Bounded: each step measures 10 s; no
// new step starts after ~12 minutes.
// bcrypt cost 4 here (not 10): thousands of connections must open within the run; a connection
// pays it once, the figures measured after are not affected.
// Usage: node bench/live.mjs [maxTables] [processes]
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile, sleep } from './common.mjs';

if (process.argv[2] === '--phones') {
	await import('./live-phones.mjs');
} else {
	await coordinate();
}

async function coordinate() {
	const { startLive } = await import('./server.mjs');
	const MAX_TABLES = Number(process.argv[2] ?? 1000);
	const PROCESSES = Number(process.argv[3] ?? 4);
	const STEPS = [10, 50, 100, 200, 300, 500, 700, 1000].filter((count) => count <= MAX_TABLES);
	if (!STEPS.includes(MAX_TABLES)) STEPS.push(MAX_TABLES);
	const MEASURE_MS = 10_000;
	const BUDGET_MS = 12 * 60_000;
	const began = Date.now();

	const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-live-'));
	const live = await startLive({ dataDir: dir, cost: 4 });
	const pid = live.process(0).pid;
	const server = `127.0.0.1:${live.nodes[0].port}`;

	/** The server's resident memory (MiB) and CPU time so far (s), from /proc. */
	function usage(of = pid) {
		const status = readFileSync(`/proc/${of}/status`, 'utf8');
		const rss = Number(status.match(/VmRSS:\s+(\d+)/)[1]) / 1024;
		const fields = readFileSync(`/proc/${of}/stat`, 'utf8').split(') ')[1].split(' ');
		const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
		return { rss, cpu: ticks / 100 };
	}

	/** The phones' processes: each holds its share of the tables, all their phones. */
	const workers = Array.from({ length: PROCESSES }, () => {
		const child = fork(fileURLToPath(import.meta.url), ['--phones', server], {
			stdio: ['ignore', 'inherit', 'inherit', 'ipc']
		});
		const waiting = [];
		child.on('message', (message) => waiting.shift()?.(message));
		const ask = (message) =>
			new Promise((done) => {
				waiting.push(done);
				child.send(message);
			});
		return { child, ask };
	});
	await Promise.all(workers.map((worker) => worker.ask({ what: 'ready' })));
	const phonesCpu = () => workers.reduce((sum, { child }) => sum + usage(child.pid).cpu, 0);

	/** What every process measured while recording: the followers' receipts, the pens' failures. */
	async function measure(ms) {
		await Promise.all(workers.map((worker) => worker.ask({ what: 'record' })));
		const before = usage();
		const phonesBefore = phonesCpu();
		// the keeper (every append checked: signature, place, rules) runs in this process
		const keeperBefore = usage(process.pid);
		await sleep(ms);
		const after = usage();
		const phonesAfter = phonesCpu();
		const keeperAfter = usage(process.pid);
		const reports = await Promise.all(workers.map((worker) => worker.ask({ what: 'report' })));
		const latencies = reports.flatMap((report) => report.latencies);
		return {
			entries: latencies.length,
			p50: percentile(latencies, 50),
			p95: percentile(latencies, 95),
			max: latencies.length ? Math.max(...latencies) : NaN,
			failures: reports.reduce((sum, report) => sum + report.failures, 0),
			// pens that stopped writing since the start, by why: receipts short of every pen
			// writing are explained here
			stopped: stoppedOf(reports),
			sentAgain: reports.reduce((sum, report) => sum + report.sentAgain, 0),
			sentAgainInWindow: reports.reduce((sum, report) => sum + report.sentAgainInWindow, 0),
			rssMiB: Math.round(after.rss),
			cpuPercent: Math.round(((after.cpu - before.cpu) / (ms / 1000)) * 100),
			phonesCpuPercent: Math.round(((phonesAfter - phonesBefore) / (ms / 1000)) * 100),
			keeperRssMiB: Math.round(keeperAfter.rss),
			keeperCpuPercent: Math.round(((keeperAfter.cpu - keeperBefore.cpu) / (ms / 1000)) * 100),
			load: Number(loadavg()[0].toFixed(1))
		};
	}

	/** The pens' stops over every process, `why: count`. */
	function stoppedOf(reports) {
		const all = {};
		for (const report of reports)
			for (const [why, count] of report.stops) all[why] = (all[why] ?? 0) + count;
		return all;
	}

	let opened = 0;
	/** Tables made by the server and spread over the processes, `every` ms between entries. */
	async function openTables(count, every) {
		const made = await live.createTables(count);
		const shares = workers.map(() => []);
		made.forEach((table, index) => shares[(opened + index) % workers.length].push(table));
		opened += made.length;
		await Promise.all(
			workers.map((worker, index) =>
				shares[index].length ? worker.ask({ what: 'open', tables: shares[index], every }) : null
			)
		);
	}

	console.log(
		`== live: one nats-server, ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}, ` +
			`phones in ${PROCESSES} processes`
	);
	// 1. one table, 3 followers, an entry every 50 ms
	await openTables(1, 50);
	await sleep(1_000);
	const single = await measure(MEASURE_MS);
	await Promise.all(workers.map((worker) => worker.ask({ what: 'close' })));
	console.log(
		`One table, 3 followers: pen's append -> follower checked and applied: ` +
			`p50 ${single.p50} ms, p95 ${single.p95} ms, max ${single.max} ms (${single.entries} receipts)`
	);

	// 2. tables stepping up, an entry every 2 s each
	const results = [];
	let verdict = 'the steps ran out';
	let passed = null;
	for (const count of STEPS) {
		if (Date.now() - began > BUDGET_MS) {
			verdict = 'the time budget ran out';
			break;
		}
		const start = Date.now();
		const held = opened - 1;
		for (let at = held; at < count; at += 100) await openTables(Math.min(100, count - at), 2_000);
		const openMs = Date.now() - start;
		await sleep(3_000);
		const row = { tables: count, followers: count * 3, openMs, ...(await measure(MEASURE_MS)) };
		results.push(row);
		console.log(
			`${String(count).padStart(5)} tables: follower p50 ${row.p50} ms, p95 ${row.p95} ms, ` +
				`max ${row.max} ms (${row.entries} receipts), server ${row.rssMiB} MiB, CPU ` +
				`${row.cpuPercent}% of a core; keeper ${row.keeperRssMiB} MiB, ${row.keeperCpuPercent}%; ` +
				`phones' processes ${row.phonesCpuPercent}%; opened in ` +
				`${(openMs / 1000).toFixed(1)} s, load ${row.load}, ${row.failures} refused; appends unanswered and sent again: ${row.sentAgainInWindow} in the window, ${row.sentAgain} since the start`
		);
		for (const [why, count] of Object.entries(row.stopped))
			console.log(`      ${count} pens stopped writing: ${why}`);
		if (passed === null && !(row.p95 <= 100)) passed = count;
		// past a second the table is no longer live: the steps after say nothing more
		if (!(row.p95 <= 1_000)) {
			verdict = `p95 above a second at ${count} tables`;
			break;
		}
	}
	console.log(
		`Follower p95 passes 100 ms at: ${passed ?? `none (up to ${results.at(-1)?.tables ?? 0})`} ` +
			`tables (${verdict}).`
	);

	mkdirSync('reports', { recursive: true });
	writeFileSync(
		'reports/live.json',
		JSON.stringify(
			{ date: new Date().toISOString(), processes: PROCESSES, single, results, passed, verdict },
			null,
			'\t'
		)
	);
	await Promise.all(workers.map((worker) => worker.ask({ what: 'close' })));
	for (const { child } of workers) child.kill();
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
	process.exit(0);
}
