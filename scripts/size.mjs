// Prints the JavaScript and CSS each route loads, and fails when the home page breaks its
// budget. Usage: npm run size (after npm run build).
//
// What a route loads is what Chromium fetches when the route is opened on a first visit (a
// fresh browser context: no storage, no service worker yet), until the network is idle: Kit's
// entries, the layout, the page, and every chunk imported on the way, dynamic imports included
// (the service-worker registration, whatever a page imports on mount), and the styles the
// prerendered home page carries in its HTML (counted as its CSS). The service worker's
// own precaching of the whole app is not the page's and is not counted. Sizes are read from
// the build for each file fetched: raw, gzip -9 (the budget's measure) and as sent (the brotli
// sibling serve.mjs sends, or the file itself when it has none). A page must at least fetch
// what its entry imports statically (Kit's manifest): a measurement that misses any fails.
// A game's screens load when a match opens: the match route is measured with I'll Pass open,
// and each game's screens are listed apart, beyond what the match route loads already.
import { startServer } from './start-server.mjs';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const BUDGET = { homeJs: 50 * 1024, homeCss: 8 * 1024 };
const root = 'build';
const client = '.svelte-kit/output/client';
const manifestPath = `${client}/.vite/manifest.json`;
if (!existsSync(manifestPath) || !existsSync(`${root}/index.html`)) {
	console.error('No build found: run `npm run build` first.');
	process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const app = readFileSync('.svelte-kit/generated/client-optimized/app.js', 'utf8');
const dictionary = JSON.parse(
	app.match(/export const dictionary = (\{[\s\S]*?\});/)[1].replace(/,\s*\}/, '}')
);
const keyOf = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));

const sizeCache = new Map();
/** A built file's sizes: raw, gzip -9, and as serve.mjs sends it to a browser (brotli). */
function size(file) {
	if (!sizeCache.has(file)) {
		const bytes = readFileSync(`${root}/${file}`);
		const br = `${root}/${file}.br`;
		sizeCache.set(file, {
			raw: bytes.length,
			gzip: gzipSync(bytes, { level: 9 }).length,
			sent: existsSync(br) ? readFileSync(br).length : bytes.length
		});
	}
	return sizeCache.get(file);
}
const total = (files) =>
	[...files].reduce(
		(sum, file) => {
			const { raw, gzip, sent } = size(file);
			return { raw: sum.raw + raw, gzip: sum.gzip + gzip, sent: sum.sent + sent };
		},
		{ raw: 0, gzip: 0, sent: 0 }
	);
/** The styles a page's HTML carries itself (the prerendered home page inlines its CSS). */
function inlineStyles(file) {
	const html = readFileSync(`${root}/${file}`, 'utf8');
	const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]);
	const bytes = Buffer.from(css.join('\n'));
	return {
		raw: bytes.length,
		gzip: css.length ? gzipSync(bytes, { level: 9 }).length : 0,
		sent: 0
	};
}
const plus = (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, sent: a.sent + b.sent });
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

/** Every file an entry imports statically, transitively (Kit's manifest). */
function closure(keys, { dynamic = false } = {}) {
	const js = new Set();
	const css = new Set();
	const visit = (key) => {
		const entry = manifest[key];
		if (!entry || js.has(entry.file)) return;
		js.add(entry.file);
		for (const file of entry.css ?? []) css.add(file);
		for (const next of entry.imports ?? []) visit(next);
		if (dynamic) for (const next of entry.dynamicImports ?? []) visit(next);
	};
	keys.forEach(visit);
	return { js, css };
}
const entries = [
	keyOf('@sveltejs/kit/src/runtime/client/entry.js'),
	keyOf('generated/client-optimized/app.js'),
	keyOf('client-optimized/nodes/0.js')
];
const staticClosure = (route) =>
	closure([...entries, ...dictionary[route].map((n) => keyOf(`client-optimized/nodes/${n}.js`))]);

// the build, served as the browser meets it
const port = Number(process.env.SIZE_PORT ?? 4189);
const base = `http://localhost:${port}`;
const server = await startServer(port);
process.on('exit', () => server.kill());
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']
});

/**
 * The page (HTML), JS and CSS files a page fetches when `path` opens in `context` (a fresh
 * one: a first visit), until its heading is drawn and the network has been idle for half a
 * second. The HTML is the prerendered home page (index.html) or the shell (200.html).
 */
async function loads(context, path) {
	const page = await context.newPage();
	const js = new Set();
	const css = new Set();
	let html = null;
	page.on('request', (request) => {
		const url = new URL(request.url());
		if (url.origin !== base) return;
		const file = url.pathname.slice(1);
		if (request.resourceType() === 'script') js.add(file);
		if (request.resourceType() === 'stylesheet') css.add(file);
		if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) {
			html = url.pathname === '/' ? 'index.html' : '200.html';
		}
	});
	await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
	await page.locator('main h1').first().waitFor();
	await page.waitForLoadState('networkidle');
	await page.close();
	return { js, css, html };
}

/**
 * A context where a match and its players are stored, to open /match/[id] and /players/[id]
 * (those pages have nothing to show on a first visit; the other routes open in fresh contexts).
 */
async function stored() {
	const context = await browser.newContext();
	const page = await context.newPage();
	await page.goto(`${base}/new?game=ill-pass`);
	const seats = page.getByLabel(/Name of the player in seat/);
	for (const [index, name] of ['Léa', 'Sam', 'Noor'].entries()) await seats.nth(index).fill(name);
	await page.getByRole('button', { name: 'Start the match' }).click();
	await page.waitForURL(/\/match\//);
	const match = new URL(page.url()).pathname;
	await page.goto(`${base}/players`);
	const player = await page.locator('main a[href^="/players/"]').first().getAttribute('href');
	await page.close();
	return { context, match, player };
}
const saved = await stored();
const withData = {
	'/match/[id]': [saved.match, "I'll Pass, stored"],
	'/players/[id]': [saved.player, 'stored']
};

const rows = [];
let home = null;
let matchLoads = null;
const missing = [];
for (const route of Object.keys(dictionary)) {
	const [path, note] = withData[route] ?? [route === '/rules/[game]' ? '/rules/pass-pass' : route];
	const context = withData[route] ? saved.context : await browser.newContext();
	const { js, css, html } = await loads(context, path);
	if (!withData[route]) await context.close();
	for (const file of staticClosure(route).js) if (!js.has(file)) missing.push(`${route}: ${file}`);
	const row = {
		route: note ? `${route} (${note})` : route,
		js: total(js),
		// the stylesheets fetched and the styles inlined in the page's HTML
		css: plus(total(css), inlineStyles(html)),
		html: size(html),
		files: js.size
	};
	rows.push(row);
	if (route === '/') home = row;
	if (route === '/match/[id]') matchLoads = js;
}
await saved.context.close();

// each game's screens, beyond what the match route loaded with I'll Pass open
const gameScreens = Object.keys(manifest).filter((key) =>
	/src\/lib\/games\/[^/]+\/ui\.ts$/.test(key)
);
const matchStatic = staticClosure('/match/[id]');
for (const key of gameScreens) {
	const { js, css } = closure([key]);
	const own = (set, loaded) => new Set([...set].filter((file) => !loaded.has(file)));
	rows.push({
		route: `  + ${key.match(/games\/([^/]+)\//)[1]} screens (lazy)`,
		js: total(own(js, matchStatic.js)),
		css: total(own(css, matchStatic.css)),
		files: own(js, matchStatic.js).size
	});
}
await browser.close();
server.kill();

console.log(
	'route                             files  JS raw  JS gzip  JS sent   CSS raw CSS gzip  (KB; sent = brotli, as served)'
);
for (const row of rows) {
	console.log(
		`${row.route.padEnd(32)} ${String(row.files).padStart(6)} ${kb(row.js.raw)}  ${kb(row.js.gzip)}   ${kb(row.js.sent)}    ${kb(row.css.raw)}  ${kb(row.css.gzip)}`
	);
}
const everything = total(new Set(Object.values(manifest).map((entry) => entry.file)));
console.log(
	`whole app (all JS chunks)               ${kb(everything.raw)}  ${kb(everything.gzip)}   ${kb(everything.sent)}`
);

// for `npm run bench`'s summary
mkdirSync('reports', { recursive: true });
writeFileSync('reports/size.json', JSON.stringify({ home, rows }, null, 1));

if (missing.length) {
	console.error(`The browser did not fetch what these pages import:\n  ${missing.join('\n  ')}`);
	process.exit(1);
}
if (!matchLoads || ![...matchLoads].some((file) => matchStatic.js.has(file))) {
	console.error('The match route was not measured.');
	process.exit(1);
}
const breaches = [];
if (home.js.gzip > BUDGET.homeJs) breaches.push(`home JS ${kb(home.js.gzip)} KB gzip > 50 KB`);
if (home.css.gzip > BUDGET.homeCss) breaches.push(`home CSS ${kb(home.css.gzip)} KB gzip > 8 KB`);
if (breaches.length) {
	console.error(`Over budget: ${breaches.join('; ')}`);
	process.exit(1);
}
console.log(
	`Home page within budget: JS ${kb(home.js.gzip).trim()} KB gzip (≤ 50; ${kb(home.js.sent).trim()} KB as sent), CSS ${kb(home.css.gzip).trim()} KB gzip (≤ 8; inlined in its HTML), first visit, everything the browser fetched.`
);
console.log(
	`Home page HTML (prerendered, its styles inlined): ${kb(home.html.raw).trim()} KB raw, ${kb(home.html.gzip).trim()} KB gzip, ${kb(home.html.sent).trim()} KB as sent.`
);
