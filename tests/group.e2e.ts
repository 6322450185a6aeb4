import { expect, test, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { startMatch } from './helpers';
import { startLiveApp } from './live';

// A group's record (docs/group.md): phones as browser contexts against a real nats-server and
// the app served beside it, as `npm run server` does.

let app: Awaited<ReturnType<typeof startLiveApp>>;
/** Screens to check by eye, kept out of the repository. */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/group';

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterAll(async () => {
	await app?.stop();
});

async function phone(
	browser: Browser,
	name: string,
	options: { width?: number; height?: number; dark?: boolean; french?: boolean } = {}
): Promise<Page> {
	const context = await browser.newContext({
		baseURL: app.origin,
		viewport: { width: options.width ?? 360, height: options.height ?? 640 },
		isMobile: true,
		hasTouch: true,
		locale: options.french ? 'fr-FR' : 'en-GB',
		colorScheme: options.dark ? 'dark' : 'light',
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	return page;
}

/** A phone with the host link makes a group on the group's page. */
async function founder(browser: Browser, name: string, options = {}) {
	const page = await phone(browser, name, options);
	await page.goto(app.hostLink);
	await expect(page.getByRole('status')).not.toBeEmpty();
	await page.goto('/group');
	return page;
}

test('group: a group made with the host link, a member invited by its link, a match recorded for the group reaches the other phone', async ({
	browser
}) => {
	const ana = await founder(browser, 'ana');
	await ana.getByLabel("The group's name").fill('Jeudi au club');
	await ana.getByLabel("This phone's owner").fill('Ana');
	await ana.getByRole('button', { name: 'Create a group' }).click();
	await expect(ana.getByText('Jeudi au club is made')).toBeVisible();
	await expect(ana.getByRole('img', { name: "QR code of the board's link" })).toBeVisible();
	await expect(ana.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });

	await ana.getByLabel('Whose phone is it?').fill('Ben');
	await ana.getByRole('button', { name: 'Invite' }).click();
	await expect(ana.getByRole('img', { name: 'QR code of the invitation link' })).toBeVisible();
	const link = (await ana.locator('a[href*="/group#"]').getAttribute('href'))!;
	expect(link).toContain('/group#');

	const ben = await phone(browser, 'ben');
	await ben.goto(link);
	await expect(ben.getByTestId('group-joined')).toContainText('Jeudi au club');
	// the credential never stays in the address bar
	expect(ben.url()).not.toContain('#');
	await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	await expect(ana.getByRole('button', { name: 'Remove Ben' })).toBeVisible({ timeout: 20_000 });

	await startMatch(ana, "I'll Pass", ['Ana', 'Ben', 'Chloé'], {
		setup: async (page) => {
			await page.getByRole('radio', { name: 'Jeudi au club' }).check();
		}
	});
	const id = ana.url().split('/match/')[1];
	await expect
		.poll(
			async () => {
				await ben.goto('/history');
				return ben.locator(`a[href*="${id}"]`).count();
			},
			{ timeout: 30_000, intervals: [1000] }
		)
		.toBeGreaterThan(0);

	// the next match's setup offers the same group first (the last chosen)
	await ana.goto('/new');
	await expect(ana.getByRole('radio', { name: 'Jeudi au club' })).toBeChecked();
	mkdirSync(SHOTS, { recursive: true });
	await ana.screenshot({ path: `${SHOTS}/new-record-for-360-light-en.png`, fullPage: true });

	const axe = await new AxeBuilder({ page: ana }).include('main').analyze();
	expect(axe.violations).toEqual([]);
});

/** A group made by Ana's phone, Ben's phone invited and joined. */
async function twoMembers(browser: Browser, name: string) {
	const ana = await founder(browser, 'ana');
	await ana.getByLabel("The group's name").fill(name);
	await ana.getByRole('button', { name: 'Create a group' }).click();
	await expect(ana.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	await ana.getByLabel('Whose phone is it?').fill('Ben');
	await ana.getByRole('button', { name: 'Invite' }).click();
	const link = (await ana.locator('a[href*="/group#"]').getAttribute('href'))!;
	const ben = await phone(browser, 'ben');
	await ben.goto(link);
	await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	return { ana, ben };
}

async function rename(page: Page, player: string, name: string) {
	await page.goto(player);
	await page.getByLabel('Name', { exact: true }).fill(name);
	await page.getByRole('button', { name: 'Rename' }).click();
	await expect(page.getByTestId('player-name')).toHaveText(name);
}

test('group: a player renamed two ways while offline is a conflict shown on both phones, settled once for both', async ({
	browser
}) => {
	const { ana, ben } = await twoMembers(browser, 'Famille');
	await startMatch(ana, "I'll Pass", ['Léa', 'Sam', 'Noor'], {
		setup: async (page) => {
			await page.getByRole('radio', { name: 'Famille' }).check();
		}
	});
	await ana.goto('/players');
	await ana.getByRole('link', { name: /Léa/ }).first().click();
	await expect(ana).toHaveURL(/\/players\//);
	const player = new URL(ana.url()).pathname;
	await expect
		.poll(
			async () => {
				await ben.goto(player);
				return ben.getByTestId('player-name').count();
			},
			{ timeout: 30_000, intervals: [1000] }
		)
		.toBe(1);

	// both phones lose the network and rename Léa, each its own way
	app.proxy.refuse((agent) => /passpad-(ana|ben)/.test(agent));
	await rename(ana, player, 'Léa M.');
	await rename(ben, player, 'Léa B.');
	// Ana's phone comes back first, then Ben's
	app.proxy.refuse((agent) => agent.includes('passpad-ben'));
	await ana.goto('/group');
	await expect(ana.getByTestId('group-pending')).toHaveCount(0, { timeout: 30_000 });
	app.proxy.refuse(() => false);
	// each phone's screen shows it as it comes (Ben's player page is still open)
	await ana.goto(player);
	for (const page of [ben, ana]) {
		await expect(page.getByTestId('group-conflict-note')).toBeVisible({ timeout: 30_000 });
	}
	// nothing decided in silence
	await expect(ana.getByTestId('player-name')).toHaveText('Léa M.');
	await ben.goto(player);
	await expect(ben.getByTestId('player-name')).toHaveText('Léa B.');

	mkdirSync(SHOTS, { recursive: true });
	await ben.screenshot({ path: `${SHOTS}/player-conflict-360-light-en.png`, fullPage: true });
	await ben.getByRole('link', { name: "Open the group's page" }).click();
	await expect(ben.getByTestId('group-conflict')).toContainText(
		'A player renamed two ways: “Léa B.” on this phone, “Léa M.” in the group.'
	);
	await ben.screenshot({ path: `${SHOTS}/group-conflict-360-light-en.png`, fullPage: true });
	expect((await new AxeBuilder({ page: ben }).include('main').analyze()).violations).toEqual([]);
	await ben.getByRole('button', { name: "Keep the group's" }).click();
	await expect(ben.getByText('Settled')).toBeVisible();
	// Ana's player page, open all along, sees the conflict settled; the name reads the same
	await expect(ana.getByTestId('group-conflict-note')).toHaveCount(0, { timeout: 30_000 });
	for (const page of [ben, ana]) {
		await page.goto(player);
		await expect(page.getByTestId('player-name')).toHaveText('Léa M.');
		await expect(page.getByTestId('group-conflict-note')).toHaveCount(0);
	}
});

test('group: screens at 360x640 and 820x1180, light and dark, English and French', async ({
	browser
}) => {
	const dir = SHOTS;
	mkdirSync(dir, { recursive: true });
	for (const french of [false, true]) {
		for (const dark of [false, true]) {
			for (const [width, height] of [
				[360, 640],
				[820, 1180]
			]) {
				const page = await founder(browser, `shot${width}`, { width, height, dark, french });
				const lang = french ? 'fr' : 'en';
				await page
					.getByRole('textbox')
					.first()
					.fill(french ? 'Club du jeudi' : 'Thursday club');
				await page
					.getByRole('button', { name: french ? 'Créer un groupe' : 'Create a group' })
					.click();
				await expect(page.getByTestId('group-card')).toBeVisible();
				await expect(page.getByTestId('group-state')).toContainText(
					french ? 'À jour' : 'Up to date',
					{
						timeout: 20_000
					}
				);
				const shot = `${dir}/group-${width}-${dark ? 'dark' : 'light'}-${lang}.png`;
				await page.screenshot({ path: shot, fullPage: true });
				const axe = await new AxeBuilder({ page }).include('main').analyze();
				expect(axe.violations).toEqual([]);
				await page.context().close();
			}
		}
	}
});
