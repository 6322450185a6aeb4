import { expect, test, type Locator } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '../server/nats';
import { startServer } from '../scripts/start-server.mjs';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMatch, waitForServiceWorker } from './helpers';

// The defects that fault and hostile-input testing found, each pinned here or in
// the unit tests beside the code.

/**
 * Where each letter of `word` is drawn inside an element, left to right on screen: a line
 * read in order has its letters at growing x; a reversed line has them shrinking.
 */
async function letterPositions(element: Locator, word: string): Promise<number[]> {
	return element.evaluate((root, word) => {
		const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const at = node.textContent!.indexOf(word);
			if (at < 0) continue;
			return [...word].map((_, offset) => {
				const range = document.createRange();
				range.setStart(node, at + offset);
				range.setEnd(node, at + offset + 1);
				return range.getBoundingClientRect().left;
			});
		}
		return [];
	}, word);
}

const increasing = (xs: number[]) => xs.length > 1 && xs.every((x, i) => i === 0 || x > xs[i - 1]);

test('a name holding U+202E does not turn the rest of its line around', async ({ page }) => {
	await startMatch(page, "I'll Pass", ['\u202eAna', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Reveal 17', exact: true }).click();
	await expect(page.getByTestId('face-up')).toHaveText('17');

	await page.getByTestId('log').locator('summary').click();
	const line = page.getByTestId('log').locator('li .text').first();
	await expect(line).toContainText('revealed 17');
	expect(increasing(await letterPositions(line, 'revealed'))).toBe(true);

	// the history's list of players: ", Ben, Cleo" after the name reads left to right too
	await page.goto('/history');
	const players = page.getByTestId('history').locator('li span', { hasText: 'Cleo' }).first();
	await expect(players).toBeVisible();
	expect(increasing(await letterPositions(players, 'Cleo'))).toBe(true);
});

test('"Try again" after a two-tab race never acts for another player', async ({ context }) => {
	const one = await context.newPage();
	const url = await startMatch(one, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await one.getByRole('button', { name: 'Reveal 17', exact: true }).click();
	await expect(one.getByTestId('face-up')).toHaveText('17');

	// the second tab does not hear the first one's writes (no BroadcastChannel): its tap is
	// sure to race the first tab's, as two taps at the very same moment would
	const two = await context.newPage();
	await two.addInitScript(() =>
		Object.defineProperty(window, 'BroadcastChannel', { value: undefined })
	);
	await two.goto(url);
	await expect(two.getByTestId('face-up')).toHaveText('17');

	await one.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	await expect(one.getByTestId('pot')).toHaveText('1 chip on it');
	await two.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	// it was Ana's pass, though the second tab now shows Ben to play
	await expect(two.getByTestId('unsaved')).toContainText('Not saved: Ana passed on 17');
	await expect(two.getByTestId('pot')).toHaveText('1 chip on it');

	await two.getByRole('button', { name: 'Try again' }).click();
	await expect(two.getByTestId('dropped')).toContainText('Not tried again: Ana passed on 17');
	await expect(two.getByTestId('unsaved')).toHaveCount(0);
	await two.getByRole('button', { name: 'Dismiss' }).click();
	await expect(two.getByTestId('dropped')).toHaveCount(0);

	// one pass in the log, not a second one for Ben
	await one.reload();
	await expect(one.getByTestId('pot')).toHaveText('1 chip on it');
	await expect(one.getByTestId('log').locator('summary')).toContainText('(2)');
});

test('every shell response is revalidated and carries the security headers', async ({
	request
}) => {
	const immutable = await request
		.get('/')
		.then((response) => response.text())
		.then((html) => html.match(/\/_app\/immutable\/[^"]+\.js/)![0]);
	for (const path of ['/', '/index.html', '/match/abc', '/history', '/sw.js', '/nothing.png']) {
		const response = await request.get(path);
		const headers = response.headers();
		expect.soft(headers['cache-control'], path).toBe('no-cache');
		expect.soft(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
		expect.soft(headers['content-security-policy'], path).toContain("script-src 'self' 'sha256-");
		expect.soft(headers['referrer-policy'], path).toBe('no-referrer');
		expect.soft(headers['x-content-type-options'], path).toBe('nosniff');
		// the camera for Scan only (docs/scan.md), never a frame's; no microphone
		expect.soft(headers['permissions-policy'], path).toContain('camera=(self)');
		expect.soft(headers['permissions-policy'], path).toContain('microphone=()');
	}
	const asset = await request.get(immutable);
	expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
	expect(asset.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('the policy blocks nothing the app itself uses (no inline style allowed)', async ({
	page
}) => {
	await page.addInitScript(() => {
		const seen: string[] = [];
		(window as unknown as { violations: string[] }).violations = seen;
		document.addEventListener('securitypolicyviolation', (event) =>
			seen.push(
				`${event.violatedDirective} ${event.blockedURI} ${event.sample} ${(event.target as Element)?.outerHTML?.slice(0, 160)}`
			)
		);
	});
	const violations = () =>
		page.evaluate(() => (window as unknown as { violations: string[] }).violations);
	const csp = await page.request.get('/').then((response) => response.headers());
	// no 'unsafe-inline': only hashes (Kit's announcer's style attribute, the prerendered home
	// page's inlined styles)
	expect(csp['content-security-policy']).toMatch(
		/style-src 'self' 'unsafe-hashes'( 'sha256-[^']+')+(;|$)/
	);
	expect(csp['content-security-policy']).not.toContain('unsafe-inline');

	// the dominoes screen sets tile sizes and seat places through style: directives
	await startMatch(page, 'Pass-Pass', ['Ana', 'Ben', 'Cleo', 'Dan'], { start: 'Ana' });
	await page.getByRole('button', { name: 'Play 1-4', exact: true }).click();
	await expect(page.getByTestId('line').getByRole('listitem')).toHaveCount(1);
	expect(await violations()).toEqual([]);
	for (const path of ['/', '/history', '/players', '/rules', '/rules/dominoes', '/settings']) {
		await page.goto(path);
		await expect(page.locator('h1').first()).toBeVisible();
		expect(await violations(), path).toEqual([]);
	}
});

test.describe('storage that is blocked or never answers', () => {
	test('site data blocked (localStorage throws SecurityError): the app starts and says matches cannot be kept', async ({
		page
	}) => {
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(String(error)));
		await page.addInitScript(() => {
			Object.defineProperty(window, 'localStorage', {
				get() {
					throw new DOMException('The operation is insecure.', 'SecurityError');
				}
			});
		});
		await page.goto('/');
		await expect(page.getByRole('alert')).toContainText('does not let Passpad save');
		await expect(page.getByRole('link', { name: /^Play I'll Pass/ })).toBeVisible();
		await page.goto('/history');
		await expect(page.getByRole('alert')).toContainText('does not let Passpad save');
		await page.goto('/new?game=ill-pass');
		const seats = page.getByLabel(/Name of the player in seat/);
		for (const [index, name] of ['Ana', 'Ben', 'Cleo'].entries()) {
			await seats.nth(index).fill(name);
		}
		await page.getByRole('button', { name: 'Start the match' }).click();
		await expect(page.getByRole('alert')).toContainText('The match could not be saved');
		expect(errors).toEqual([]);
	});

	test('an IndexedDB that never opens: the screens say so instead of loading forever', async ({
		page
	}) => {
		await page.addInitScript(() => {
			// a request that never answers: no success, no error, no blocked
			IDBFactory.prototype.open = () => new EventTarget() as IDBOpenDBRequest;
		});
		await page.goto('/match/any');
		await expect(page.getByRole('alert')).toContainText('does not allow saving here');
		await expect(page.getByText('Loading…')).toHaveCount(0);
		await page.goto('/history');
		await expect(page.getByRole('alert')).toContainText('does not let Passpad save');
	});

	test('history without IndexedDB shows the storage alert, with no unhandled rejection', async ({
		page
	}) => {
		const errors: string[] = [];
		page.on('pageerror', (error) => errors.push(String(error)));
		await page.addInitScript(() => {
			Object.defineProperty(window, 'indexedDB', { value: undefined });
		});
		await page.goto('/history');
		await expect(page.getByRole('alert')).toContainText('does not let Passpad save');
		expect(errors).toEqual([]);
	});
});

test.describe('a new version, with two tabs open', () => {
	// a copy of the build on its own port, so a new version can be deployed under the tabs: one
	// the system hands out free, as a fixed one may already answer for another run's copy
	let port = 0;
	let server: ChildProcess | null = null;
	let dir = '';
	const serve = async () => {
		server = await startServer(port, dir);
	};
	test.beforeAll(async () => {
		port = (await freePort()) as number;
		dir = mkdtempSync(join(tmpdir(), 'passpad-update-'));
		cpSync('build', dir, { recursive: true });
	});
	test.afterAll(() => {
		server?.kill();
		rmSync(dir, { recursive: true, force: true });
	});

	test('"Reload" reloads only the tab that asked; the other keeps its half-filled form and is told', async ({
		context
	}) => {
		await serve();
		const base = `http://localhost:${port}`;
		const asking = await context.newPage();
		await asking.goto(`${base}/`);
		await waitForServiceWorker(asking);
		const other = await context.newPage();
		await other.goto(`${base}/new?game=ill-pass`);
		await waitForServiceWorker(other);
		const seats = other.getByLabel(/Name of the player in seat/);
		await seats.nth(0).fill('Ana');
		await seats.nth(1).fill('Ben');
		await other.evaluate(() => ((window as unknown as { kept: string }).kept = 'this page'));

		// deploy a new version: the worker's bytes change
		await new Promise<void>((resolve) => {
			server?.once('exit', () => resolve());
			server?.kill();
		});
		const sw = join(dir, 'sw.js');
		writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// next version\n`);
		await serve();
		await asking.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

		const prompt = (page: typeof asking) =>
			page.getByRole('status').filter({ hasText: 'A new version of Passpad is ready.' });
		await expect(prompt(asking)).toBeVisible();
		await expect(prompt(other)).toBeVisible();
		// in the page's flow at the top of the content, over nothing
		await expect(prompt(other)).toHaveCSS('position', 'static');
		expect(
			await prompt(other).evaluate((element) => element.parentElement?.tagName.toLowerCase())
		).toBe('main');

		await prompt(other).getByRole('button', { name: 'Later' }).click();
		const reloaded = asking.waitForEvent('load');
		await prompt(asking).getByRole('button', { name: 'Reload' }).click();
		await reloaded;
		await expect(asking.getByRole('heading', { name: 'Passpad' })).toBeVisible();

		// the other tab is told, and was not reloaded: its form is as it was
		await expect(other.getByTestId('updated-elsewhere')).toContainText(
			'Passpad was updated in another tab'
		);
		expect(await other.evaluate(() => (window as unknown as { kept?: string }).kept)).toBe(
			'this page'
		);
		await expect(seats.nth(0)).toHaveValue('Ana');
		await expect(seats.nth(1)).toHaveValue('Ben');
	});
});

test('"works offline" is a line in Settings, never a toast over the controls', async ({ page }) => {
	await page.goto('/');
	await waitForServiceWorker(page);
	await expect(page.getByText('Passpad now works offline.')).toHaveCount(0);
	await page.goto('/settings');
	await expect(page.getByTestId('offline-ready')).toHaveText(
		'Works offline: everything Passpad needs is on this device.'
	);
	await expect(page.getByTestId('offline-ready')).toHaveCSS('position', 'static');
});

test.describe('large imports', () => {
	test('a file over the limit is refused before it is read, naming its size and the limit', async ({
		page
	}) => {
		await page.goto('/settings');
		await expect(page.getByTestId('import')).toBeAttached();
		// a 60 MB file, without moving 60 MB through the test: only its size is read
		await page.evaluate(() => {
			const input = document.querySelector<HTMLInputElement>('[data-testid="import"]')!;
			const file = new File(['{}'], 'huge.json', { type: 'application/json' });
			Object.defineProperty(file, 'size', { value: 60 * 1024 * 1024 });
			Object.defineProperty(input, 'files', { value: [file], configurable: true });
			input.dispatchEvent(new Event('change', { bubbles: true }));
		});
		await expect(page.getByTestId('backup-message')).toHaveText(
			'Nothing was imported: the file is 60 MB, and a Passpad backup is at most 50 MB.'
		);
	});

	test('a long import says how far it has gone, then what it imported', async ({ page }) => {
		await page.addInitScript(() => {
			const seen: string[] = [];
			(window as unknown as { progress: string[] }).progress = seen;
			new MutationObserver(() => {
				const text = document.querySelector('[data-testid="backup-progress"]')?.textContent;
				if (text && seen.at(-1) !== text) seen.push(text.trim());
			}).observe(document, { subtree: true, childList: true, characterData: true });
		});
		// ids in the form Passpad makes (src/lib/wire/ids.ts): a backup's ids must have it
		const madeUpId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
		const players = ['Ana', 'Ben', 'Cleo'].map((name, k) => ({
			id: madeUpId(1_000_000 + k),
			name,
			nameKey: name.toLowerCase(),
			hidden: false,
			createdAt: 0
		}));
		const file = {
			format: 'passpad-backup',
			schema: 2,
			app: 'test',
			exportedAt: 0,
			players,
			matches: Array.from({ length: 2_000 }, (_, i) => ({
				id: madeUpId(i),
				game: 'ill-pass',
				config: { start: i % 3, takerReveals: false },
				seats: players.map((player) => ({ playerId: player.id, name: player.name })),
				status: 'active',
				createdAt: i,
				updatedAt: i,
				redo: [],
				result: null,
				log: [{ action: { type: 'reveal', card: 3 + (i % 30) }, at: i }]
			}))
		};
		await page.goto('/settings');
		await page.getByTestId('import').setInputFiles({
			name: 'backup.json',
			mimeType: 'application/json',
			buffer: Buffer.from(JSON.stringify(file))
		});
		await expect(page.getByTestId('backup-message')).toHaveText(
			'Imported 2000 matches. 3 new players. 0 matches were already here.'
		);
		const progress = await page.evaluate(
			() => (window as unknown as { progress: string[] }).progress
		);
		expect(progress).toContain('Checking match 1000 of 2000…');
		expect(progress).toContain('Saving match 2000 of 2000…');
	});
});

// The "hostile names" figure: names that would run a script if any screen put them in
// the page as markup, each seated at a table, then shown on the match screen (panel, sheet,
// log), in history, on the players pages and in the CSV. Prints "scripts run: 0 of N names".
const HOSTILE = [
	'<img src=x onerror=pwn()>',
	'<svg onload=pwn()>',
	'<script>pwn()</script>',
	'"><img src=x onerror=pwn()>',
	"'><svg/onload=pwn()>",
	'<iframe srcdoc=x>',
	'javascript:pwn()',
	'<a href=javascript:pwn()>x',
	'{@html "<b>x</b>"}',
	'${pwn()}',
	'=HYPERLINK("http://x")',
	'\u202eAna',
	'<style>*{display:none}</style>'
];

test('hostile names: no script runs from any of them, on any screen', async ({ page }) => {
	const ran: string[] = [];
	await page.exposeFunction('pwnReport', (where: string) => ran.push(where));
	await page.addInitScript(() => {
		(window as unknown as { pwn: () => void }).pwn = () =>
			(window as unknown as { pwnReport: (where: string) => void }).pwnReport(location.pathname);
	});
	page.on('dialog', (dialog) => {
		ran.push(`dialog: ${dialog.message()}`);
		void dialog.dismiss();
	});
	for (let at = 0; at < HOSTILE.length; at += 3) {
		const names = HOSTILE.slice(at, at + 3);
		while (names.length < 3) names.push(`Guest ${names.length}`);
		await startMatch(page, "I'll Pass", names);
		await page.getByRole('button', { name: 'Reveal 17', exact: true }).click();
		await page.getByRole('button', { name: /^Take 17/ }).click();
		await page.getByTestId('log').locator('summary').click();
		await expect(page.getByTestId('log').locator('li')).toHaveCount(2);
		for (const [seat, name] of names.entries()) {
			await expect(page.getByTestId(`player-${seat}`)).toContainText(name);
		}
		await page.getByRole('button', { name: 'Spreadsheet (CSV)' }).click();
	}
	for (const path of ['/', '/history', '/players']) {
		await page.goto(path);
		await expect(page.locator('h1').first()).toBeVisible();
	}
	await page.getByRole('link', { name: `${HOSTILE[0]} 1 match`, exact: true }).click();
	await expect(page.getByTestId('player-name')).toHaveText(HOSTILE[0]);
	await expect(page.locator('main img, main svg image, main iframe, main script')).toHaveCount(0);
	console.log(`hostile names: scripts run: ${ran.length} of ${HOSTILE.length} names`);
	expect(ran).toEqual([]);
});
