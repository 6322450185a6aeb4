// Appends left unanswered while tables are opened (docs/live.md, "Figures"), printed, never
// asserted. A real nats-server (the server of this checkout, or of a git ref with `--compare`),
// `base` tables each with a pen phone entering an action every 2 s (node clients in a second
// process, bench/live.mjs's way), then `batches` of `batch` new tables opened at once beside
// them, as the host's link or an open server opens them. For each batch: how long it took, the
// config reloads the nodes read (their `config_load_time`), the appends sent meanwhile that
// were not answered within the phone's 5 s (a phone's outbox then sends them again: "1 entry
// waits to be sent") or were answered "no responders", the keeper's process's event loop (its
// longest stall) and the server's slow consumers.
// Usage: node bench/live-appends.mjs [base 200] [batch 100] [batches 2] [--compare <ref>]
//   [--load <busy processes beside it>] [--followers 3] [--cost 4] [--asked: a phone's request each]
import { execFileSync, fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runnerImport } from 'vite';
import { percentile, sleep } from './common.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The live server's modules as they are at `ref` (copied out of git), or this checkout's. */
async function serverAt(ref) {
	let root = ROOT;
	if (ref) {
		root = mkdtempSync(join(tmpdir(), 'passpad-bench-ref-'));
		const archive = execFileSync('git', ['archive', ref, 'server', 'src/lib'], {
			cwd: ROOT,
			maxBuffer: 1 << 30
		});
		execFileSync('tar', ['-x', '-C', root], { input: archive });
		symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
	}
	const { module } = await runnerImport(join(root, 'server/index.ts'), {
		configFile: false,
		resolve: { alias: { $lib: join(root, 'src/lib') } },
		logLevel: 'error'
	});
	return { ...module, root };
}

async function coordinate() {
	const argv = process.argv.slice(2);
	const at = argv.indexOf('--compare');
	const ref = at < 0 ? null : argv.splice(at, 2)[1];
	const loadAt = argv.indexOf('--load');
	const busy = loadAt < 0 ? 0 : Number(argv.splice(loadAt, 2)[1]);
	// each batch asked as that many phones ask, one table each at once (the host's link, `--open`)
	const askedAt = argv.indexOf('--asked');
	const asked = askedAt >= 0 && !!argv.splice(askedAt, 1);
	const costAt = argv.indexOf('--cost');
	// bcrypt's cost of each credential: nats-server checks every connection's again at each reload
	const cost = costAt < 0 ? 4 : Number(argv.splice(costAt, 2)[1]);
	const followersAt = argv.indexOf('--followers');
	const followers = followersAt < 0 ? 3 : Number(argv.splice(followersAt, 2)[1]);
	// the machine loaded as other work loads it: `busy` spinning processes beside the run
	const spinners = Array.from({ length: busy }, () =>
		spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
	);
	const [base = 200, batch = 100, batches = 2] = argv.map(Number);
	const builds = ref ? [ref, null] : [null];
	console.log(
		`== appends while tables open: ${base} tables at play, ${batches} x ${batch} opened at once, ` +
			`${asked ? 'each asked by its own phone, ' : ''}${followers} followers each, bcrypt cost ${cost}, ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}, ${busy} busy processes beside it`
	);
	const rows = [];
	for (const build of builds) {
		const label = build ? `${build} (${git('rev-parse', '--short', build)})` : `now (${head()})`;
		rows.push({ label, ...(await run(build, base, batch, batches, followers, cost, asked)) });
	}
	for (const spinner of spinners) spinner.kill();
	console.log('\n== summary');
	for (const row of rows) console.log(`${row.label}: ${row.summary}`);
	process.exit(0);
}

const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
const head = () =>
	`${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' + changes' : ''}`;

async function run(ref, base, batch, batches, followers, cost, asked) {
	const { startLive, root } = await serverAt(ref);
	const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-appends-'));
	const said = [];
	let live = null;
	live = await startLive({
		dataDir: dir,
		cost,
		log: (line) => said.push({ at: Date.now(), line, cpu: natsCpu() })
	});
	/** nats-server's CPU time so far (s), from /proc: what each phase costs it. */
	function natsCpu() {
		const child = live?.process(0);
		if (!child) return NaN;
		const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
		return (Number(fields[11]) + Number(fields[12])) / 100;
	}
	const node = live.nodes[0];
	const server = `127.0.0.1:${node.port}`;

	// the nodes' reloads and slow consumers, polled on the monitoring port
	const reloads = [];
	let slow = 0;
	let polling = true;
	const poll = (async () => {
		let last = null;
		while (polling) {
			try {
				const varz = await (await fetch(`http://127.0.0.1:${node.httpPort}/varz`)).json();
				if (last !== null && varz.config_load_time !== last) reloads.push(Date.now());
				last = varz.config_load_time;
				slow = varz.slow_consumers;
			} catch {
				// between reads of its config the port may not answer: asked again
			}
			await sleep(20);
		}
	})();

	const pens = fork(fileURLToPath(import.meta.url), ['--pens', server, String(followers)], {
		stdio: ['ignore', 'inherit', 'inherit', 'ipc']
	});
	const waiting = [];
	pens.on('message', (message) => waiting.shift()?.(message));
	const ask = (message) =>
		new Promise((done) => {
			waiting.push(done);
			pens.send(message);
		});
	await ask({ what: 'ready' });

	for (let made = 0; made < base; made += 100) {
		await ask({ what: 'open', tables: await live.createTables(Math.min(100, base - made)) });
	}
	// what the keeper's account saw: each append request that reached it, each answer it sent
	// (its reply subject, `_R_.…`, mapped back to the phone by nats-server)
	const reached = [];
	const answers = [];
	live.nc.subscribe('passpad.*.append.*', { callback: () => reached.push(Date.now()) });
	live.nc.subscribe('_R_.>', { callback: () => answers.push(Date.now()) });
	await sleep(4_000);
	await ask({ what: 'forget' });
	const loop = monitorEventLoopDelay({ resolution: 10 });
	const windows = [];
	for (let index = 0; index < batches; index++) {
		await sleep(3_000);
		loop.reset();
		loop.enable();
		const start = Date.now();
		said.push({ at: start, line: 'opening', cpu: natsCpu() });
		const made = asked
			? await Promise.all(Array.from({ length: batch }, () => live.createTable()))
			: await live.createTables(batch);
		const end = Date.now();
		loop.disable();
		windows.push({ start, end, stallMs: Math.round(loop.max / 1e6) });
		// the new tables play too: a later batch opens beside them
		await ask({ what: 'open', tables: made });
	}
	// every append sent during an opening is answered, or timed out, 5 s after it
	await sleep(6_000);
	const report = await ask({ what: 'report' });
	polling = false;
	await poll;

	const during = (time, window) => time >= window.start && time <= window.end;
	let unanswered = 0;
	let refusedNoOne = 0;
	for (const [index, window] of windows.entries()) {
		const mine = report.failures.filter((failure) => during(failure.sentAt, window));
		const timeouts = mine.filter((failure) => failure.why === 'timeout').length;
		const noOne = mine.filter((failure) => failure.why === 'no-responders').length;
		const sent = report.sent.filter((time) => during(time, window)).length;
		unanswered += timeouts;
		refusedNoOne += noOne;
		const seen = reloads.filter((time) => during(time, window)).map((time) => time - window.start);
		console.log(
			`  batch ${index + 1}: ${batch} tables opened in ${((window.end - window.start) / 1000).toFixed(1)} s, ` +
				`reloads read at ${seen.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ') || 'none seen'}; ` +
				`${sent} appends sent meanwhile, ${timeouts} unanswered in 5 s, ${noOne} "no responders"; ` +
				`the keeper's event loop stalled at most ${window.stallMs} ms`
		);
		const lines = said.filter((one) => during(one.at, window));
		let cpuBefore = null;
		for (const one of lines.filter((one) => !one.line.startsWith('keeper'))) {
			const cpu =
				cpuBefore === null ? '' : `, nats-server's CPU since ${(one.cpu - cpuBefore).toFixed(1)} s`;
			console.log(`    ${((one.at - window.start) / 1000).toFixed(2)} s: ${one.line}${cpu}`);
			cpuBefore = one.cpu;
		}
		const keeperSaid = new Map();
		for (const one of lines.filter((one) => one.line.startsWith('keeper'))) {
			const what = one.line.replace(/^keeper: \S+ \S+: /, '');
			keeperSaid.set(what, (keeperSaid.get(what) ?? 0) + 1);
		}
		for (const [what, count] of keeperSaid) console.log(`    keeper said ${count} times: ${what}`);
		const seconds = new Map();
		for (const failure of mine) {
			const second = Math.floor((failure.sentAt - window.start) / 1000);
			seconds.set(second, (seconds.get(second) ?? 0) + 1);
		}
		const sentBy = new Map();
		for (const time of report.sent.filter((one) => during(one, window))) {
			const second = Math.floor((time - window.start) / 1000);
			sentBy.set(second, (sentBy.get(second) ?? 0) + 1);
		}
		const bySecond = (times) => {
			const counts = new Map();
			for (const time of times.filter((one) => during(one, window))) {
				const second = Math.floor((time - window.start) / 1000);
				counts.set(second, (counts.get(second) ?? 0) + 1);
			}
			return counts;
		};
		const reachedBy = bySecond(reached);
		const answeredBy = bySecond(answers);
		console.log(
			`    by the second: sent, unanswered of them / reached the keeper / answered by it: ${[...sentBy].map(([second, count]) => `${second}s ${count}, ${seconds.get(second) ?? 0} / ${reachedBy.get(second) ?? 0} / ${answeredBy.get(second) ?? 0}`).join('; ')}`
		);
	}
	const outside = report.failures.filter(
		(failure) => !windows.some((w) => during(failure.sentAt, w))
	);
	const answered = report.answerMs;
	const summary =
		`${unanswered} appends unanswered in 5 s and ${refusedNoOne} "no responders" while ` +
		`${batches} x ${batch} tables opened beside ${base} (${outside.length} at other times); ` +
		`answers p50 ${percentile(answered, 50)} ms, p95 ${percentile(answered, 95)} ms; ` +
		`${slow} slow consumers; load ${loadavg()[0].toFixed(1)}`;
	console.log(`  ${summary}`);
	await ask({ what: 'close' });
	pens.kill();
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
	if (ref) rmSync(root, { recursive: true, force: true });
	return { summary, unanswered, refusedNoOne };
}

// last: the functions above are all defined before it runs
if (process.argv[2] === '--pens') await import('./live-appends-pens.mjs');
else await coordinate();
