import { expect, test } from '@playwright/test';
import { seedMatches } from './seed.js';

test('history with 10,000 saved matches opens, pages and filters', async ({ page }) => {
	// the home page only reads (it creates no database): history opens it, as any screen that
	// writes would
	await page.goto('/history');
	await expect(page.getByText('No match saved yet.')).toBeVisible();
	await page.evaluate(seedMatches, 10_000);

	let started = Date.now();
	await page.goto('/history');
	const rows = page.getByTestId('history').locator('li');
	await expect(rows).toHaveCount(50);
	await expect(page.getByRole('status')).toHaveText('10000 matches');
	console.log(`history: first 50 of 10,000 matches shown in ${Date.now() - started} ms`);

	await page.getByRole('button', { name: 'Show more' }).click();
	await expect(rows).toHaveCount(100);

	await page.getByText('Filter').click();
	started = Date.now();
	await page
		.getByTestId('filter-game')
		.selectOption({ label: 'PASS (climbing cards with tokens)' });
	await expect(page.getByRole('status')).toHaveText('2500 matches');
	await expect(rows.first()).toContainText('PASS');
	await page.getByLabel('Player').fill('BEN');
	// seeded PASS matches are every 4th (i % 4 = 3); Ben sits in those with i % 8 = 3
	await expect(page.getByRole('status')).toHaveText('1250 matches');
	console.log(`history: filtered by game and player in ${Date.now() - started} ms`);
	await expect(rows.first()).toContainText('Ben');
	await page.getByRole('button', { name: 'Clear filters' }).click();
	await expect(page.getByRole('status')).toHaveText('10000 matches');

	// the home page lists the 8 newest unfinished of them (every 10th seeded match is one)
	await page.goto('/');
	const unfinished = page.getByRole('region', { name: 'Continue' }).getByRole('link');
	await expect(unfinished).toHaveCount(8);
	await expect(unfinished.first()).toHaveAttribute('href', '/match/seed-0');
	await expect(unfinished.last()).toHaveAttribute('href', '/match/seed-70');
});
