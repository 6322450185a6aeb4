// Imports reports/large-backup.json (written by bench/large-backup.bench.ts: 10,996 matches)
// through the real build's Settings screen in Chromium, and prints how long it took, the
// progress steps seen, the JS heap's peak and the renderer processes' peak memory (RSS).
// Prints figures, asserts none. Run after `npm run build`:
//   npx vitest run --config bench/vitest.config.ts bench/large-backup.bench.ts
//   node bench/large-import.mjs
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { chromium } from '@playwright/test';

const file = 'reports/large-backup.json';
const port = 4192;
const base = `http://localhost:${port}`;
const server = spawn(process.execPath, ['scripts/serve.mjs', String(port)], { stdio: 'ignore' });
process.on('exit', () => server.kill());
for (let tries = 0; ; tries++) {
	const up = await fetch(base).then(
		(response) => response.ok,
		() => false
	);
	if (up) break;
	if (tries > 100) throw new Error('server did not start');
	await new Promise((resolve) => setTimeout(resolve, 100));
}

const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run']
});
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Performance.enable');

/** Resident memory of Chromium's renderer processes, in MB (Linux /proc). */
function rendererRss() {
	let total = 0;
	for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
		try {
			const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
			if (!cmdline.includes('chromium') || !cmdline.includes('--type=renderer')) continue;
			const rss = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
			if (rss) total = Math.max(total, Number(rss[1]) / 1024);
		} catch {
			// the process ended meanwhile
		}
	}
	return total;
}

await page.goto(`${base}/settings`);
let heapPeak = 0;
let rssPeak = 0;
const steps = new Set();
const phases = [];
let started = Date.now();
let sampling = true;
const sampler = (async () => {
	// bounded: at most 30 minutes of samples, twice a second
	for (let sample = 0; sampling && sample < 3600; sample++) {
		const { metrics } = await cdp.send('Performance.getMetrics').catch(() => ({ metrics: [] }));
		const heap = metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
		heapPeak = Math.max(heapPeak, heap / 1024 / 1024);
		rssPeak = Math.max(rssPeak, rendererRss());
		const progress = await page
			.getByTestId('backup-progress')
			.textContent({ timeout: 100 })
			.catch(() => null);
		if (progress) {
			const step = progress.trim().replace(/\d+ of/, 'n of');
			if (!steps.has(step))
				phases.push(`${step} from ${((Date.now() - started) / 1000).toFixed(1)} s`);
			steps.add(step);
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
})();

started = Date.now();
await page.getByTestId('import').setInputFiles(file);
await page.getByTestId('backup-message').waitFor({ timeout: 30 * 60_000 });
const seconds = (Date.now() - started) / 1000;
sampling = false;
await sampler;
const message = await page.getByTestId('backup-message').textContent();
const history = await page
	.goto(`${base}/history`)
	.then(() => page.getByRole('status').first().textContent());

console.log(`file: ${file}, ${(statSync(file).size / 1e6).toFixed(1)} MB`);
console.log(`import: ${seconds.toFixed(1)} s`);
console.log(`message: ${message}`);
console.log(`history: ${history}`);
console.log(`progress shown: ${phases.join(' | ') || 'none'}`);
console.log(`JS heap peak: ${heapPeak.toFixed(0)} MB; renderer RSS peak: ${rssPeak.toFixed(0)} MB`);
await browser.close();
process.exit(0);
