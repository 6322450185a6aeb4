import { expect, test } from '@playwright/test';
import { gameLink, playIllPass, startMatch } from './helpers';
import { logged } from './reach';

// The score pad's work in progress, and the taps the app can spare.

test('the new-match refusal follows the names: filled in, "Every seat needs a name." goes', async ({
	page
}) => {
	await page.goto('/');
	await gameLink(page, "Play I'll Pass").click();
	const start = page.getByRole('button', { name: 'Start the match' });
	await expect(start).toBeEnabled();
	await start.click();
	const refusal = page.getByRole('alert');
	await expect(refusal).toHaveText('Every seat needs a name.');
	const seats = page.getByLabel(/Name of the player in seat/);
	await seats.nth(0).fill('Ana');
	await seats.nth(1).fill('Ben');
	await expect(refusal).toHaveText('Every seat needs a name.');
	await seats.nth(2).fill('Cleo');
	await expect(refusal).toHaveCount(0);
	// a name cleared again is refused again, without a second tap on Start
	await seats.nth(2).fill('');
	await expect(refusal).toHaveText('Every seat needs a name.');
});

test("I'll Pass: a second Pass too quick to be a person's says so on the news line", async ({
	page
}) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await playIllPass(page, [20]);
	// the page's time stands still for the two taps: the second lands within the double-tap
	// guard (300 ms) however long this busy machine takes to save the first
	await page.evaluate(() => {
		const real = performance.now.bind(performance);
		const still = real();
		performance.now = () => still;
		Object.assign(window, { timeFlows: () => (performance.now = real) });
	});
	const pass = page.getByRole('button', { name: 'Pass: pay 1 chip' });
	await pass.click();
	await expect(page.getByTestId('pot')).toHaveText('1 chip on it');
	// the same finger landing again on Pass: dropped, and the table is told
	await pass.click();
	await expect(page.getByTestId('pot')).toHaveText('1 chip on it');
	await expect(page.getByTestId('refusal')).toHaveText(
		'Two taps this close on one button count as one: tap again to enter it once more.'
	);
	// a person's next Pass, a moment later, is Ben's
	await page.evaluate(() => (window as unknown as { timeFlows(): void }).timeFlows());
	await playIllPass(page, ['pass']);
	await expect(page.getByTestId('refusal')).toHaveCount(0);
	await expect(page.getByTestId('pot')).toHaveText('2 chips on it');
});

test('Pass Pass: "Diamonds remembered on this device" follows the cards as they are entered', async ({
	page
}) => {
	await startMatch(page, 'Pass Pass', ['Ana', 'Ben', 'Cleo']);
	await page.getByText('Diamonds remembered on this device').click();
	const remembered = page.getByTestId('diamonds-editor');
	await expect(remembered).toHaveText("No card's diamonds entered yet.");
	// a card goes down without its diamonds: they are asked once it is won (Pass Pass 9)
	await page.getByRole('button', { name: /^Play Purple 10 \(/ }).click();
	await expect(page.getByTestId('whose')).toHaveText('Ben plays a card');
	await expect(remembered).toHaveText("No card's diamonds entered yet.");
	await page.getByRole('button', { name: /^Play Blue 3 \(/ }).click();
	await page.getByRole('button', { name: /^Play Green 4 \(/ }).click();
	// Ana takes her Purple 10; Cleo's take of the two left follows at once: three cards won
	await page.getByRole('button', { name: 'Take Purple 10, played by Ana' }).click();
	await page.getByRole('button', { name: 'Purple 10, diamonds: 2' }).click();
	await page.getByRole('button', { name: 'Blue 3, diamonds: 0' }).click();
	await page.getByRole('button', { name: 'Green 4, diamonds: 1' }).click();
	await expect(page.getByTestId('whose')).toHaveText('Cleo plays a card');
	await expect(remembered.getByRole('combobox', { name: 'Purple 10' })).toHaveValue('2');
	await expect(remembered.getByRole('combobox', { name: 'Green 4' })).toHaveValue('1');
});

test("PASS finished on the score pad: the outcome and the sheet, none of the referee's leftovers", async ({
	page
}) => {
	await startMatch(page, 'PASS', ['Ana', 'Ben', 'Cleo'], {
		setup: (page) => page.getByRole('radio', { name: /^Score pad: enter/ }).check()
	});
	// basic: Ana wins three games, three crowns
	for (const game of [1, 2, 3]) {
		await page.locator('[data-winner="0"]').click();
		await page.locator('[data-tally]').click();
		await logged(page, game);
	}
	await expect(page.getByTestId('outcome')).toBeVisible();
	await expect(page.getByTestId('score-sheet').locator('tfoot td')).toHaveText(['3', '0', '0']);
	// what the pad never entered is not shown: no supply, no tokens, no "Game 4 · Round 1"
	await expect(page.getByTestId('supply')).toHaveCount(0);
	await expect(page.getByTestId('tokens-0')).toHaveCount(0);
	await expect(page.getByTestId('status')).toHaveCount(0);
});

test("I'll Pass score pad: what was typed survives History and a reload until it is entered", async ({
	page
}) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo'], {
		setup: (page) => page.getByRole('radio', { name: /^Score pad: enter/ }).check()
	});
	const match = page.url();
	// Ana's 5, 6 and 20 with 4 chips, then Ben's 9: the game is not entered yet
	for (const card of [5, 6, 20]) await page.locator(`[data-card="${card}"]`).click();
	await page.locator('[data-chips="0"]').fill('4');
	await page.locator('[data-seat="1"]').click();
	await page.locator('[data-card="9"]').click();
	const typed = async () => {
		await expect(page.getByTestId('pad-count')).toHaveText('4 of 24 cards');
		await page.locator('[data-seat="0"]').click();
		await expect(page.locator('[data-card="20"]')).toHaveAttribute('aria-pressed', 'true');
		await expect(page.locator('[data-chips="0"]')).toHaveValue('4');
		await expect(page.locator('[data-card="9"]')).toBeDisabled(); // Ben's
	};
	await typed();
	await page.getByRole('link', { name: 'History' }).click();
	await expect(page).toHaveURL(/\/history/);
	await page.goBack();
	await expect(page).toHaveURL(match);
	await typed();
	await page.reload();
	await typed();
	// cleared once the table changes its mind: nothing comes back after a reload
	for (const card of [5, 6, 20]) await page.locator(`[data-card="${card}"]`).click();
	await page.locator('[data-chips="0"]').fill('');
	await page.locator('[data-seat="1"]').click();
	await page.locator('[data-card="9"]').click();
	await expect(page.getByTestId('pad-count')).toHaveText('0 of 24 cards');
	await page.reload();
	await expect(page.getByTestId('pad-count')).toHaveText('0 of 24 cards');
});
