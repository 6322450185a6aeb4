import { expect, test } from '@playwright/test';
import { startMatch } from './helpers';

test('export everything, then import it in a fresh profile: the same history comes back', async ({
	page,
	browser
}) => {
	await startMatch(page, "I'll Pass", ['Léa', 'Sam', 'Noor']);
	await page.getByRole('button', { name: 'Reveal 14', exact: true }).click();
	await page.getByRole('button', { name: /^Take 14/ }).click();
	await expect(page.getByTestId('score-0')).toHaveText(String(14 - 11));
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo', 'Dee']);

	await page.goto('/settings');
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export everything' }).click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^passpad-backup-\d{4}-\d{2}-\d{2}\.json$/);
	await expect(page.getByTestId('backup-message')).toHaveText(/Saved 2 matches/);
	const file = await download.path();

	// a new phone: empty storage
	const context = await browser.newContext();
	const fresh = await context.newPage();
	await fresh.goto('/history');
	await expect(fresh.getByText('No match saved yet.')).toBeVisible();
	await fresh.goto('/settings');
	await fresh.getByTestId('import').setInputFiles({
		name: 'not-a-backup.json',
		mimeType: 'application/json',
		buffer: Buffer.from('{"hello":"world"}')
	});
	await expect(fresh.getByTestId('backup-message')).toHaveText(
		'Nothing was imported: the file is not a Passpad backup.'
	);
	await fresh.getByTestId('import').setInputFiles(file);
	await expect(fresh.getByTestId('backup-message')).toHaveText(
		'Imported 2 matches. 7 new players. 0 matches were already here.'
	);
	await fresh.goto('/history');
	const history = fresh.getByTestId('history');
	await expect(history.locator('li')).toHaveCount(2);
	await expect(history).toContainText('Léa, Sam, Noor');
	await expect(history).toContainText('Ana, Ben, Cleo, Dee');
	await history.getByRole('link', { name: /Léa, Sam, Noor/ }).click();
	await expect(fresh.getByTestId('score-0')).toHaveText(String(14 - 11));
	await context.close();
});
