// Fault figures for docs/security.md, "Hardening" (its table), through the real build in Chromium:
//   kills: the browser killed (SIGKILL) right after an action shows as done, or while it is
//          being written; after a restart, is every action the screen confirmed still there?
//   races: two tabs on one match tap at the same moment (two different cards revealed); does
//          the log ever hold both, or do the tabs ever end on different states (a fork)?
// Usage, after `npm run build`: node scripts/fault-figures.mjs [kills=20] [races=20]
// Bounded loops; prints figures, and exits 1 if an action was lost or the match forked.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const KILLS = Math.min(Number(process.argv[2] ?? 20), 500);
const RACES = Math.min(Number(process.argv[3] ?? 20), 500);
const port = 4193;
const base = `http://localhost:${port}`;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const server = spawn(process.execPath, ['scripts/serve.mjs', String(port)], { stdio: 'ignore' });
process.on('exit', () => server.kill());
await until(() =>
	fetch(base).then(
		(response) => response.ok,
		() => false
	)
);

/** Polls `check` every 100 ms, at most 300 times. */
async function until(check) {
	for (let tries = 0; tries < 300; tries++) {
		if (await check()) return;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error('gave up waiting');
}

async function startMatch(page) {
	await page.goto(`${base}/new?game=ill-pass`);
	const seats = page.getByLabel(/Name of the player in seat/);
	for (const [index, name] of ['Ana', 'Ben', 'Cleo'].entries()) await seats.nth(index).fill(name);
	await page.getByRole('button', { name: 'Start the match' }).click();
	await page.waitForURL(/\/match\//);
	return page.url();
}

/** The number of actions in the match's log, as the screen shows it ("Log (12)"). */
async function logLength(page) {
	const summary = page.getByTestId('log').locator('summary');
	await summary.waitFor();
	return Number((await summary.textContent()).match(/\((\d+)\)/)[1]);
}

/** The next action of a fixed walk: reveal the lowest card left, then take it. */
async function nextAction(page) {
	const take = page.getByRole('button', { name: /^Take \d+/, disabled: false });
	if (await take.count()) return { button: take, done: page.getByTestId('face-up'), gone: true };
	const reveal = page.getByRole('button', { name: /^Reveal \d+$/, disabled: false }).first();
	return { button: reveal, done: page.getByTestId('face-up'), gone: false };
}

// ---- kills -------------------------------------------------------------------------------
let confirmed = 0;
let lost = 0;
let kills = 0;
{
	const profile = mkdtempSync(join(tmpdir(), 'passpad-kills-'));
	let browser = null;
	let proc = null;
	const launch = async () => {
		proc = spawn(
			chromiumPath,
			[
				'--headless=new',
				'--no-sandbox',
				'--disable-gpu',
				'--no-first-run',
				`--user-data-dir=${profile}`,
				'--remote-debugging-port=9339',
				'about:blank'
			],
			{ stdio: 'ignore' }
		);
		await until(() =>
			fetch('http://127.0.0.1:9339/json/version').then(
				(response) => response.ok,
				() => false
			)
		);
		browser = await chromium.connectOverCDP('http://127.0.0.1:9339');
		const context = browser.contexts()[0];
		return context.pages()[0] ?? (await context.newPage());
	};
	const kill = async () => {
		const exited = new Promise((resolve) => proc.once('exit', resolve));
		proc.kill('SIGKILL');
		await exited;
		kills++;
	};
	let page = await launch();
	let url = await startMatch(page);
	let shown = 0; // actions the screen has confirmed in this match
	for (let round = 0; round < KILLS; round++) {
		if (await page.getByTestId('outcome').count()) {
			url = await startMatch(page);
			shown = 0;
		}
		const { button, done, gone } = await nextAction(page);
		await button.click();
		// even rounds: killed once the screen shows the action done; odd: killed mid-write
		if (round % 2 === 0) {
			if (gone) await done.waitFor({ state: 'detached' });
			else await done.waitFor();
			shown++;
			confirmed++;
		}
		await kill();
		page = await launch();
		await page.goto(url);
		const stored = await logLength(page);
		if (stored < shown) lost += shown - stored;
		shown = stored; // a mid-write action may or may not have landed; what is stored counts
	}
	await kill();
	kills--; // that last one only ends the run
	rmSync(profile, { recursive: true, force: true });
}
console.log(`kills: ${kills} browser kills, ${confirmed} confirmed actions, ${lost} lost`);

// ---- two-tab races ----------------------------------------------------------------------
let races = 0;
let forks = 0;
{
	const browser = await chromium.launch({
		executablePath: chromiumPath,
		args: ['--no-sandbox', '--disable-gpu', '--no-first-run']
	});
	const context = await browser.newContext();
	const one = await context.newPage();
	const two = await context.newPage();
	let url = await startMatch(one);
	await two.goto(url);
	for (let race = 0; race < RACES; race++) {
		if ((await one.getByRole('button', { name: /^Reveal \d+$/, disabled: false }).count()) < 2) {
			url = await startMatch(one);
			await two.goto(url);
		}
		await one
			.getByRole('button', { name: /^Reveal \d+$/, disabled: false })
			.first()
			.waitFor();
		await two
			.getByRole('button', { name: /^Reveal \d+$/, disabled: false })
			.first()
			.waitFor();
		const before = await logLength(one);
		// the two tabs reveal two different cards at the same moment
		const labels = await one
			.getByRole('button', { name: /^Reveal \d+$/, disabled: false })
			.evaluateAll((buttons) => buttons.slice(0, 2).map((button) => button.ariaLabel));
		const tap = (page, label) =>
			page.evaluate((label) => {
				const button = document.querySelector(`button[aria-label="${label}"]`);
				if (!button || button.disabled) return false;
				button.click();
				return true;
			}, label);
		const tapped = await Promise.all([tap(one, labels[0]), tap(two, labels[1])]);
		if (tapped.every(Boolean)) races++;
		for (const page of [one, two]) {
			await page.getByTestId('face-up').waitFor();
			const discard = page.getByRole('button', { name: 'Discard' });
			if (await discard.count()) await discard.click();
		}
		await one.reload();
		await two.reload();
		const stored = [await logLength(one), await logLength(two)];
		const faceUp = [
			await one.getByTestId('face-up').textContent(),
			await two.getByTestId('face-up').textContent()
		];
		// a log holding both reveals would replay only up to the second, and say so
		const broken = await one.getByText("of this match's log is no longer accepted").count();
		if (broken || stored[0] !== before + 1 || stored[1] !== stored[0] || faceUp[0] !== faceUp[1]) {
			forks++;
		}
		// the card is taken, and the next race starts with no card face up
		await one.getByRole('button', { name: /^Take \d+/, disabled: false }).click();
		await one.getByTestId('face-up').waitFor({ state: 'detached' });
		await two.getByTestId('face-up').waitFor({ state: 'detached' });
	}
	await browser.close();
}
console.log(
	`races: ${races} two-tab races where both taps landed (of ${RACES} tried), ${forks} forks`
);
process.exit(lost || forks ? 1 : 0);
