// Live play in the browser (docs/live.md, "Figures"), printed, never asserted: the pen phone's
// commit of an entry -> each follower's screen painted with it. The real build and the real
// server, as `npm run server` runs them (nats-server, the app, the WebSocket at /nats), and
// Chromium with 4 pages, each its own context (its own IndexedDB): the pen phone and 3
// followers, all at 360x640.
//   - commit: the pen page's User Timing 'passpad:commit' (the store's transaction, held.ts),
//     its end;
//   - paint: in each follower, a MutationObserver sees the log's count change, then the frame
//     after it: requestAnimationFrame, then a message posted from it (runs once that frame is
//     painted);
//   - both on one clock: pages in one browser share it through performance.timeOrigin +
//     performance.now();
//   - and the two parts: up to the follower's own commit of the entry (the pen's send, the
//     server, the follower's check and IndexedDB write), then from that commit to the paint;
//   - and the split of it by the server's side, heard in the keeper's account on the same
//     machine's clock: the append reaching the keeper, the entry on the table's feed (checked,
//     stored, republished), then the follower's commit and its paint.
// One entry at a time, the next once every follower painted the last (or 5 s passed), as a
// table enters them: a whole 5-player I'll Pass match, each card passed by up to two players
// then taken (about 100 entries). Needs `npm run build` first (`npm run bench` builds).
// Usage: node bench/live-paint.mjs
import { mkdtempSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { built } from '../scripts/app.mjs';
import { natsInstalled, startLive } from './server.mjs';
import { launchChromium, percentile, serveApp } from './common.mjs';

if (!built()) throw new Error('no build: run `npm run build` first');
if (!natsInstalled()) {
	console.log('live paint: nats-server is not installed; skipped');
	process.exit(0);
}
const FOLLOWERS = 3;
const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve'];
const load = () => loadavg()[0].toFixed(1);
const loads = [load()];

const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-paint-'));
const live = await startLive({ dataDir: dir, cost: 4 });
const app = await serveApp(live);
const origin = app.origin;
const hostLink = `${origin}/live#${new URLSearchParams({ u: live.host.user, p: live.host.pass })}`;

const browser = await launchChromium();

/** A phone: its own context, at 360x640. */
async function phone(name) {
	const context = await browser.newContext({
		viewport: { width: 360, height: 640 },
		isMobile: true,
		hasTouch: true,
		locale: 'en-GB',
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
	return context.newPage();
}

/** In a follower: when the log's count first shows N, the time its frame was painted. */
function watchPaint() {
	const painted = (window.__painted = {});
	new MutationObserver(() => {
		const summary = document.querySelector('[data-testid="log"] summary');
		const count = Number(summary?.textContent?.match(/\((\d+)\)/)?.[1] ?? NaN);
		if (!Number.isInteger(count) || count in painted) return;
		painted[count] = null;
		requestAnimationFrame(() => {
			const channel = new MessageChannel();
			channel.port1.onmessage = () => {
				// and this follower's own commit of it (its store's transaction, held.ts) just before
				const commits = performance.getEntriesByName('passpad:commit');
				const last = commits[commits.length - 1];
				painted[count] = {
					paint: performance.timeOrigin + performance.now(),
					commit: last ? performance.timeOrigin + last.startTime + last.duration : null
				};
			};
			channel.port2.postMessage(0);
		});
	}).observe(document, { subtree: true, childList: true, characterData: true });
}

try {
	const pen = await phone('ana');
	await pen.goto(hostLink);
	await pen.getByRole('status').filter({ hasText: 'can now open live tables' }).waitFor();
	await pen.goto(`${origin}/new?game=ill-pass`);
	const seats = pen.getByLabel(/Name of the player in seat/);
	await seats.first().waitFor();
	while ((await seats.count()) < NAMES.length) {
		await pen.getByRole('button', { name: 'Add a player' }).click();
	}
	for (const [index, name] of NAMES.entries()) await seats.nth(index).fill(name);
	await pen.getByRole('button', { name: 'Start the match' }).click();
	await pen.waitForURL(/\/match\//);
	await pen.getByRole('button', { name: 'Play live' }).click();
	const link = await pen.getByTestId('live-link').first().getAttribute('href');

	const followers = [];
	for (let k = 0; k < FOLLOWERS; k++) {
		const page = await phone(`follower-${k}`);
		await page.addInitScript(watchPaint);
		await page.goto(link);
		await page.waitForURL(/\/match\//, { timeout: 30_000 });
		await page.getByTestId('live-pen').waitFor();
		followers.push(page);
	}
	await pen.evaluate(() => window.scrollTo(0, 0));

	const commits = () =>
		pen.evaluate(() =>
			performance
				.getEntriesByName('passpad:commit')
				.map((entry) => performance.timeOrigin + entry.startTime + entry.duration)
		);
	const delays = [];
	const slowest = [];
	// the two parts of it: the pen's commit -> the follower's commit (server, check, IndexedDB),
	// then the follower's commit -> its paint
	const stored = [];
	const shown = [];
	// the server's side, heard in the keeper's account on this process's clock (one machine, one
	// clock): each entry's append reaching the keeper, and its entry on the table's feed (checked,
	// stored and republished), by the entry's position
	const reachedAt = new Map();
	const fedAt = new Map();
	const positionOf = (msg) => Number(/"pos":(\d+)/.exec(new TextDecoder().decode(msg.data))?.[1]);
	const heard = (times) => (error, msg) => {
		const pos = positionOf(msg);
		if (!error && Number.isInteger(pos) && !times.has(pos)) times.set(pos, Date.now());
	};
	live.nc.subscribe('passpad.*.append.*', { callback: heard(reachedAt) });
	live.nc.subscribe('passpad.*.feed.>', { callback: heard(fedAt) });
	// the split: pen's commit -> append at the keeper -> on the feed -> follower's commit -> paint
	const parts = { toKeeper: [], keeper: [], toFollower: [], paint: [] };
	let missed = 0;
	let entries = 0;
	/** One entry on the pen phone, then each follower's paint of it. */
	async function enter(button) {
		const before = (await commits()).length;
		await button.click();
		await pen.waitForFunction(
			(n) => performance.getEntriesByName('passpad:commit').length > n,
			before
		);
		const committed = (await commits())[before];
		entries++;
		const painted = await Promise.all(
			followers.map((page) =>
				page
					.waitForFunction((n) => window.__painted?.[n] ?? false, entries, { timeout: 5_000 })
					.then((handle) => handle.jsonValue())
					.catch(() => null)
			)
		);
		const got = painted.filter((at) => at !== null);
		const reached = reachedAt.get(entries);
		const fed = fedAt.get(entries);
		if (reached !== undefined && fed !== undefined) {
			parts.toKeeper.push(reached - committed);
			parts.keeper.push(fed - reached);
			for (const at of got) {
				if (at.commit === null || at.commit < fed) continue;
				parts.toFollower.push(at.commit - fed);
				parts.paint.push(at.paint - at.commit);
			}
		}
		const seen = got.map((at) => at.paint - committed);
		for (const at of got) {
			if (at.commit === null || at.commit < committed) continue;
			stored.push(at.commit - committed);
			shown.push(at.paint - at.commit);
		}
		missed += FOLLOWERS - seen.length;
		delays.push(...seen);
		if (seen.length) slowest.push(Math.max(...seen));
		// past the double-tap guard before the next press of the same button (300 ms)
		await pen.waitForTimeout(320);
	}
	for (let card = 3; card <= 26; card++) {
		await enter(pen.getByRole('button', { name: `Reveal ${card}`, exact: true }));
		for (let passes = 0; passes < 2; passes++) {
			const pass = pen.getByRole('button', { name: 'Pass: pay 1 chip' });
			if (!(await pass.isEnabled().catch(() => false))) break;
			await enter(pass);
		}
		await enter(pen.getByRole('button', { name: /^Take/ }));
	}
	loads.push(load());

	const ms = (value) => `${value.toFixed(1)} ms`;
	const summary = {
		date: new Date().toISOString(),
		entries,
		followers: FOLLOWERS,
		receipts: delays.length,
		missed,
		p50: percentile(delays, 50),
		p95: percentile(delays, 95),
		max: Math.max(...delays),
		slowestP95: percentile(slowest, 95),
		stored: { p50: percentile(stored, 50), p95: percentile(stored, 95) },
		shown: { p50: percentile(shown, 50), p95: percentile(shown, 95) },
		split: Object.fromEntries(
			Object.entries(parts).map(([part, values]) => [
				part,
				{ p50: percentile(values, 50), p95: percentile(values, 95), count: values.length }
			])
		),
		load: loads
	};
	console.log(
		`live, pen's commit -> follower's paint, ${entries} entries x ${FOLLOWERS} followers (Chromium, 360x640, ${summary.date.slice(0, 16)} UTC, load average ${loads.join(' then ')} on ${cpus().length} cores):`
	);
	console.log(
		`  p50 ${ms(summary.p50)}, p95 ${ms(summary.p95)}, max ${ms(summary.max)} over ${delays.length} paints; the slowest of the 3 per entry: p95 ${ms(summary.slowestP95)}${missed ? `; ${missed} paints not seen within 5 s` : ''}`
	);
	console.log(
		`  of which the pen's commit -> the follower's commit (server, check, IndexedDB): p50 ${ms(summary.stored.p50)}, p95 ${ms(summary.stored.p95)}; then -> painted: p50 ${ms(summary.shown.p50)}, p95 ${ms(summary.shown.p95)} (${stored.length} paired)`
	);
	const split = summary.split;
	const part = (name) => `p50 ${ms(split[name].p50)}, p95 ${ms(split[name].p95)}`;
	console.log(
		`  split: pen's commit -> its append at the keeper (the pen's send, WebSocket, proxy) ${part('toKeeper')}; ` +
			`-> on the table's feed (keeper's checks, the store) ${part('keeper')}; ` +
			`-> the follower's commit (feed to the phone, its check, IndexedDB) ${part('toFollower')}; ` +
			`-> painted ${part('paint')} (${split.toFollower.count} paired)`
	);
	mkdirSync('reports', { recursive: true });
	writeFileSync('reports/live-paint.json', JSON.stringify(summary, null, '\t'));
} finally {
	await browser.close();
	app.close();
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
}
