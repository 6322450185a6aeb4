import { devices, expect, test, type Page } from '@playwright/test';

// Install, said plainly. Headless Chromium never fires beforeinstallprompt,
// so the tests fire one as Chromium would: cancelable, with prompt() and userChoice.

/** Fires the browser's install offer; its prompt() counts calls and answers `outcome`. */
async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
	await page.evaluate((outcome) => {
		const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
			prompt: async () => {
				(window as unknown as { prompted: number }).prompted += 1;
			},
			userChoice: Promise.resolve({ outcome, platform: 'web' })
		});
		(window as unknown as { prompted: number }).prompted = 0;
		window.dispatchEvent(event);
		// the app shows its own offer instead of the browser's mini bar
		(window as unknown as { prevented: boolean }).prevented = event.defaultPrevented;
	}, outcome);
}

const prompted = (page: Page) =>
	page.evaluate(() => (window as unknown as { prompted: number }).prompted);

async function home(page: Page) {
	await page.goto('/');
	await expect(page.getByRole('heading', { name: 'New match' })).toBeVisible();
}

test('no offer where the browser offers no install and this is no iPhone', async ({ page }) => {
	await home(page);
	await page.goto('/settings');
	await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
	await expect(page.getByTestId('install-offer')).toHaveCount(0);
});

test('the browser offers to install: the Install button asks it, and once accepted the offer goes', async ({
	page
}) => {
	await home(page);
	await expect(page.getByRole('button', { name: 'Install Passpad' })).toHaveCount(0);
	await offerInstall(page, 'accepted');
	expect(await page.evaluate(() => (window as unknown as { prevented: boolean }).prevented)).toBe(
		true
	);
	const install = page.getByRole('button', { name: 'Install Passpad' });
	await expect(install).toBeVisible();
	// below the main actions
	const box = await install.boundingBox();
	const history = await page.getByRole('link', { name: 'All matches' }).boundingBox();
	expect(box!.y).toBeGreaterThan(history!.y);

	await install.click();
	await expect(install).toHaveCount(0);
	expect(await prompted(page)).toBe(1);
	await expect(page.getByTestId('install-offer')).toHaveCount(0);
});

test('the offer fired on another screen is kept, shown in Settings, and gone once installed', async ({
	page
}) => {
	await page.goto('/rules');
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	await offerInstall(page, 'dismissed'); // before any screen that shows the offer is there
	await page.getByRole('link', { name: 'Settings' }).click();
	const install = page.getByRole('button', { name: 'Install Passpad' });
	await expect(install).toBeVisible();
	await page.getByRole('link', { name: 'Passpad' }).first().click();
	await expect(install).toBeVisible();

	// installed from the browser's own menu: the browser says so, and the offer goes
	await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
	await expect(install).toHaveCount(0);
	await page.getByRole('link', { name: 'Settings' }).click();
	await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
	await expect(page.getByTestId('install-offer')).toHaveCount(0);
	expect(await prompted(page)).toBe(0);
});

test('a dismissed offer cannot be asked again: the button goes until the browser offers anew', async ({
	page
}) => {
	await home(page);
	await offerInstall(page, 'dismissed');
	await page.getByRole('button', { name: 'Install Passpad' }).click();
	await expect(page.getByTestId('install-offer')).toHaveCount(0);
	expect(await prompted(page)).toBe(1);
});

test.describe('on an iPhone', () => {
	test.use({ userAgent: devices['iPhone 13'].userAgent });

	test('says how: Share (the icon described in words), then Add to Home Screen', async ({
		page
	}) => {
		await home(page);
		const steps = page.getByTestId('install-ios');
		await expect(steps).toHaveText(
			'To install Passpad, tap Share (the square with an arrow pointing up), then Add to Home Screen.'
		);
		// the icon itself is a picture for the eyes only; its words are there for screen readers
		await expect(steps.locator('svg')).toHaveAttribute('aria-hidden', 'true');
		await expect(page.getByRole('button', { name: 'Install Passpad' })).toHaveCount(0);
		await page.goto('/settings');
		await expect(page.getByTestId('install-ios')).toBeVisible();
	});
});

test.describe('on an iPhone, in French', () => {
	test.use({ userAgent: devices['iPhone 13'].userAgent, locale: 'fr-FR' });

	test("dit comment : Partager, puis Sur l'écran d'accueil", async ({ page }) => {
		await page.goto('/');
		await expect(page.getByTestId('install-ios')).toHaveText(
			"Pour installer Passpad, touchez Partager (le carré d'où sort une flèche vers le haut), puis Sur l'écran d'accueil."
		);
	});
});

test.describe('on an iPad, which says it is a Mac', () => {
	test.use({
		userAgent:
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15'
	});

	test('a Mac with a touch screen is an iPad: the steps are shown', async ({ page }) => {
		await page.addInitScript(() =>
			Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 5 })
		);
		await home(page);
		await expect(page.getByTestId('install-ios')).toBeVisible();
	});

	test('a Mac without one is not: nothing is offered', async ({ page }) => {
		await page.addInitScript(() =>
			Object.defineProperty(Navigator.prototype, 'maxTouchPoints', { get: () => 0 })
		);
		await home(page);
		await expect(page.getByTestId('install-offer')).toHaveCount(0);
	});
});

test.describe('opened from the home screen of an iPhone', () => {
	test.use({ userAgent: devices['iPhone 13'].userAgent });

	test('already installed: nothing is offered', async ({ page }) => {
		await page.addInitScript(() =>
			Object.defineProperty(Navigator.prototype, 'standalone', { get: () => true })
		);
		await home(page);
		await expect(page.getByTestId('install-offer')).toHaveCount(0);
	});
});
