import { expect, test } from '@playwright/test';
import { gameLink, startMatch, waitForServiceWorker } from './helpers';

test('installable: manifest linked with icons, service worker active', async ({
	page,
	request
}) => {
	await page.goto('/');
	const href = await page.locator('link[rel="manifest"]').getAttribute('href');
	expect(href).toBe('/manifest.webmanifest');
	const manifest = await (await request.get(href!)).json();
	expect(manifest).toMatchObject({ short_name: 'Passpad', display: 'standalone', start_url: '/' });
	const sizes = manifest.icons.map(
		(icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`
	);
	expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
	await waitForServiceWorker(page);
});

test('offline after one visit: reload, open a deep link, and play a game', async ({
	page,
	context
}) => {
	await page.goto('/');
	await waitForServiceWorker(page);
	await context.setOffline(true);
	await page.reload();
	await expect(page.getByRole('heading', { name: 'Passpad' })).toBeVisible();
	await page.goto('/rules/ill-pass');
	await expect(page.getByRole('heading', { name: "I'll Pass" })).toBeVisible();
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Reveal 9', exact: true }).click();
	await page.getByRole('button', { name: /^Take 9/ }).click();
	await expect(page.getByTestId('score-0')).toHaveText(String(9 - 11));
	await page.reload();
	await expect(page.getByTestId('score-0')).toHaveText(String(9 - 11));
});

test.describe('in French', () => {
	test.use({ locale: 'fr-FR' });

	test('the language follows the browser, sets <html lang>, and can be switched back', async ({
		page
	}) => {
		await page.goto('/');
		await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
		await expect(page.getByRole('heading', { name: 'Nouvelle partie' })).toBeVisible();
		await gameLink(page, "Jouer à I'll Pass").click();
		await expect(page.getByRole('button', { name: 'Commencer la partie' })).toBeVisible();
		await page.getByRole('link', { name: 'Réglages' }).click();
		await page.getByTestId('language').selectOption('en');
		await expect(page.locator('html')).toHaveAttribute('lang', 'en');
		await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
		await page.reload();
		await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
	});
});

test('dark theme can be chosen and is remembered', async ({ page }) => {
	await page.goto('/settings');
	await page.getByRole('radio', { name: 'Dark' }).check();
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	await page.reload();
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	const background = await page.evaluate(
		() => getComputedStyle(document.documentElement).backgroundColor
	);
	expect(background).toBe('rgb(17, 18, 22)');
});

test('names with markup are shown as text, never run', async ({ page }) => {
	await startMatch(page, "I'll Pass", ['<img src=x onerror=alert(1)>', 'Ben', '<b>Cleo</b>']);
	await expect(page.getByTestId('player-0')).toContainText('<img src=x onerror=alert(1)>');
	await expect(page.locator('main img')).toHaveCount(0);
	await expect(page.locator('main b', { hasText: 'Cleo' })).toHaveCount(0);
});
