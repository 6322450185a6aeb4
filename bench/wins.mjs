// Who wins what with 10,000 matches, printed, never asserted (bench/RESULTS.md, "Current figures"): the players'
// page (/players) of the built app in Chromium at 360x640, opened from /settings, timed from the
// navigation to the frame painted with its four tables (a MutationObserver sees them, then the
// next frame: one clock through performance.timeOrigin), and a year of it chosen in its period
// list (the select's change to the frame painted with the year's tables). Two phones:
//   - a phone's own 10,000 matches (tests/seed.js, 8 players), on an on-disk profile;
//   - a group's new phone: 50 members, 50 players and 10,000 finished matches of the four games
//     (each game's simulator, published as bench/group.mjs does) on a real nats-server, joined
//     with a member's link until "Up to date"; every opening of the app starts the group's sync
//     (the app's shell), which runs beside the page as on the phone.
// Besides, "seen by the test": the navigation until Playwright finds the tables, as
// bench/group.mjs times it (its polling waits while the page is busy after the paint).
// Usage: node bench/wins.mjs [runs] [build folders...]   (after `npm run build`; default 3, build)
// Several build folders are measured in turn, run by run (one server and phone each), so two
// versions compare under the same load.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';
import { chromium } from '@playwright/test';
import { freePort, startLive, proxyLive } from './server.mjs';
import { appHandler } from '../scripts/app.mjs';
import { makeClub } from './club.mjs';
import { seedMatches } from '../tests/seed.js';

const { module: kit } = await runnerImport('./bench/group-kit.ts', {
	configFile: false,
	resolve: { alias: { $lib: fileURLToPath(new URL('../src/lib', import.meta.url)) } },
	logLevel: 'error'
});

const RUNS = Number(process.argv[2] ?? 3);
const BUILDS = process.argv.length > 3 ? process.argv.slice(3) : ['build'];
const MATCHES = 10_000;
const MEMBERS = 50;
const BROWSER_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--no-first-run'
];
const load = () =>
	loadavg()
		.map((value) => value.toFixed(1))
		.join(', ');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (values) =>
	`p50 ${median(values).toFixed(0)} ms (runs ${values.map(Math.round).join(', ')})`;

/**
 * In every page: when the leaderboard shows its tables after having shown none (a new page, or
 * a new period: the page empties the board while it reads), then the next frame.
 */
function watchBoard() {
	const self = /** @type {any} */ (window);
	self.__boardCleared = true;
	new MutationObserver(() => {
		const tables = document.querySelectorAll('[data-testid="leaderboard"] table').length;
		if (tables === 0) self.__boardCleared = true;
		if (self.__boardSeen || !self.__boardCleared || tables < (self.__boardWanted ?? 4)) return;
		self.__boardSeen = performance.now();
		requestAnimationFrame(() => setTimeout(() => (self.__boardPainted = performance.now())));
	}).observe(document, { childList: true, subtree: true });
}

/** Serves a build folder on its own port (its own origin: its own IndexedDB). */
async function serve(root, live) {
	const server = createServer(appHandler(root));
	const proxy = live ? proxyLive(server, () => live.nodes[0].wsPort) : null;
	const port = await freePort();
	await new Promise((done) => server.listen(port, '127.0.0.1', done));
	return {
		origin: `http://localhost:${port}`,
		close: () => {
			proxy?.close?.();
			server.close();
		}
	};
}

/** /players opened from /settings: navigation -> four tables painted, and as the test sees them. */
async function openPlayers(page, origin) {
	await page.goto(`${origin}/settings`);
	const asked = Date.now();
	await page.goto(`${origin}/players`);
	await page.waitForFunction(
		() => document.querySelectorAll('[data-testid="leaderboard"] table').length >= 4,
		null,
		{ timeout: 60_000 }
	);
	const found = Date.now() - asked;
	await page.waitForFunction(() => /** @type {any} */ (window).__boardPainted, null, {
		timeout: 60_000
	});
	const painted = await page.evaluate(
		() => performance.timeOrigin + /** @type {any} */ (window).__boardPainted
	);
	return { painted: painted - asked, found };
}

/** The period list set to `year` on the open players' page: change -> the year's tables painted. */
async function chooseYear(page, year) {
	const started = await page.evaluate((chosen) => {
		const self = /** @type {any} */ (window);
		self.__boardSeen = self.__boardPainted = undefined;
		self.__boardCleared = false;
		const select = /** @type {HTMLSelectElement} */ (
			document.querySelector('[data-testid="period"]')
		);
		const at = performance.now();
		select.value = String(chosen);
		select.dispatchEvent(new Event('change', { bubbles: true }));
		return at;
	}, year);
	await page.waitForFunction(() => /** @type {any} */ (window).__boardPainted, null, {
		timeout: 60_000
	});
	return (await page.evaluate(() => /** @type {any} */ (window).__boardPainted)) - started;
}

/** A year every seeded phone has matches of, and the tables it shows (a game may have none). */
const yearOf = (at) => new Date(at).getFullYear();

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: BROWSER_ARGS
});
console.log(`wins bench: ${BUILDS.join(', ')}; load average ${load()}`);

// 1. A phone's own 10,000 matches, on an on-disk profile.
const own = [];
for (const root of BUILDS) {
	const site = await serve(root);
	const profile = mkdtempSync(join(tmpdir(), 'passpad-bench-wins-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: BROWSER_ARGS,
		viewport: { width: 360, height: 640 }
	});
	await context.addInitScript(watchBoard);
	const page = context.pages()[0] ?? (await context.newPage());
	await page.goto(`${site.origin}/history`); // opens the database
	await page.getByRole('heading', { level: 1 }).waitFor();
	await page.evaluate(seedMatches, MATCHES);
	const year = yearOf(Date.now() - 400 * 86_400_000);
	own.push({ root, site, profile, context, page, year, open: [], found: [], years: [] });
}
for (let run = 0; run < RUNS; run++) {
	for (const phone of own) {
		const { painted, found } = await openPlayers(phone.page, phone.site.origin);
		phone.open.push(painted);
		phone.found.push(found);
		phone.years.push(await chooseYear(phone.page, phone.year));
	}
}
for (const phone of own) {
	console.log(
		`${phone.root}: a phone's own ${MATCHES} matches (load ${load()}): who wins what ${ms(phone.open)}; ` +
			`seen by the test ${ms(phone.found)}; the year ${phone.year} ${ms(phone.years)}`
	);
	await phone.context.close();
	rmSync(phone.profile, { recursive: true, force: true });
	phone.site.close();
}

// 2. A group's new phone, as bench/group.mjs makes one.
const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-wins-group-'));
const live = await startLive({ dataDir: dir, cost: 4 });
try {
	const { club, members } = await makeClub(live, kit, { members: MEMBERS, matches: MATCHES });

	const phones = [];
	for (const [index, root] of BUILDS.entries()) {
		const site = await serve(root, live);
		const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
		await context.addInitScript(watchBoard);
		const page = await context.newPage();
		const member = members[1 + index];
		const joined = Date.now();
		await page.goto(
			kit.groupLinkOf(site.origin, {
				g: club.group,
				n: 'Bench club',
				u: member.user,
				p: member.pass
			})
		);
		await page
			.getByTestId('group-state')
			.filter({ hasText: 'Up to date' })
			.waitFor({ timeout: 900_000 });
		console.log(
			`${root}: the group's new phone ready in ${((Date.now() - joined) / 1000).toFixed(0)} s`
		);
		phones.push({ root, site, context, page, open: [], found: [], years: [] });
	}
	for (let run = 0; run < RUNS; run++) {
		for (const phone of phones) {
			const { painted, found } = await openPlayers(phone.page, phone.site.origin);
			phone.open.push(painted);
			phone.found.push(found);
			phone.years.push(await chooseYear(phone.page, 2025));
		}
	}
	for (const phone of phones) {
		console.log(
			`${phone.root}: a group's new phone, ${MATCHES} matches, ${MEMBERS} players (load ${load()}): ` +
				`who wins what ${ms(phone.open)}; seen by the test ${ms(phone.found)}; the year 2025 ${ms(phone.years)}`
		);
		await phone.context.close();
		phone.site.close();
	}
} finally {
	await browser.close();
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
}
console.log(`wins bench: load average ${load()}`);
