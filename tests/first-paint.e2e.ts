import { expect, test, type Page } from '@playwright/test';

// The home page is prerendered, so its text paints before any of the app's scripts
// has run; src/app.html's inline script chooses the theme and the language before that first
// paint. Here the app's scripts are held back, so what is seen is the first paint alone.

const TAGLINE_EN = 'Score pad and referee for four games called Pass';

/** Holds back every script of the app: only the HTML (and its one inline script) runs. */
async function withoutTheApp(page: Page): Promise<void> {
	await page.route('**/_app/**/*.js', (route) => route.abort());
}

test('the home page paints its heading and tagline before any of the app’s scripts has run', async ({
	page
}) => {
	await withoutTheApp(page);
	await page.goto('/');
	await expect(page.getByRole('heading', { name: 'Passpad' })).toBeVisible();
	await expect(page.getByText(TAGLINE_EN)).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a dark theme chosen earlier is the first paint’s, before the app starts', async ({
	page
}) => {
	await page.addInitScript(() => localStorage.setItem('passpad-theme', 'dark'));
	await withoutTheApp(page);
	await page.goto('/');
	await expect(page.getByText(TAGLINE_EN)).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	const background = await page.evaluate(
		() => getComputedStyle(document.documentElement).backgroundColor
	);
	expect(background).toBe('rgb(17, 18, 22)');
});

test('a language chosen earlier (French, in an English browser) never shows English first', async ({
	page
}) => {
	await page.addInitScript(() => localStorage.setItem('PARAGLIDE_LOCALE', 'fr'));
	await withoutTheApp(page);
	await page.goto('/');
	await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
	// the page is in the DOM, written in English, and unpainted until the app redraws it
	await expect(page.getByText(TAGLINE_EN)).toBeAttached();
	await expect(page.getByText(TAGLINE_EN)).toBeHidden();
	await expect(page.getByRole('heading', { name: 'Passpad' })).toBeHidden();
});

test.describe('in a French browser', () => {
	test.use({ locale: 'fr-FR' });

	test('the first paint is never English, and the app then shows the page in French', async ({
		page
	}) => {
		await withoutTheApp(page);
		await page.goto('/');
		await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
		await expect(page.getByText(TAGLINE_EN)).toBeHidden();

		await page.unrouteAll();
		// every frame from the start: the English tagline is never drawn
		await page.addInitScript(() => {
			const seen: string[] = [];
			(window as unknown as { seen: string[] }).seen = seen;
			const look = () => {
				const tagline = document.querySelector('main p');
				if (tagline && getComputedStyle(document.documentElement).visibility !== 'hidden') {
					seen.push(tagline.textContent ?? '');
				}
				requestAnimationFrame(look);
			};
			requestAnimationFrame(look);
		});
		await page.reload();
		await expect(page.getByRole('heading', { name: 'Nouvelle partie' })).toBeVisible();
		const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
		expect(seen.length).toBeGreaterThan(0);
		expect(seen.filter((text) => text === TAGLINE_EN)).toEqual([]);
	});
});

test('a deep link gets the app’s shell, never the home page', async ({ page, request }) => {
	for (const path of ['/match/abc', '/history', '/settings']) {
		const html = await request.get(path).then((response) => response.text());
		expect(html, path).not.toContain(TAGLINE_EN);
	}
	await page.goto('/history');
	await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
	await expect(page.getByText(TAGLINE_EN)).toHaveCount(0);
});
