import { expect, test, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../server/nats';
import { startServer } from '../scripts/start-server.mjs';
import { cpSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMatch, waitForServiceWorker, nextPress } from './helpers';

/** Makes every IndexedDB write fail with a full disk once `window.failWrites` is set. */
async function breakStorageOnDemand(page: Page) {
	await page.addInitScript(() => {
		const w = window as unknown as { failWrites?: boolean };
		for (const method of ['add', 'put', 'delete'] as const) {
			const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
			IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: unknown[]) {
				if (w.failWrites) throw new DOMException('The disk is full.', 'QuotaExceededError');
				return original.apply(this, args);
			} as never;
		}
	});
}

test('a full disk: the app says so, keeps the action visible as unsaved, and harms nothing saved', async ({
	page
}) => {
	await breakStorageOnDemand(page);
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Reveal 17', exact: true }).click();
	await expect(page.getByTestId('face-up')).toHaveText('17');

	await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = true));
	await page.getByRole('button', { name: /^Take 17/ }).click();
	const unsaved = page.getByTestId('unsaved');
	await expect(unsaved).toContainText('Not saved: Ana took 17 with 0 chips');
	await expect(unsaved).toContainText('out of storage space');
	// the screen does not claim the take happened
	await expect(page.getByTestId('face-up')).toHaveText('17');
	await expect(page.getByTestId('score-0')).toHaveText('-11');

	// space is freed: trying again saves it
	await page.evaluate(() => ((window as unknown as { failWrites: boolean }).failWrites = false));
	await unsaved.getByRole('button', { name: 'Try again' }).click();
	await expect(unsaved).toHaveCount(0);
	await expect(page.getByTestId('score-0')).toHaveText(String(17 - 11));
	await page.reload();
	await expect(page.getByTestId('score-0')).toHaveText(String(17 - 11));
});

test('no IndexedDB at all (a locked-down private mode): the app says matches cannot be kept', async ({
	page
}) => {
	await page.addInitScript(() => {
		Object.defineProperty(window, 'indexedDB', { value: undefined });
	});
	await page.goto('/');
	await expect(page.getByRole('alert')).toContainText('does not let Passpad save');
	await page.goto('/new?game=ill-pass');
	const seats = page.getByLabel(/Name of the player in seat/);
	for (const [index, name] of ['Ana', 'Ben', 'Cleo'].entries()) await seats.nth(index).fill(name);
	await page.getByRole('button', { name: 'Start the match' }).click();
	await expect(page.getByRole('alert')).toContainText('The match could not be saved');
	await expect(page).toHaveURL(/\/new/);
});

test('closing the tab right after any confirmed action loses nothing', async ({ context }) => {
	const first = await context.newPage();
	const url = await startMatch(first, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	// a fixed pseudo-random walk: each step is confirmed on screen, then the tab is killed
	const steps = [
		'reveal:8',
		'pass',
		'pass',
		'take',
		'reveal:20',
		'pass',
		'take',
		'reveal:9',
		'take'
	];
	let page = first;
	let seed = 7;
	for (const [index, step] of steps.entries()) {
		if (step.startsWith('reveal')) {
			const card = step.split(':')[1];
			await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
			await expect(page.getByTestId('face-up')).toHaveText(card);
		} else if (step === 'pass') {
			const pot = page.getByTestId('pot');
			const before = await pot.textContent();
			await nextPress(page);
			await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
			await expect(pot).not.toHaveText(before ?? '');
		} else {
			await page.getByRole('button', { name: /^Take/ }).click();
			await expect(page.getByTestId('face-up')).toHaveCount(0);
		}
		seed = (seed * 1103515245 + 12345) % 2 ** 31;
		if (seed % 3 === 0 || index === steps.length - 1) {
			const shown = await page.getByTestId('score-sheet').textContent();
			await page.close({ runBeforeUnload: false });
			page = await context.newPage();
			await page.goto(url);
			await expect(page.getByTestId('score-sheet')).toHaveText(shown ?? '');
		}
	}
	// Ana passed on 8 and on 20; Cleo holds the run 8-9 with 13 chips
	await expect(page.getByTestId('chips-0')).toHaveText('9');
	await expect(page.getByTestId('score-2')).toHaveText(String(8 - 13));
});

test('no request leaves the origin', async ({ page, baseURL }) => {
	const origin = new URL(baseURL!).origin;
	const outside: string[] = [];
	page.on('request', (request) => {
		const url = request.url();
		if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
			outside.push(url);
		}
	});
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Reveal 11', exact: true }).click();
	await page.getByRole('button', { name: /^Take 11/ }).click();
	for (const path of ['/history', '/rules', '/rules/ill-pass', '/settings', '/']) {
		await page.goto(path);
		await expect(page.locator('h1').first()).toBeVisible();
	}
	expect(outside).toEqual([]);
	const csp = await page
		.locator('meta[http-equiv="content-security-policy"]')
		.getAttribute('content');
	expect(csp).toContain("script-src 'self' 'sha256-");
	expect(csp).not.toContain("unsafe-inline'; script");
});

test.describe('a new version', () => {
	// a port the system hands out free: a fixed one may already answer for another run's copy
	let port = 0;
	let server: ChildProcess | null = null;
	let dir = '';
	const serve = async () => {
		server = await startServer(port, dir);
	};
	test.beforeAll(async () => {
		port = (await freePort()) as number;
		dir = mkdtempSync(join(tmpdir(), 'passpad-build-'));
		cpSync('build', dir, { recursive: true });
	});
	test.afterAll(() => {
		server?.kill();
		rmSync(dir, { recursive: true, force: true });
	});

	test('asks before reloading, and the match in progress survives', async ({ page }) => {
		await serve();
		const base = `http://localhost:${port}`;
		await page.goto(`${base}/new?game=ill-pass`);
		await waitForServiceWorker(page);
		const seats = page.getByLabel(/Name of the player in seat/);
		for (const [index, name] of ['Ana', 'Ben', 'Cleo'].entries()) await seats.nth(index).fill(name);
		await page.getByRole('button', { name: 'Start the match' }).click();
		await page.getByRole('button', { name: 'Reveal 25', exact: true }).click();
		await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();

		// deploy a new version: the worker's bytes change
		await new Promise<void>((resolve) => {
			server?.once('exit', () => resolve());
			server?.kill();
		});
		const sw = join(dir, 'sw.js');
		writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// next version\n`);
		await serve();
		await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

		const prompt = page
			.getByRole('status')
			.filter({ hasText: 'A new version of Passpad is ready.' });
		await expect(prompt).toBeVisible();
		// nothing was swapped behind the player's back
		await expect(page.getByTestId('pot')).toHaveText('1 chip on it');
		const reloaded = page.waitForEvent('load');
		await prompt.getByRole('button', { name: 'Reload' }).click();
		await reloaded;
		await expect(prompt).toHaveCount(0);
		await expect(page.getByTestId('face-up')).toHaveText('25');
		await expect(page.getByTestId('pot')).toHaveText('1 chip on it');
		await expect(page.getByTestId('turn')).toContainText('Ben: take it or pass?');
	});
});
