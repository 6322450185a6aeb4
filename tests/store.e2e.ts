import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';

// One writer per match (docs/architecture.md): what its store keeps and follows, as a table
// sees it.

const TEAL = 'rgb(0, 114, 124)';

async function revealAndTake(page: Page, card: number) {
	await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
	await expect(page.getByTestId('face-up')).toHaveText(String(card));
	await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
	await expect(page.getByTestId('face-up')).toHaveCount(0);
}

test('a note saved while an edit of the past is open leaves the edit open', async ({ page }) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Reveal 17', exact: true }).click(); // really 18
	await page.getByRole('button', { name: /^Take 17/ }).click();
	await page.getByText('Log (2)').click();
	await page.getByRole('button', { name: 'Fix action 1: Ana revealed 17' }).click();
	await page.getByRole('button', { name: 'Change it' }).click();
	await expect(page.getByTestId('editing')).toContainText('Changing action 1: Ana revealed 17.');

	const notes = page.getByTestId('match-notes');
	await notes.getByText('Notes & time played').click();
	await notes.getByLabel('Note on this match (where, what happened)').fill('At Léa’s');
	await notes.getByRole('button', { name: 'Save the note' }).click();
	await expect(notes.getByRole('status')).toHaveText('Note saved.');
	// the edit is still open: the table as it was before action 1, and the fix goes in
	await expect(page.getByTestId('editing')).toContainText('Changing action 1: Ana revealed 17.');
	await page.getByRole('button', { name: 'Reveal 18', exact: true }).click();
	await expect(page.getByTestId('edited')).toBeVisible();
	await expect(page.getByTestId('log')).toContainText('Ana took 18');
});

test('undo says what it took back, in the news line', async ({ page }) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await revealAndTake(page, 17);
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(page.getByTestId('news-line')).toHaveText('Undone: Ana took 17 with 0 chips');
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(page.getByTestId('news-line')).toHaveText('Undone: Ana revealed 17');
	await page.getByRole('button', { name: 'Redo' }).click();
	await expect(page.getByTestId('news-line')).not.toContainText('Undone');
});

test.describe('in French', () => {
	test.use({ locale: 'fr-FR' });
	test('l’annulation dit ce qu’elle a annulé', async ({ page }) => {
		await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo'], { french: true });
		await page.getByRole('button', { name: 'Retourner le 17', exact: true }).click();
		await expect(page.getByTestId('face-up')).toHaveText('17');
		await page.getByRole('button', { name: /^↶ Annuler$|^Annuler$/ }).click();
		await expect(page.getByTestId('news-line')).toHaveText(/^Annulé\u202f: Ana a retourné le 17/);
	});
});

test('a colour chosen in another tab shows on the open match without a reload', async ({
	page,
	context
}) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	const dot = page.locator('[data-testid="player-0"] .seat-mark .dot');
	await expect(dot).toHaveCount(0);

	const other = await context.newPage();
	await other.goto('/players');
	await other.getByTestId('roster').getByRole('link', { name: /^Ana / }).click();
	await other.getByRole('group', { name: 'Colour' }).getByRole('radio', { name: 'Teal' }).check();
	await expect(other.getByTestId('player-message')).toHaveText("Ana's colour: Teal.");

	await expect(dot).toHaveCount(1);
	expect(await dot.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(TEAL);
});

test('an entry that could not be saved is still offered after a reload, until dealt with', async ({
	context
}) => {
	const one = await context.newPage();
	const url = await startMatch(one, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await one.getByRole('button', { name: 'Reveal 17', exact: true }).click();
	await expect(one.getByTestId('face-up')).toHaveText('17');

	// the second tab does not hear the first one's writes: its tap races the first tab's
	const two = await context.newPage();
	await two.addInitScript(() =>
		Object.defineProperty(window, 'BroadcastChannel', { value: undefined })
	);
	await two.goto(url);
	await expect(two.getByTestId('face-up')).toHaveText('17');
	await one.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	await expect(one.getByTestId('pot')).toHaveText('1 chip on it');
	await two.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	await expect(two.getByTestId('unsaved')).toContainText('Not saved: Ana passed on 17');

	await two.reload();
	const unsaved = two.getByTestId('unsaved');
	await expect(unsaved).toContainText('Not saved: Ana passed on 17');
	await unsaved.getByRole('button', { name: 'Discard' }).click();
	await expect(unsaved).toHaveCount(0);
	await two.reload();
	await expect(two.getByTestId('pot')).toHaveText('1 chip on it');
	await expect(two.getByTestId('unsaved')).toHaveCount(0);
});
