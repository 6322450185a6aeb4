// Ratings of 10,000 matches recomputed in Chromium (docs/ratings.md, "How fast"; the goal:
// under 200 ms in the browser): bench/ratings-kit.ts bundled by Vite for the browser, openskill
// with it, run in a blank page of Debian's chromium. Prints the figures, asserts nothing.
// Usage: node bench/ratings-browser.mjs
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { chromium } from '@playwright/test';

const out = mkdtempSync(join(tmpdir(), 'ratings-bench-'));
try {
	await build({
		configFile: false,
		logLevel: 'warn',
		build: {
			outDir: out,
			minify: true,
			lib: {
				entry: 'bench/ratings-kit.ts',
				formats: ['iife'],
				name: 'ratingsKit',
				fileName: () => 'kit.js'
			}
		}
	});
	const browser = await chromium.launch({
		executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
		args: ['--no-sandbox', '--disable-gpu']
	});
	const page = await browser.newPage();
	await page.setContent('<!doctype html><title>ratings</title>');
	await page.addScriptTag({ content: readFileSync(join(out, 'kit.js'), 'utf8') });
	const { median, best, stake } = await page.evaluate(() => window.ratingsKit.timeRatings());
	await browser.close();
	console.log(
		`ratings (Chromium): 10000 matches in ${median.toFixed(0)} ms (median of 5; best ${best.toFixed(0)} ms); one table's stakes in ${stake.toFixed(2)} ms; load ${loadavg()[0].toFixed(1)}`
	);
} finally {
	rmSync(out, { recursive: true, force: true });
}
