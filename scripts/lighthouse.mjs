// Lighthouse (mobile defaults: simulated slow 4G and a 4x slower CPU) on the real build, served
// precompressed by scripts/serve.mjs, in Debian's Chromium with a fresh profile:
//   - home, first visit, in English and in French (a browser whose language is French,
//     `--lang=fr-FR`), beside a bare static HTML page (the same first words, no style, no
//     script) on the same server: nothing stored, no service worker, empty HTTP cache
//     (Lighthouse clears the origin's storage and the browser's cache before each run). What a
//     new player meets. The three are run in turn (English, French, bare, then again), so a
//     busy machine weighs on all three alike, and each first visit's LCP is also given as a
//     ratio to the bare page's.
//   - home and a match, repeat visit: storage kept, the service worker installed and its
//     caches filled (a match is created through the screens first).
// Each figure is the median run of RUNS (3; Lighthouse's own choice of median). Prints the scores,
// the largest contentful paint and the words it painted; fails when accessibility or best
// practices fall below 100.
// Usage: npm run lighthouse (after npm run build). LIGHTHOUSE_RUNS=1 for a quick look;
// LIGHTHOUSE_PORT to serve on another port than 4194 (the bare page is on the next one);
// LIGHTHOUSE_FIRST_VISIT_ONLY=1 to leave out the repeat visits.
import { startServer } from './start-server.mjs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromium } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// not 4190, where it was: fetch refuses that port (a "bad port" of the Fetch standard)
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4194);
const base = `http://localhost:${port}`;
const bareBase = `http://localhost:${port + 1}`;
const firstVisitOnly = Boolean(process.env.LIGHTHOUSE_FIRST_VISIT_ONLY);

// The bare page: the home page's first words as plain HTML, served by the same server, the
// floor a first visit can reach on this machine and network.
const bareRoot = 'reports/lighthouse-bare';
mkdirSync(bareRoot, { recursive: true });
const words = [...readFileSync('build/index.html', 'utf8').matchAll(/data-locale="en">([^<]*)</g)];
const bare = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A bare page: the home page's first words, nothing else.">
<meta http-equiv="content-security-policy" content="default-src 'self'">
<title>Passpad</title>
</head>
<body>
<header><a href="/">Passpad</a> ${words
	.slice(1, -1)
	.map((word) => `<a href="/">${word[1]}</a>`)
	.join(' ')}</header>
<main><h1>Passpad</h1><p>${words.at(-1)?.[1] ?? ''}</p></main>
</body>
</html>
`;
for (const page of ['index.html', '200.html']) writeFileSync(`${bareRoot}/${page}`, bare);

const servers = [await startServer(port), await startServer(port + 1, bareRoot)];
const stop = () => servers.forEach((server) => server.kill());
process.on('exit', stop);

/** A fresh Chromium whose language (navigator.languages, Accept-Language) is `lang`. */
const browserIn = (lang) =>
	launch({
		chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		chromeFlags: [
			'--headless=new',
			'--no-sandbox',
			'--disable-gpu',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
			`--lang=${lang}`,
			`--accept-lang=${lang}`
		]
	});
const chrome = await browserIn('en-GB');
const chromeFr = await browserIn('fr-FR');
// a run that fails leaves no browser behind
process.on('exit', () =>
	[chrome, chromeFr].forEach((browser) => {
		try {
			process.kill(browser.pid);
		} catch {
			// already gone
		}
	})
);

/** One Lighthouse run; a first visit clears storage and cache first. */
async function run(url, { firstVisit, browser = chrome }) {
	// a run Lighthouse itself could not complete (NO_NAVSTART under load) is run again, twice at most
	for (let failed = 0; ; failed++) {
		const result = await lighthouse(url, {
			port: browser.port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: ['performance', 'accessibility', 'best-practices'],
			// a repeat visit keeps the service worker, its caches and the saved match
			disableStorageReset: !firstVisit
		});
		if (!result.lhr.runtimeError) return result.lhr;
		if (failed >= 2) throw new Error(result.lhr.runtimeError.message);
	}
}

/** The median of RUNS runs on url. */
async function audit(url, options) {
	const runs = [];
	for (let n = 0; n < RUNS; n++) runs.push(await run(url, options));
	return summarise(runs);
}

/** The words the largest contentful paint painted, as Lighthouse saw the element. */
function lcpWords(lhr) {
	const item = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0];
	const node = item?.items?.[0]?.node ?? item?.node;
	return node?.nodeLabel ?? '';
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The median run of `runs`, and the figures of each. */
function summarise(runs) {
	const lhr = computeMedianRun(runs);
	const { categories, audits } = lhr;
	const score = (lhr) => Math.round(lhr.categories.performance.score * 100);
	return {
		version: lhr.lighthouseVersion,
		performance: score(lhr),
		performances: runs.map(score),
		accessibility: Math.round(categories.accessibility.score * 100),
		bestPractices: Math.round(categories['best-practices'].score * 100),
		// the median of the runs' LCPs (Lighthouse's median run is chosen on other figures too)
		lcp: median(runs.map((run) => run.audits['largest-contentful-paint'].numericValue / 1000)),
		lcps: runs.map((run) => run.audits['largest-contentful-paint'].numericValue / 1000),
		tbt: audits['total-blocking-time'].numericValue,
		cls: audits['cumulative-layout-shift'].numericValue,
		painted: lcpWords(lhr),
		failing: Object.values(audits)
			.filter(
				(audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary'
			)
			.map((audit) => audit.id)
	};
}

const load = [loadavg()[0]];
const rows = [];
// 1. the first visits, before anything is stored in these fresh profiles, in turn
const first = { en: [], fr: [], bare: [] };
for (let n = 0; n < RUNS; n++) {
	first.en.push(await run(`${base}/`, { firstVisit: true }));
	first.fr.push(await run(`${base}/`, { firstVisit: true, browser: chromeFr }));
	first.bare.push(await run(`${bareBase}/`, { firstVisit: true }));
}
await chromeFr.kill();
rows.push({ name: 'home', visit: 'first', lang: 'en', ...summarise(first.en) });
rows.push({ name: 'home', visit: 'first', lang: 'fr', ...summarise(first.fr) });
rows.push({ name: 'bare', visit: 'first', lang: 'en', ...summarise(first.bare) });
const bareLcp = rows[2].lcp;

if (!firstVisitOnly) {
	// 2. a match to audit, created through the screens in the same profile: this visit also
	// installs the service worker, which the repeat visits then find
	const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
	const page = await browser.contexts()[0].newPage();
	await page.goto(`${base}/new?game=ill-pass`);
	const seats = page.getByLabel(/Name of the player in seat/);
	for (const [index, name] of ['Léa', 'Sam', 'Noor'].entries()) await seats.nth(index).fill(name);
	await page.getByRole('button', { name: 'Start the match' }).click();
	await page.waitForURL(/\/match\//);
	await page.getByRole('button', { name: 'Reveal 17', exact: true }).click();
	await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	await page.waitForFunction(async () => {
		const registration = await navigator.serviceWorker.ready;
		return (
			registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null
		);
	});
	const matchUrl = page.url();
	await page.close();
	await browser.close().catch(() => {});

	// 3. repeat visits
	rows.push({
		name: 'home',
		visit: 'repeat',
		lang: 'en',
		...(await audit(`${base}/`, { firstVisit: false }))
	});
	rows.push({
		name: 'match',
		visit: 'repeat',
		lang: 'en',
		...(await audit(matchUrl, { firstVisit: false }))
	});
}
await chrome.kill();
stop();
load.push(loadavg()[0]);

console.log(
	`Lighthouse ${rows[0].version} mobile, ${new Date().toISOString()}, load average ${load.map((l) => l.toFixed(1)).join(' then ')}; median of ${RUNS} run(s) each (scores of Lighthouse's median run, LCP the runs' median):`
);
console.log(
	'page   visit  lang  performance  accessibility  best-practices  LCP (s)  TBT (ms)  CLS    runs: performance / LCP (s)'
);
for (const row of rows) {
	row.bareRatio = row.visit === 'first' ? row.lcp / bareLcp : undefined;
	console.log(
		`${row.name.padEnd(7)}${row.visit.padEnd(7)}${row.lang.padEnd(4)}${String(row.performance).padStart(11)}${String(row.accessibility).padStart(15)}${String(row.bestPractices).padStart(16)}${row.lcp.toFixed(2).padStart(9)}${row.tbt.toFixed(0).padStart(10)}${row.cls.toFixed(3).padStart(7)}    ${row.performances.join(', ')} / ${row.lcps.map((lcp) => lcp.toFixed(2)).join(', ')}`
	);
	if (row.visit === 'first') {
		const ratio = `LCP ${row.bareRatio.toFixed(2)}× the bare page's`;
		console.log(`        ${ratio}; painted: ${row.painted.replace(/\s+/g, ' ')}`);
	}
	if (row.failing.length) console.log(`        failing audits: ${row.failing.join(', ')}`);
}
// for `npm run bench`'s summary
mkdirSync('reports', { recursive: true });
writeFileSync('reports/lighthouse.json', JSON.stringify({ runs: RUNS, rows }, null, 1));
const breaches = rows.filter(
	(row) => row.name !== 'bare' && (row.accessibility < 100 || row.bestPractices < 100)
);
if (breaches.length) {
	console.error(
		`Below 100 in accessibility or best practices: ${breaches.map((row) => `${row.name} (${row.visit} visit)`).join(', ')}`
	);
	process.exit(1);
}
