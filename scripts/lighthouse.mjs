// Lighthouse (mobile defaults) on the home page and a match page of the real build, in Debian's
// Chromium. Prints the scores and largest contentful paint; fails when accessibility or best
// practices fall below 100. Usage: npm run lighthouse (after npm run build).
import { spawn } from 'node:child_process';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';

const port = 4190;
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, ['scripts/serve.mjs', String(port)], { stdio: 'ignore' });
const stop = () => server.kill();
process.on('exit', stop);
await new Promise((resolve) => setTimeout(resolve, 600));

const chrome = await launch({
	chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	chromeFlags: [
		'--headless=new',
		'--no-sandbox',
		'--disable-gpu',
		'--disable-background-networking',
		'--disable-component-update',
		'--disable-sync',
		'--no-first-run'
	]
});

// A match to audit: created through the screens in the same browser profile.
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const page = await browser.contexts()[0].newPage();
await page.goto(`${base}/new?game=ill-pass`);
const seats = page.getByLabel(/Name of the player in seat/);
for (const [index, name] of ['Léa', 'Sam', 'Noor'].entries()) await seats.nth(index).fill(name);
await page.getByRole('button', { name: 'Start the match' }).click();
await page.waitForURL(/\/match\//);
await page.getByRole('button', { name: 'Reveal 17', exact: true }).click();
await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
const matchUrl = page.url();
await page.close();
await browser.close().catch(() => {});

const pages = [
	['home', `${base}/`],
	['match', matchUrl]
];
const rows = [];
for (const [name, url] of pages) {
	const result = await lighthouse(url, {
		port: chrome.port,
		output: 'json',
		logLevel: 'error',
		onlyCategories: ['performance', 'accessibility', 'best-practices'],
		// keep the match this audit created in IndexedDB
		disableStorageReset: true
	});
	const { categories, audits } = result.lhr;
	const failing = Object.values(audits)
		.filter(
			(audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary'
		)
		.map((audit) => audit.id);
	rows.push({
		name,
		performance: Math.round(categories.performance.score * 100),
		accessibility: Math.round(categories.accessibility.score * 100),
		bestPractices: Math.round(categories['best-practices'].score * 100),
		lcp: audits['largest-contentful-paint'].numericValue / 1000,
		tbt: audits['total-blocking-time'].numericValue,
		cls: audits['cumulative-layout-shift'].numericValue,
		failing
	});
}
await chrome.kill();
stop();

console.log('page    performance  accessibility  best-practices  LCP (s)  TBT (ms)  CLS');
for (const row of rows) {
	console.log(
		`${row.name.padEnd(8)}${String(row.performance).padStart(11)}${String(row.accessibility).padStart(15)}${String(row.bestPractices).padStart(16)}${row.lcp.toFixed(2).padStart(9)}${row.tbt.toFixed(0).padStart(10)}${row.cls.toFixed(3).padStart(7)}`
	);
	if (row.failing.length) console.log(`        failing audits: ${row.failing.join(', ')}`);
}
const breaches = rows.filter((row) => row.accessibility < 100 || row.bestPractices < 100);
if (breaches.length) {
	console.error(
		`Below 100 in accessibility or best practices: ${breaches.map((row) => row.name).join(', ')}`
	);
	process.exit(1);
}
