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
// Usage: node bench/group.mjs [matches] [runs] [node]   (after `npm run build`)
import 'fake-indexeddb/auto';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { chromium } from '@playwright/test';
import { freePort, startLive, proxyLive } from './server.mjs';
import { appHandler } from '../scripts/app.mjs';
import { makeClub, memberPhone } from './club.mjs';

const { module: kit } = await runnerImport('./bench/group-kit.ts', {
	configFile: false,
	resolve: { alias: { $lib: fileURLToPath(new URL('../src/lib', import.meta.url)) } },
	logLevel: 'error'
});

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
async function chromiumPhones() {
	const server = createServer(appHandler(process.env.BENCH_BUILD ?? 'build'));
	const proxy = proxyLive(server, () => live.nodes[0].wsPort);
	const port = await freePort();
	await new Promise((done) => server.listen(port, '127.0.0.1', done));
	const origin = `http://localhost:${port}`;
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']
	});
	const join = async (run, club, member) => {
		const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
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
		const joined = Date.now();
		await page.goto(link);
		const state = page.getByTestId('group-state');
		await state.filter({ hasText: 'Up to date' }).waitFor({ timeout: 600_000 });
		const ready = Date.now() - joined;
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
		await context.close();
		return {
			ready,
			board,
			said: `${said}; longest task ${tasks.longest.toFixed(0)} ms, long tasks ${seconds(tasks.total)} in all`
		};
	};
	join.close = async () => {
		await browser.close();
		proxy.close?.();
		server.close();
	};
	return join;
}

const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-group-'));
const live = await startLive({ dataDir: dir, cost: 4 });
const phone = (credential) => memberPhone(live, credential);

try {
	const began = performance.now();
	const { club, members, players, pool, bytes } = await makeClub(live, kit, {
		members: MEMBERS,
		matches: MATCHES
	});
	console.log(
		`group of ${MEMBERS} members, ${MATCHES} matches (${pool} simulated, ${(bytes / 1e6).toFixed(1)} MB) and ` +
			`${players} players made and published in ${seconds(performance.now() - began)}`
	);

	const ready = [];
	const board = [];
	const joinIn = IN_NODE ? joinInNode : await chromiumPhones();
	for (let run = 0; run < RUNS; run++) {
		const loadBefore = load();
		const figures = await joinIn(run, club, members[1 + run]);
		ready.push(figures.ready);
		board.push(figures.board);
		console.log(
			`new phone ${run + 1}: ready to play in ${seconds(figures.ready)} (${figures.said}), ` +
				`who wins what in ${figures.board.toFixed(0)} ms (load ${loadBefore})`
		);
	}
	await joinIn.close?.();
	console.log(
		`new phone, p50 of ${RUNS}: ready to play ${seconds(median(ready))}, ` +
			`who wins what ${median(board).toFixed(0)} ms ` +
			`(${IN_NODE ? 'node, fake-indexeddb' : 'Chromium'}; ${MATCHES} matches)`
	);
} finally {
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
}
console.log(`group bench: load average ${load()}`);
