// The IndexedDB layer in Chromium, through the real build: how long one action takes to commit
// (User Timing 'passpad:commit', measured by the match session around its transaction), and how
// long history and home take to show with 10,000 saved matches. Prints figures, asserts none.
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';
import { seedMatches } from '../tests/seed.js';

const port = 4191;
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
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
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
