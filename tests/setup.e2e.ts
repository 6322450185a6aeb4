import { expect, test } from '@playwright/test';
import { gameLink } from './helpers';

test('setup fits the game: seats and player counts', async ({ page }) => {
	await page.goto('/');
	// "4 players", never "4–4"
	await expect(gameLink(page, 'Play Pass-Pass')).toContainText('4 players');
	await expect(gameLink(page, 'Play Pass-Pass')).not.toContainText('–');
	await expect(gameLink(page, 'Play Pass Pass')).toContainText('3–6 players');

	// Pass Pass: 3 seats, and none can be removed below 3
	await gameLink(page, 'Play Pass Pass').click();
	const seats = page.getByLabel(/Name of the player in seat/);
	await expect(seats).toHaveCount(3);
	const remove = page.getByRole('button', { name: /^Remove/ });
	for (const index of [0, 1, 2]) await expect(remove.nth(index)).toBeDisabled();
	await page.getByRole('button', { name: 'Add a player' }).click();
	await expect(remove.first()).toBeEnabled();

	// Pass-Pass (dominoes) is played by 4: picking it opens a fourth seat when there are 3
	await page.goto('/new?game=ill-pass');
	await expect(seats).toHaveCount(3);
	await page.getByRole('radio', { name: 'Pass-Pass' }).check();
	await expect(seats).toHaveCount(4);
});

test('an unknown address says so, in the players\u2019 language', async ({ page }) => {
	await page.goto('/nowhere/at/all');
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
	await page.getByRole('link', { name: 'Back to the home page' }).click();
	await expect(page).toHaveURL(/\/$/);
});

test.describe('in French', () => {
	test.use({ locale: 'fr-FR' });

	test('page introuvable, and "4 joueurs"', async ({ page }) => {
		await page.goto('/');
		await expect(gameLink(page, 'Jouer à Pass-Pass')).toContainText('4 joueurs');
		await page.goto('/nowhere');
		await expect(page.getByRole('heading', { name: 'Page introuvable' })).toBeVisible();
		await expect(page.getByRole('link', { name: "Retour à l'accueil" })).toBeVisible();
	});
});
