// Every speed and size figure in one run, through the real build in Chromium, after `npm run
// build` (`npm run bench` builds first). Prints figures, asserts none:
//   - the home page's first visit: everything it loads (scripts/size.mjs) and Lighthouse on the
//     first visit and the repeat visits (scripts/lighthouse.mjs), each run as its own process;
//   - tap to painted screen in a 200-action match, with real touches (bench/tap.mjs);
//   - the IndexedDB layer: how long one action takes to commit (User Timing 'passpad:commit',
//     measured by the match session around its transaction), and how long history, home and
//     the players' pages take to show with 10,000 saved matches;
// then a summary, labelled first visit and repeat visit, with the machine's load beside it.
import { spawnSync } from 'node:child_process';
import { loadavg, cpus, tmpdir } from 'node:os';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../scripts/start-server.mjs';
import { seedMatches } from '../tests/seed.js';
import { tapToPaint } from './tap.mjs';

const load = () => loadavg()[0].toFixed(1);
const loads = [load()];
/** A script of its own (its own server and browser), its output shown as it runs. */
function run(script, env) {
	console.log(`\n== node ${script} (load average ${load()} on ${cpus().length} cores)`);
	const result = spawnSync(process.execPath, [script], {
		stdio: 'inherit',
		env: { ...process.env, ...env }
	});
	loads.push(load());
	if (result.status !== 0) console.log(`(${script} exited with ${result.status})`);
	return JSON.parse(readFileSync(`reports/${script.match(/(\w+)\.mjs$/)[1]}.json`, 'utf8'));
}
const lighthouse = run('scripts/lighthouse.mjs', {
	LIGHTHOUSE_PORT: process.env.BENCH_LH_PORT ?? '4194'
});
const size = run('scripts/size.mjs', { SIZE_PORT: process.env.BENCH_SIZE_PORT ?? '4189' });

const port = Number(process.env.BENCH_PORT ?? 4191);
const base = `http://localhost:${port}`;
const server = await startServer(port);
process.on('exit', () => server.kill());

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']
});
console.log(`\n== tap to painted screen (load average ${load()})`);
const tap = await tapToPaint(browser, base);
loads.push(load());

console.log(`== IndexedDB with 10,000 matches (load average ${load()})`);
// an on-disk profile: IndexedDB on the disk as on a phone, not in memory as in a
// fresh browser context
const profile = mkdtempSync(join(tmpdir(), 'passpad-bench-'));
const disk = await chromium.launchPersistentContext(profile, {
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
	viewport: { width: 390, height: 844 }
});
const page = disk.pages()[0] ?? (await disk.newPage());
const percentile = (values, p) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

// 1. Commit time: a whole I'll Pass game through the screens (24 reveals and takes, 48 actions,
// plus a pass before each take: 72 commits).
await page.goto(`${base}/new?game=ill-pass`);
const seats = page.getByLabel(/Name of the player in seat/);
for (const [index, name] of ['Ana', 'Ben', 'Cleo'].entries()) await seats.nth(index).fill(name);
await page.getByRole('button', { name: 'Start the match' }).click();
await page.waitForURL(/\/match\//);
for (let card = 3; card < 27; card++) {
	await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
	await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	await page.getByRole('button', { name: /^Take/ }).click();
}
await page.getByTestId('ranking').waitFor();
const commits = await page.evaluate(() =>
	performance.getEntriesByName('passpad:commit').map((entry) => entry.duration)
);

// 2. 10,000 saved matches, written straight into the app's database.
const seeded = await page.evaluate(seedMatches, 10_000);

async function timeToShow(path, selector, minimum) {
	const times = [];
	for (let run = 0; run < 5; run++) {
		await page.goto(`${base}/settings`);
		const started = Date.now();
		await page.goto(`${base}${path}`);
		await page.waitForFunction(
			([css, n]) => document.querySelectorAll(css).length >= n,
			[selector, minimum]
		);
		times.push(Date.now() - started);
	}
	return percentile(times, 50);
}
const history = await timeToShow('/history', '[data-testid="history"] li', 50);
const home = await timeToShow('/', 'main a.match', 8);
// who wins what reads every finished match once (one cursor); a player's page only theirs
const players = await timeToShow('/players', '[data-testid="leaderboard"] table', 4);
const player = await timeToShow('/players/p0', '[data-testid="stats-climbing"]', 1);
await disk.close();
rmSync(profile, { recursive: true, force: true });
await browser.close();
server.kill();

console.log(`IndexedDB commit of one action (${commits.length} actions, Chromium):`);
console.log(
	`  median ${percentile(commits, 50).toFixed(1)} ms, p95 ${percentile(commits, 95).toFixed(1)} ms, max ${Math.max(...commits).toFixed(1)} ms`
);
console.log(`With ${seeded} saved matches (median of 5 loads, navigation to first rows shown):`);
console.log(
	`  history: ${history} ms to its first 50 rows; home: ${home} ms to its unfinished matches`
);
console.log(
	`  players: ${players} ms to who wins what (all ${seeded} matches); a player: ${player} ms to their statistics`
);
loads.push(load());

const ms = (value) => `${value.toFixed(1)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (name, visit) => lighthouse.rows.find((r) => r.name === name && r.visit === visit);
const audit = (r) =>
	`performance ${r.performance}, LCP ${r.lcp.toFixed(2)} s, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}, accessibility ${r.accessibility}, best practices ${r.bestPractices} (runs: ${r.performances.join(', ')}; LCP ${r.lcps.map((lcp) => lcp.toFixed(2)).join(', ')} s)`;
console.log(`
== Every figure of this run (${new Date().toISOString().slice(0, 10)}; load average ${loads.join(', ')} on ${cpus().length} cores)
home page, first visit, everything it loads:  JS ${kb(size.home.js.gzip)} gzip (${kb(size.home.js.sent)} as sent, ${kb(size.home.js.raw)} raw) in ${size.home.files} files; CSS ${kb(size.home.css.gzip)} gzip; HTML ${kb(size.home.html.sent)} as sent
Lighthouse ${lighthouse.rows[0].version} mobile, median of ${lighthouse.runs}:
  home, FIRST visit (no storage, no service worker, empty cache): ${audit(row('home', 'first'))}
  home, REPEAT visit (service worker, a saved match):             ${audit(row('home', 'repeat'))}
  a match, REPEAT visit:                                          ${audit(row('match', 'repeat'))}
tap to painted screen, "Pass" as the next action of a ${tap.seeded}-action match, ${tap.taps} real touches (each undone after): median ${ms(tap.tapToPaint.median)}, p95 ${ms(tap.tapToPaint.p95)}, max ${ms(tap.tapToPaint.max)}
  of which: lift to commit start median ${ms(tap.inputToCommit.median)}; commit median ${ms(tap.commit.median)} (p95 ${ms(tap.commit.p95)}); screen changed to frame painted median ${ms(tap.changeToPainted.median)} (p95 ${ms(tap.changeToPainted.p95)})
  live-query echo after each write: ${tap.echo ? `${tap.echo.reads} read(s) of ${tap.echo.rows} rows, median ${ms(tap.echo.time.median)}, p95 ${ms(tap.echo.time.p95)}` : 'no read seen'}
IndexedDB commit of one action (I'll Pass through the screens): median ${ms(percentile(commits, 50))}, p95 ${ms(percentile(commits, 95))}
with ${seeded} saved matches: history ${history} ms, home ${home} ms, who wins what ${players} ms, a player's statistics ${player} ms`);
