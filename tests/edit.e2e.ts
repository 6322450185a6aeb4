import { expect, test } from '@playwright/test';
import { startMatch } from './helpers';

test('edit the past: remove a mistaken action and the rules replay the rest', async ({ page }) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Reveal 17', exact: true }).click();
	await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click(); // entered by mistake
	await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	await page.getByRole('button', { name: /^Take 17/ }).click();
	await page.getByRole('button', { name: 'Reveal 30', exact: true }).click();
	await expect(page.getByTestId('chips-2')).toHaveText('13');

	await page.getByText('Log (5)').click();
	// a removal whose rest no longer fits is refused, and says which action and why
	await page.getByRole('button', { name: 'Remove action 4: Cleo took 17 with 2 chips' }).click();
	await page.getByRole('button', { name: 'Remove it' }).click();
	await expect(page.getByTestId('log-message')).toHaveText(
		'Nothing changed: without it, action 5 (Ana revealed 30) breaks the rules: Card 17 is still face up: take it or pass first.'
	);
	await expect(page.getByText('Log (5)')).toBeVisible();

	await page.getByRole('button', { name: 'Remove action 2: Ana passed on 17' }).click();
	await page.getByRole('button', { name: 'Remove it' }).click();
	await expect(page.getByTestId('log-message')).toHaveText(
		'Removed: Ana passed on 17. The rest of the match was replayed.'
	);
	// Ben's pass is now Ana's, Cleo's take is Ben's; Cleo reveals 30
	await expect(page.getByTestId('chips-0')).toHaveText('10');
	await expect(page.getByTestId('chips-1')).toHaveText('12');
	await expect(page.getByTestId('chips-2')).toHaveText('11');
	await expect(page.getByTestId('turn')).toContainText('Cleo: take it or pass?');
	await page.reload();
	await expect(page.getByTestId('chips-1')).toHaveText('12');
	await expect(page.getByText('Log (4)')).toBeVisible();
});
