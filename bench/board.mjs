// The live board's update delay (docs/group.md, "The board"), printed, never asserted: a real
// nats-server on free loopback ports with the app served beside it (as `npm run server` does),
// 20 live tables of one group, each a node pen client entering one entry every 2 s of a whole
// random match (the four games in turn, from each game's own simulator), and the board page in
// Chromium at 1920x1080 following them all. For each entry: the moment the pen sends it -> the
// frame after the board's card showed it (a MutationObserver on the card's entry, then the next
// animation frame and a task after it: the frame has been painted), p50/p95.
// Usage: node bench/board.mjs [tables] [seconds]   (after `npm run build`)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { startLive } from './server.mjs';
import { inboxOf } from '../src/lib/wire/names.js';
import { boardGroup } from '../tests/board-group.mjs';
import { enterMatch, launchChromium, loadKit, percentile, serveApp, sleep } from './common.mjs';

const kit = await loadKit('./bench/board-kit.ts');
const { LiveChannel, newId, sampleMatch } = kit;

const TABLES = Number(process.argv[2] ?? 20);
const MEASURE_MS = Number(process.argv[3] ?? 40) * 1000;
const EVERY_MS = 2_000;
const GAMES = ['ill-pass', 'dominoes', 'climbing', 'pass-pass'];

const now = () => performance.timeOrigin + performance.now();

const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-board-'));
const live = await startLive({ dataDir: dir, cost: 4 });
const app = await serveApp(live);
const origin = app.origin;

// the group and its tables as the server's own provisioning makes them (a member's requests):
// the board reads with the permissions the product gives it
const group = await boardGroup(live);

/** When each entry was sent, by its id. */
const sent = new Map();
let failures = 0;
let stopped = false;

/** One table of the group: a pen client entering a whole random match, then again from its start. */
async function openTable(index) {
	const game = GAMES[index % GAMES.length];
	const played = sampleMatch(game, 1000 + index);
	const match = `bench-${newId()}`;
	const table = await group.open({ match, game, names: played.names });
	const nc = await connect({
		servers: `127.0.0.1:${live.nodes[0].port}`,
		user: table.writer.user,
		pass: table.writer.pass,
		inboxPrefix: inboxOf(table.writer.user)
	});
	const pen = new LiveChannel(nc, table.table, match);
	const { loop } = await enterMatch(kit, pen, {
		match,
		game,
		config: played.config,
		names: played.names,
		actions: played.actions,
		every: EVERY_MS,
		stopped: () => stopped,
		onSent: (entry) => sent.set(entry.id, now()),
		onFailure: () => failures++
	});
	return async () => {
		await loop;
		await pen.close();
		await nc.close().catch(() => {});
	};
}

const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
const page = await context.newPage();
// each card's shown entry, stamped once the frame that shows it has been painted
await page.addInitScript(() => {
	const painted = (window.__boardPainted = []);
	new MutationObserver((records) => {
		const entries = records
			.map((record) => /** @type {HTMLElement} */ (record.target).dataset.entry)
			.filter(Boolean);
		if (!entries.length) return;
		requestAnimationFrame(() =>
			setTimeout(() => {
				const at = performance.timeOrigin + performance.now();
				for (const entry of entries) painted.push([entry, at]);
			})
		);
	}).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-entry'] });
});
// one request at a time, as the provisioning answers them (each a reload)
const closers = [];
for (let index = 0; index < TABLES; index++) closers.push(await openTable(index));
await page.goto(group.link(origin));
await page.waitForFunction(
	(count) => document.querySelectorAll('[data-testid="board-table"][data-entry]').length >= count,
	TABLES,
	{ timeout: 60_000 }
);
const layout = await page.evaluate(() => ({
	columns: document.querySelector('[data-testid="board-grid"]')?.getAttribute('data-columns'),
	rows: document.querySelector('[data-testid="board-grid"]')?.getAttribute('data-rows'),
	scroll: document.documentElement.scrollHeight - innerHeight
}));
console.log(
	`== board: ${TABLES} live tables, an entry every ${EVERY_MS / 1000} s each, ` +
		`${cpus().length} cores, load ${loadavg()[0].toFixed(1)}; grid ${layout.columns}x${layout.rows}` +
		`${layout.scroll > 0 ? ' (scrolls)' : ', no scroll'}`
);
await sleep(3_000);
await page.evaluate(() => (window.__boardPainted.length = 0));
const from = now();
await sleep(MEASURE_MS);
const painted = await page.evaluate(() => window.__boardPainted);
stopped = true;

const delays = [];
for (const [entry, at] of painted) {
	const when = sent.get(entry);
	if (when !== undefined && when >= from) delays.push(at - when);
}
const sentInWindow = [...sent.values()].filter((when) => when >= from && when < from + MEASURE_MS);
const result = {
	date: new Date().toISOString(),
	tables: TABLES,
	seconds: MEASURE_MS / 1000,
	entries: sentInWindow.length,
	painted: delays.length,
	p50: Number(percentile(delays, 50).toFixed(1)),
	p95: Number(percentile(delays, 95).toFixed(1)),
	max: Number(Math.max(...delays).toFixed(1)),
	failures,
	load: Number(loadavg()[0].toFixed(1)),
	layout
};
console.log(
	`Pen sends an entry -> the board's frame showing it painted: p50 ${result.p50} ms, ` +
		`p95 ${result.p95} ms, max ${result.max} ms (${result.painted} of ${result.entries} entries ` +
		`sent in ${result.seconds} s seen painted; ${failures} appends refused), load ${result.load}`
);
mkdirSync('reports', { recursive: true });
writeFileSync('reports/board.json', JSON.stringify(result, null, '\t'));

await browser.close();
await Promise.all(closers.map((close) => close()));
app.close();
await live.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
