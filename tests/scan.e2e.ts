import { expect, test, type Browser, type Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playIllPass, startMatch, waitForServiceWorker } from './helpers';
import { browserFilming } from './scan';
import { startLiveApp } from './live';
import { storedLog } from './stored';
import { axe } from './axe';

// Scan (docs/scan.md): a phone that joins reads the link's QR code with its camera inside the
// app, so the link opens in the app's own storage. Chromium's fake camera films a QR code
// drawn by the test (tests/scan.ts) from a link the app itself made.

let dir = '';
const browsers: Browser[] = [];
test.beforeAll(() => void (dir = mkdtempSync(join(tmpdir(), 'passpad-scan-'))));
test.afterAll(async () => {
	await Promise.all(browsers.map((browser) => browser.close()));
	rmSync(dir, { recursive: true, force: true });
});

/** A phone at 360x640 whose camera sees the QR code of `text` (`allowed`: the person said yes). */
async function phoneFilming(
	text: string,
	baseURL: string,
	{ locale = 'en-GB', allowed = true, colorScheme = 'light' as 'light' | 'dark' } = {}
): Promise<Page> {
	const browser = await browserFilming(text, dir, allowed);
	browsers.push(browser);
	const context = await browser.newContext({
		baseURL,
		viewport: { width: 360, height: 640 },
		isMobile: true,
		hasTouch: true,
		locale,
		colorScheme
	});
	return context.newPage();
}

async function expectNoAxeViolation(page: Page) {
	const { violations } = await axe(page).analyze();
	expect(violations.map((violation) => violation.id)).toEqual([]);
}

test("a hand-over's QR code, scanned in the app offline, opens there and the match is stored there", async ({
	page,
	baseURL
}) => {
	// two browsers, one of them installing the service worker: generous on a loaded machine
	test.setTimeout(120_000);
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo'], { start: 'Ana' });
	await playIllPass(page, [20, 'pass', 'take', 7]);
	const id = new URL(page.url()).pathname.split('/').pop()!;
	await page.getByRole('button', { name: 'Hand over to another phone' }).click();
	const link = (await page.getByTestId('handover-link').getAttribute('href'))!;
	expect(new URL(link).pathname).toBe('/take');

	// the other phone opens the app's hand-over page itself, not the link: it has no link yet
	const phone = await phoneFilming(link, baseURL!);
	await phone.goto('/take');
	await expect(phone.getByText('This link holds no match.')).toBeVisible();
	// offline, at a table without network: the reader and its WebAssembly come from the
	// service worker's precache, never from a CDN
	await waitForServiceWorker(phone);
	await phone.context().setOffline(true);
	await phone.getByRole('button', { name: 'Scan a QR code' }).click();
	await expect(
		phone.getByText("Take over this match: I'll Pass, Ana, Ben, Cleo, 4 actions?")
	).toBeVisible();
	// the link was opened here: this origin, and its match leaves the address bar as a link would
	expect(new URL(phone.url()).origin).toBe(new URL(baseURL!).origin);
	await phone.getByRole('button', { name: 'Take over', exact: true }).click();
	await expect(phone).toHaveURL(new RegExp(`/match/${id}$`));
	await expect(phone.getByTestId('face-up')).toHaveText('7');
	expect(await storedLog(phone, id)).toEqual(await storedLog(page, id));
	await phone.context().setOffline(false);
});

test("a group member's QR code, scanned on the group's page, joins the group in the app", async ({
	browser
}) => {
	// a server, two browsers and a group's catch-up: generous on a loaded machine
	test.setTimeout(150_000);
	// the group's server, as `npm run server` runs it (tests/live.ts)
	const app = await startLiveApp();
	try {
		const founder = await browser.newPage({ baseURL: app.origin });
		await founder.goto(app.hostLink);
		await expect(founder.getByRole('status')).not.toBeEmpty();
		await founder.goto('/group');
		await founder.getByLabel("The group's name").fill('Jeudi au club');
		await founder.getByRole('button', { name: 'Create a group' }).click();
		await expect(founder.getByTestId('group-state')).toContainText('Up to date', {
			timeout: 20_000
		});
		await founder.getByLabel('Whose phone is it?').fill('Ben');
		await founder.getByRole('button', { name: 'Invite' }).click();
		const link = (await founder.locator('a[href*="/group#"]').getAttribute('href'))!;

		// Ben's phone is on the group's page already: the same page, another fragment
		const ben = await phoneFilming(link, app.origin);
		await ben.goto('/group');
		await expect(ben.getByText('This phone is in no group.')).toBeVisible();
		await ben.getByRole('button', { name: 'Scan a QR code' }).click();
		await expect(ben.getByTestId('group-joined')).toContainText('Jeudi au club');
		// the credential left the address bar, as from a camera app; the group is stored here
		expect(ben.url()).toBe(`${app.origin}/group`);
		await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
		await ben.reload();
		await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
		await expect(ben.getByText('This phone is in no group.')).toHaveCount(0);
	} finally {
		await app.stop();
	}
});

test('a QR code that is not a Passpad link is refused with its words, and the camera goes on', async ({
	baseURL
}) => {
	const phone = await phoneFilming('https://example.com/menu#table=4', baseURL!);
	await phone.goto('/group');
	await phone.getByRole('button', { name: 'Scan a QR code' }).click();
	await expect(
		phone.getByText('This QR code is not a Passpad link. Scan the code Passpad shows')
	).toBeVisible();
	await expect(phone).toHaveURL(/\/group$/);
	// at 360x640 the picture, the refusal and Stop are on the screen together
	for (const shown of [
		phone.getByRole('button', { name: 'Stop', exact: true }),
		phone.getByLabel('What the camera sees'),
		phone.getByTestId('scan').getByRole('alert')
	]) {
		await expect(shown).toBeInViewport({ ratio: 1 });
	}
	await expectNoAxeViolation(phone);
	await phone.getByRole('button', { name: 'Stop', exact: true }).click();
	await expect(phone.getByRole('button', { name: 'Scan a QR code' })).toBeVisible();
});

test('in French, dark: a QR code that is not a Passpad link is refused in French, 0 axe violations', async ({
	baseURL
}) => {
	const phone = await phoneFilming('https://example.com/', baseURL!, {
		locale: 'fr-FR',
		colorScheme: 'dark'
	});
	await phone.goto('/follow');
	await phone.getByRole('button', { name: 'Scanner un code QR' }).click();
	const refusal = phone.getByTestId('scan').getByRole('alert');
	await expect(refusal).toHaveText(
		"Ce code QR n'est pas un lien Passpad. Scannez le code que Passpad affiche sur l'autre téléphone."
	);
	// the longer French words too: the refusal and Stop on a 360x640 screen at once
	await expect(refusal).toBeInViewport({ ratio: 1 });
	await expect(phone.getByRole('button', { name: 'Arrêter', exact: true })).toBeInViewport({
		ratio: 1
	});
	await expectNoAxeViolation(phone);
});

test('a camera the person refused says so, and how to allow it', async ({ baseURL }) => {
	const phone = await phoneFilming('https://example.com/', baseURL!, { allowed: false });
	await phone.goto('/take');
	await phone.getByRole('button', { name: 'Scan a QR code' }).click();
	await expect(phone.getByTestId('scan').getByRole('alert')).toHaveText(
		"Passpad may not use the camera. Allow the camera for Passpad in the browser's settings, or open the link with the phone's camera app."
	);
});

test('a phone without a camera says so', async ({ page, context }) => {
	// the browser the other tests run in has no camera, real or fake
	await context.grantPermissions(['camera']);
	await page.goto('/take');
	await page.getByRole('button', { name: 'Scan a QR code' }).click();
	await expect(page.getByTestId('scan').getByRole('alert')).toHaveText(
		"This device has no camera Passpad can use. Open the link another way: paste it into the address bar, or scan it with a phone's camera app."
	);
});
