import { expect, test, type Browser } from '@playwright/test';
import { playIllPass, startMatch } from './helpers';
import { startLiveApp } from './live';
import { smallPhone } from './reach';
import { keptLink, matchOf, storedSetting } from './stored';
import { axe } from './axe';

// Open tables (docs/live.md, "Open tables"): on a server started with `--open`, a phone that
// never opened the host link offers "Play live", opens a table and its followers follow it; a
// table a day without an entry closes, and its phones and its link say so; a phone past its
// address's tables for the hour is told so, in French, and one from another address while the
// server holds all the tables it gives, in English. Real nats-server, app and
// proxy (tests/live.ts), the server's open door with a small hour.

const HOUR = 3_600_000;
let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
	app = await startLiveApp({ perAddressPerHour: 3, tables: 6, sweepEveryMs: HOUR });
});
test.afterAll(async () => {
	await app?.stop();
});

const NAMES = ['Ana', 'Ben', 'Cleo'];

/** A phone; `address`: where the server (trusting its proxy, tests/live.ts) sees it from. */
async function phone(browser: Browser, name: string, lang: 'en' | 'fr' = 'en', address?: string) {
	const context = await browser.newContext({
		...smallPhone,
		...(address ? { extraHTTPHeaders: { 'X-Forwarded-For': address } } : {}),
		baseURL: app.origin,
		locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	return { name, context, page };
}

test('without the host link, a phone opens a table on an open server; a day without an entry, it closes and every phone says so', async ({
	browser
}) => {
	const ana = await phone(browser, 'ana');
	await startMatch(ana.page, "I'll Pass", NAMES);
	await expect(ana.page.getByText('This server opens a table for any phone.')).toBeVisible();
	await ana.page.getByRole('button', { name: 'Play live' }).click();
	await expect(ana.page.getByTestId('live-state')).toContainText('This phone has the pen');
	const links = ana.page.getByTestId('live-link');
	await expect(links).toHaveCount(2);
	const players = (await links.nth(0).getAttribute('href'))!;
	// no host link was ever kept here (db/links-v9.ts, HOST_KEY), and the table's link is
	await expect.poll(() => keptLink(ana.page, matchOf(ana.page))).toBeTruthy();
	expect(await storedSetting(ana.page, 'live.host')).toBeUndefined();
	for (const theme of ['light', 'dark'] as const) {
		await ana.page.emulateMedia({ colorScheme: theme });
		await ana.page.screenshot({ path: `test-results/shots/open/live-360-en-${theme}.png` });
	}

	const ben = await phone(browser, 'ben');
	await ben.page.goto(players);
	await expect(ben.page).toHaveURL(/\/match\//, { timeout: 20_000 });
	await ana.page.evaluate(() => window.scrollTo(0, 0));
	await playIllPass(ana.page, [3, 'pass']);
	await expect(ben.page.getByTestId('pot')).toHaveText('1 chip on it');

	// the hourly look for idle tables, a day and an hour on
	const table = new URLSearchParams(players.split('#')[1]).get('t')!;
	expect(await app.live.openDoor!.sweep(Date.now() + 25 * HOUR)).toContain(table);
	for (const it of [ana, ben]) {
		await expect(it.page.getByTestId('live-closed')).toContainText(
			'This table closed after a day without an entry. The match stays here.',
			{ timeout: 20_000 }
		);
		await expect(it.page.getByTestId('live-state')).toHaveCount(0);
	}
	expect((await axe(ana.page).analyze()).violations).toEqual([]);

	// its link, opened now, says the same in French, and keeps nothing
	const cleo = await phone(browser, 'cleo', 'fr');
	await cleo.page.goto(players);
	await expect(cleo.page.getByRole('alert')).toContainText(
		"Cette table s'est fermée après un jour sans coup : son lien ne l'ouvre plus.",
		{ timeout: 20_000 }
	);
	await Promise.all([ana, ben, cleo].map((it) => it.context.close()));
});

test("past its address's tables for the hour, a phone is told so, and the server opened nothing", async ({
	browser
}) => {
	// this address (the tests' loopback) takes its hour's last tables
	while (!('error' in (await app.live.openDoor!.open('127.0.0.1'))));
	const held = Object.keys(JSON.parse(await tablesJson())).length;
	const dan = await phone(browser, 'dan', 'fr');
	await startMatch(dan.page, "I'll Pass", NAMES, { french: true });
	await dan.page.getByRole('button', { name: 'Jouer en direct' }).click();
	const refused = dan.page.getByTestId('live-open-refused');
	await expect(refused).toHaveText(
		"Ce serveur a ouvert pour ce réseau autant de tables qu'il le permet en une heure. Réessayez plus tard."
	);
	await expect(dan.page.getByTestId('live-state')).toHaveCount(0);
	for (const theme of ['light', 'dark'] as const) {
		await dan.page.emulateMedia({ colorScheme: theme });
		await dan.page.screenshot({ path: `test-results/shots/open/refused-360-fr-${theme}.png` });
	}
	expect(Object.keys(JSON.parse(await tablesJson())).length).toBe(held);
	expect((await axe(dan.page).analyze()).violations).toEqual([]);
	await dan.context.close();
});

test('a server holding all the open tables it gives tells a phone from another address so', async ({
	browser
}) => {
	// other addresses open the server's last tables (it gives 6 at once)
	for (let at = 1; !('error' in (await app.live.openDoor!.open(`198.51.100.${at}`))); at++);
	const held = Object.keys(JSON.parse(await tablesJson())).length;
	const eve = await phone(browser, 'eve', 'en', '203.0.113.50');
	await startMatch(eve.page, "I'll Pass", NAMES);
	await eve.page.getByRole('button', { name: 'Play live' }).click();
	await expect(eve.page.getByTestId('live-open-refused')).toHaveText(
		'This server holds as many live tables as it can. Try again later.'
	);
	await expect(eve.page.getByTestId('live-state')).toHaveCount(0);
	expect(Object.keys(JSON.parse(await tablesJson())).length).toBe(held);
	await eve.context.close();
});

/** The registry's tables, as the server wrote them. */
async function tablesJson() {
	const { readFileSync } = await import('node:fs');
	const { join } = await import('node:path');
	return JSON.stringify(
		JSON.parse(readFileSync(join(app.live.dataDir, 'tables.json'), 'utf8')).tables
	);
}
