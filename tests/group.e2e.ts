import { expect, test, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { startMatch } from './helpers';
import { startLiveApp } from './live';

// A group's record (docs/group.md): phones as browser contexts against a real nats-server and
// the app served beside it, as `npm run server` does.

let app: Awaited<ReturnType<typeof startLiveApp>>;

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

	const axe = await new AxeBuilder({ page: ana }).include('main').analyze();
	expect(axe.violations).toEqual([]);
});

test('group: screens at 360x640 and 820x1180, light and dark, English and French', async ({
	browser
}) => {
	const dir = '/work/shots/grecord';
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
