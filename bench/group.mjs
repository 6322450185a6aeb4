// A new phone joining a club's group, printed, never asserted (docs/group.md, "Figures"): a real
// nats-server on free loopback ports with the server's own provisioning, a group of 50 members
// (each invited as the app does), 50 roster players and 10,000 finished matches of the four
// games (each game's own simulator: a pool of whole matches proven finished by the rules, each
// published as a new match of the group with its own id and seats, as src/lib/group/record.ts
// writes them, 200 in flight). Then, a few times, a new phone with an empty database joins with
// a member's credential:
//   - joined -> ready to play: GroupSync started until caughtUp() (the whole record read, each
//     version validated, each match replayed through its game's reducer, written);
//   - who wins what: the players' page figure (db/stats.ts leaderboard) on that phone.
// In Chromium (the built app served as `npm run server` does, the member's group link opened in
// a new browser context: its own IndexedDB), ready = the group's card says "Up to date", who
// wins what = /players until its four tables show. With `node` as third argument, in node
// with fake-indexeddb instead (GroupSync and db/stats.ts through Vite).
// With `--compare <ref>`, the app as built at that git ref and this build, phone by phone in
// turn on the same group (bench/ref-build.mjs): before and after under the same load. With
// `--taps`, the tap figure between phones too: tap to painted screen (bench/tap.mjs) on a phone
// that has joined the group (the match recorded for it, so each tap is a change its sync sends)
// and on a phone in no group, each build's.
// With `--no-workers`, the first build again with no Worker in its pages (the page proves).
// Each Chromium phone also says the CPU time its browser spent joining (/proc): on a shared
// machine the wall time follows the load, the CPU time much less.
// With `--wire`, the WebSocket's compression (permessage-deflate) off and on, on the loopback
// and on a slow network (20 Mbit/s to the phone, 40 ms there and back), each phone in turn
// (bench/wire.mjs): the bytes nats-server sent the phone, the extension it answered, its CPU.
// Usage: node bench/group.mjs [matches] [runs] [node] [--compare <ref>] [--taps] [--no-workers] [--sealed | --sealed-before] [--wire]
//   (after `npm run build`)
import 'fake-indexeddb/auto';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { chromium } from '@playwright/test';
import { freePort, startLive, proxyLive } from './server.mjs';
import { appHandler } from '../scripts/app.mjs';
import { makeClub, memberPhone } from './club.mjs';
import { buildsToCompare } from './ref-build.mjs';
import { tapToPaint } from './tap.mjs';
import { natsCpu, wireProxy } from './wire.mjs';

const { module: kit } = await runnerImport('./bench/group-kit.ts', {
	configFile: false,
	resolve: { alias: { $lib: fileURLToPath(new URL('../src/lib', import.meta.url)) } },
	logLevel: 'error'
});

const BUILDS = buildsToCompare(process.argv);
// `--no-workers`: the first build (with `--compare`, the ref's) once more with no Worker in its
// pages: what workers changed in a build that had them (this one has none since 27 November)
if (process.argv.includes('--no-workers')) {
	process.argv.splice(process.argv.indexOf('--no-workers'), 1);
	const first = BUILDS[0];
	BUILDS.push({ ...first, label: `${first.label}, no workers`, noWorkers: true });
}
// `--wire`: the first build over four wires in turn, compression off and on, loopback and slow
if (process.argv.includes('--wire')) {
	process.argv.splice(process.argv.indexOf('--wire'), 1);
	const first = BUILDS.splice(0).shift();
	const slow = { mbit: 20, ms: 40 };
	for (const link of [null, slow]) {
		for (const deflate of [false, true]) {
			const where = link ? `${link.mbit} Mbit/s, ${link.ms} ms` : 'loopback';
			BUILDS.push({
				...first,
				label: `${deflate ? 'deflate' : 'plain'}, ${where}`,
				wire: { deflate, link }
			});
		}
	}
}
const TAPS = process.argv.includes('--taps');
if (TAPS) process.argv.splice(process.argv.indexOf('--taps'), 1);
// `--sealed`: each finished match's seal in the stream beside its version (bench/club.mjs), as
// today's phones leave them, on the seals' own subjects; `--sealed-before`: where the build of
// 27 November stored them, among the record's subjects a joining phone reads (and skips)
const SEALED = ['--sealed', '--sealed-before'].find((flag) => process.argv.includes(flag)) ?? null;
if (SEALED) process.argv.splice(process.argv.indexOf(SEALED), 1);
/** Every phone of the bench: a small phone's screen, touch (bench/tap.mjs touches). */
const PHONE = {
	viewport: { width: 360, height: 640 },
	hasTouch: true,
	isMobile: true,
	locale: 'en-GB'
};
const MATCHES = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 3);
const IN_NODE = process.argv[4] === 'node';
const MEMBERS = 50;
const load = () =>
	loadavg()
		.map((value) => value.toFixed(1))
		.join(', ');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

console.log(`group bench: load average ${load()}`);

/** GROUP_PROFILE=1: the first Chromium phone's main thread sampled, where its time went. */
const PROFILE = process.env.GROUP_PROFILE === '1';
function printProfile(profile) {
	const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
	const parent = new Map();
	for (const node of profile.nodes)
		for (const child of node.children ?? []) parent.set(child, node.id);
	const name = (node) =>
		`${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').at(-1)}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
	const self = new Map();
	const within = new Map();
	for (const id of profile.samples) {
		const key = name(nodes.get(id));
		self.set(key, (self.get(key) ?? 0) + 1);
		const seen = new Set();
		for (let at = id; at !== undefined; at = parent.get(at)) {
			const key = name(nodes.get(at));
			if (seen.has(key)) continue;
			seen.add(key);
			within.set(key, (within.get(key) ?? 0) + 1);
		}
	}
	const total = profile.samples.length;
	const top = (counts) =>
		[...counts]
			.sort((a, b) => b[1] - a[1])
			.slice(0, 30)
			.map(([key, count]) => `  ${((100 * count) / total).toFixed(1)}% ${key}`)
			.join('\n');
	console.log(
		`profile of new phone 1 (${total} samples):\nself\n${top(self)}\nwithin\n${top(within)}`
	);
}
/** A /proc stat line's fields after the name: state, ppid, ... (utime is the 12th, stime the 13th). */
function statOf(path) {
	const text = readFileSync(path, 'utf8');
	const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
	return {
		name: text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')),
		parent: Number(fields[1]),
		cpu: (Number(fields[11]) + Number(fields[12])) / 100 // CLK_TCK on Linux
	};
}

/**
 * The CPU time (user and system, seconds) of a process and every process under it, from /proc,
 * by Chromium process type and thread name (the renderer's main thread, its workers, the browser
 * process's IndexedDB and network threads): what a phone's join costs whatever else the shared
 * machine runs (its wall time follows the load; this does not). Linux only; null elsewhere.
 */
function treeCpu(root) {
	try {
		const stats = new Map();
		for (const name of readdirSync('/proc')) {
			if (!/^\d+$/.test(name)) continue;
			try {
				stats.set(Number(name), statOf(`/proc/${name}/stat`));
			} catch {
				// gone meanwhile
			}
		}
		const within = (pid) => {
			for (let at = pid; at > 1; at = stats.get(at)?.parent ?? 0) if (at === root) return true;
			return false;
		};
		const parts = new Map();
		for (const pid of stats.keys()) {
			if (!within(pid)) continue;
			let type = 'browser';
			try {
				const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
				type = /--type=([a-z-]+)/.exec(line)?.[1] ?? 'browser';
			} catch {
				continue;
			}
			for (const task of readdirSync(`/proc/${pid}/task`)) {
				try {
					const thread = statOf(`/proc/${pid}/task/${task}/stat`);
					// a thread's name without its number (DedicatedWorker thread, ThreadPoolForeg...)
					const key = `${type}: ${Number(task) === pid ? 'main' : thread.name.replace(/[0-9]+$/, '')}`;
					parts.set(key, (parts.get(key) ?? 0) + thread.cpu);
				} catch {
					// gone meanwhile
				}
			}
		}
		return parts;
	} catch {
		return null;
	}
}

/** What the CPU went to between two treeCpu readings: the total, then the largest parts. */
function cpuSpent(before, after) {
	if (!before || !after) return '';
	const spent = [...after]
		.map(([key, cpu]) => [key, cpu - (before.get(key) ?? 0)])
		.filter(([, cpu]) => cpu >= 0.1)
		.sort((a, b) => b[1] - a[1]);
	const total = spent.reduce((sum, [, cpu]) => sum + cpu, 0);
	const top = spent
		.slice(0, 6)
		.map(([key, cpu]) => `${key} ${cpu.toFixed(1)}`)
		.join(', ');
	return `; Chromium's CPU ${total.toFixed(1)} s (${top})`;
}

/** This process's children that are Chromium (Playwright starts the browser as one). */
function chromiumChildren() {
	try {
		return readdirSync('/proc')
			.filter((name) => /^\d+$/.test(name))
			.filter((name) => {
				try {
					const text = readFileSync(`/proc/${name}/stat`, 'utf8');
					const parent = Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
					return (
						parent === process.pid &&
						/chrom/i.test(text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')))
					);
				} catch {
					return false;
				}
			})
			.map(Number);
	} catch {
		return [];
	}
}

/** A new phone in node: its own fake IndexedDB and GroupSync, timed to caughtUp(). */
async function joinInNode(run, club, member) {
	const db = new kit.PasspadDb(`passpad-bench-group-${run}`);
	await db.open();
	kit.useDatabase(db);
	const joined = performance.now();
	const nc = await phone(member);
	const sync = new kit.GroupSync({ nc, db, group: club.group, phone: `bench-new-${run}-x` });
	sync.start();
	await sync.caughtUp();
	const ready = performance.now() - joined;
	const asked = performance.now();
	await kit.leaderboard();
	const board = performance.now() - asked;
	const said = `${await db.matches.count()} matches, ${sync.status.refused.length} refused`;
	await sync.stop();
	await nc.close();
	db.close();
	await db.delete();
	return { ready, board, said };
}

/** New phones in Chromium: the built app and the server on one origin, a context each. */
async function chromiumPhones(build, noWorkers = false, wire = null) {
	const server = createServer(appHandler(build));
	const target = () => live.nodes[0].wsPort;
	const proxy = wire ? wireProxy(server, target, wire) : proxyLive(server, target);
	const port = await freePort();
	await new Promise((done) => server.listen(port, '127.0.0.1', done));
	const origin = `http://localhost:${port}`;
	const before = new Set(chromiumChildren());
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']
	});
	const browserPid = chromiumChildren().find((pid) => !before.has(pid));
	/** `keep`: the phone is left open once caught up, for its taps (`context` in the answer) */
	const join = async (run, club, member, keep = false) => {
		const context = await browser.newContext(PHONE);
		const page = await context.newPage();
		// the main thread's long tasks while the phone catches up: how long a tap may wait
		await page.addInitScript(() => {
			const tasks = { longest: 0, total: 0 };
			Object.assign(globalThis, { benchTasks: tasks });
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries()) {
					tasks.longest = Math.max(tasks.longest, entry.duration);
					tasks.total += entry.duration;
				}
			}).observe({ type: 'longtask', buffered: true });
		});
		if (noWorkers) await page.addInitScript(() => delete globalThis.Worker);
		const link = kit.groupLinkOf(origin, {
			g: club.group,
			n: 'Bench club',
			u: member.user,
			p: member.pass
		});
		const cdp = PROFILE && run === 0 ? await context.newCDPSession(page) : null;
		if (cdp) {
			await cdp.send('Profiler.enable');
			await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
			await cdp.send('Profiler.start');
		}
		const cpuBefore = browserPid ? treeCpu(browserPid) : null;
		const natsBefore = natsCpu();
		proxy.taken?.();
		const joined = Date.now();
		await page.goto(link);
		const state = page.getByTestId('group-state');
		await state.filter({ hasText: 'Up to date' }).waitFor({ timeout: 600_000 });
		const ready = Date.now() - joined;
		const sent = proxy.taken?.();
		const nats = natsCpu() - natsBefore;
		const cpuAfter = browserPid ? treeCpu(browserPid) : null;
		const cpu = cpuSpent(cpuBefore, cpuAfter);
		const tasks = await page.evaluate(() => globalThis.benchTasks);
		if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
		await page.goto(`${origin}/settings`);
		const asked = Date.now();
		await page.goto(`${origin}/players`);
		await page.waitForFunction(
			() => document.querySelectorAll('[data-testid="leaderboard"] table').length >= 4
		);
		const board = Date.now() - asked;
		const said = await page.evaluate(
			() =>
				new Promise((done) => {
					const open = indexedDB.open('passpad');
					open.onsuccess = () => {
						const count = open.result.transaction('matches').objectStore('matches').count();
						count.onsuccess = () => done(`${count.result} matches in IndexedDB`);
						count.onerror = () => done('matches not counted');
					};
					open.onerror = () => done('matches not counted');
				})
		);
		await page.close();
		if (!keep) await context.close();
		const onWire = sent
			? `; nats-server sent ${(sent.bytes / 1e6).toFixed(1)} MB in ${seconds(sent.ms)} (extension "${sent.extensions}"), its CPU ${nats.toFixed(2)} s`
			: '';
		return {
			ready,
			board,
			sent: sent?.bytes,
			nats,
			said: `${said}; longest task ${tasks.longest.toFixed(0)} ms, long tasks ${seconds(tasks.total)} in all${cpu}${onWire}`,
			...(keep ? { context } : {})
		};
	};
	join.origin = origin;
	join.browser = browser;
	join.close = async () => {
		await browser.close();
		proxy.close?.();
		server.close();
	};
	return join;
}

const ms = (value) => `${value.toFixed(1)} ms`;

/**
 * The tap figure between phones on one build: bench/tap.mjs on the phone that joined the group (the
 * match recorded for the group) and on a phone in no group, one after the other.
 */
async function groupTaps(join, context) {
	const inGroup = {
		load: load(),
		...(await tapToPaint(join.browser, join.origin, { context, recordFor: 'Bench club' }))
	};
	const alone = {
		load: load(),
		...(await tapToPaint(join.browser, join.origin, { device: PHONE }))
	};
	return {
		[`in the group (${MEMBERS} members, ${MATCHES} matches)`]: inGroup,
		'in no group': alone
	};
}

const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-group-'));
const live = await startLive({ dataDir: dir, cost: 4 });
const phone = (credential) => memberPhone(live, credential);

try {
	const began = performance.now();
	const { club, members, players, pool, bytes } = await makeClub(live, kit, {
		members: MEMBERS,
		matches: MATCHES,
		sealed: SEALED === '--sealed' ? 'own' : SEALED ? 'before' : null
	});
	console.log(
		`group of ${MEMBERS} members, ${MATCHES} matches${SEALED ? `, each sealed (${SEALED === '--sealed' ? 'own subjects' : 'among the record'})` : ''} (${pool} simulated, ${(bytes / 1e6).toFixed(1)} MB) and ` +
			`${players} players made and published in ${seconds(performance.now() - began)}`
	);

	const ready = BUILDS.map(() => []);
	const board = BUILDS.map(() => []);
	const wire = BUILDS.map(() => ({ sent: [], nats: [] }));
	const taps = [];
	const joins = [];
	for (const build of BUILDS) {
		joins.push(IN_NODE ? joinInNode : await chromiumPhones(build.dir, build.noWorkers, build.wire));
	}
	const inBuild = (at) => (BUILDS.length > 1 ? ` [${BUILDS[at].label}]` : '');
	for (let run = 0; run < RUNS; run++) {
		// the builds in turn, the first one first on even runs: neither always meets the
		// machine as the other left it
		const order = BUILDS.map((_, at) => at);
		if (run % 2 === 1) order.reverse();
		for (const at of order) {
			const loadBefore = load();
			const member = members[1 + run * BUILDS.length + at];
			const keep = TAPS && run === 0 && !IN_NODE;
			const figures = await joins[at](run, club, member, keep);
			ready[at].push(figures.ready);
			board[at].push(figures.board);
			wire[at].sent.push(figures.sent ?? 0);
			wire[at].nats.push(figures.nats ?? 0);
			console.log(
				`new phone ${run + 1}${inBuild(at)}: ready to play in ${seconds(figures.ready)} (${figures.said}), ` +
					`who wins what in ${figures.board.toFixed(0)} ms (load ${loadBefore})`
			);
			if (keep) taps[at] = await groupTaps(joins[at], figures.context);
		}
	}
	for (const join of joins) await join.close?.();
	for (const [at, build] of BUILDS.entries()) {
		console.log(
			`new phone, p50 of ${RUNS}${inBuild(at)}: ready to play ${seconds(median(ready[at]))}, ` +
				`who wins what ${median(board[at]).toFixed(0)} ms` +
				(build.wire
					? `; nats-server sent ${(median(wire[at].sent) / 1e6).toFixed(1)} MB, its CPU ${median(wire[at].nats).toFixed(2)} s `
					: ' ') +
				`(${IN_NODE ? 'node, fake-indexeddb' : 'Chromium'}; ${MATCHES} matches; ${build.dir})`
		);
	}
	for (const [at, tap] of taps.entries()) {
		if (!tap) continue;
		for (const [where, figure] of Object.entries(tap)) {
			console.log(
				`tap${inBuild(at)}, ${where}: tap to painted median ${ms(figure.tapToPaint.median)}, ` +
					`p95 ${ms(figure.tapToPaint.p95)}; commit median ${ms(figure.commit.median)}, ` +
					`p95 ${ms(figure.commit.p95)} (${figure.taps} touches in a ${figure.seeded}-action match, load ${figure.load})`
			);
		}
	}
} finally {
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
}
console.log(`group bench: load average ${load()}`);
