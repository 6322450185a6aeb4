import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';

/** Today as an en-GB phone writes it (the Playwright device is en-GB): 22/11/2026. */
function todayGB(): string {
	const now = new Date();
	const two = (value: number) => String(value).padStart(2, '0');
	return `${two(now.getDate())}/${two(now.getMonth() + 1)}/${now.getFullYear()}`;
}

/** Opens the match's "Delete or abandon…" choices (left as they are when open already). */
async function openManage(page: Page) {
	const toggle = page.getByRole('button', { name: 'Delete or abandon…' });
	if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
	await expect(toggle).toHaveAttribute('aria-expanded', 'true');
}

async function deleteMatch(page: Page) {
	await openManage(page);
	await page.getByRole('button', { name: 'Delete this match…' }).click();
	const ask = page.getByRole('group', { name: 'Delete this match and everything entered in it?' });
	await expect(ask).toBeVisible();
	await ask.getByRole('button', { name: 'Yes, delete the match' }).click();
	await expect(page).toHaveURL(/\/history$/);
}

/** A statistic's value in a game's table on a player's page. */
function stat(page: Page, game: string, label: string) {
	return page
		.getByTestId(`stats-${game}`)
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
		.getByRole('cell');
}

test('a match deleted (asked first, Undo brings it back) or abandoned (kept, out of the rest)', async ({
	page
}) => {
	test.setTimeout(120_000);
	const history = page.getByTestId('history');

	await test.step('delete: asked first; "Keep it" keeps it', async () => {
		await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
		await page.getByRole('button', { name: 'Reveal 20', exact: true }).click();
		await expect(page.getByTestId('face-up')).toContainText('20');
		await openManage(page);
		await page.getByRole('button', { name: 'Delete this match…' }).click();
		await page.getByRole('button', { name: 'Keep it' }).click();
		await expect(page.getByRole('button', { name: 'Delete this match…' })).toBeFocused();
		await expect(page).toHaveURL(/\/match\//);
	});

	await test.step('delete, then Undo: the match is back with what was entered', async () => {
		await deleteMatch(page);
		const deleted = page.getByTestId('deleted');
		await expect(deleted).toContainText("Match deleted: I'll Pass, Ana, Ben, Cleo.");
		await expect(page.getByText('No match saved yet.')).toBeVisible();
		await deleted.getByRole('button', { name: 'Undo: bring the deleted match back' }).click();
		await expect(deleted).toBeEmpty();
		await expect(history.getByRole('link')).toHaveCount(1);
		await expect(history).toContainText('Ana, Ben, Cleo');
		await history.getByRole('link').click();
		await expect(page.getByTestId('face-up')).toContainText('20');
	});

	await test.step('delete again: gone from home and history', async () => {
		await deleteMatch(page);
		await expect(page.getByText('No match saved yet.')).toBeVisible();
		await expect(history.getByRole('link')).toHaveCount(0);
		await page.goto('/');
		await expect(page.getByRole('heading', { name: 'New match' })).toBeVisible();
		await expect(page.getByRole('heading', { name: 'Continue a match' })).toHaveCount(0);
	});

	await test.step('abandon: kept in history, marked; not under "Continue a match"', async () => {
		await startMatch(page, "I'll Pass", ['Ana', 'Dina', 'Eve']);
		await page.getByRole('button', { name: 'Reveal 12', exact: true }).click();
		await expect(page.getByTestId('face-up')).toContainText('12');
		await openManage(page);
		await page.getByRole('button', { name: 'Abandon this match' }).click();
		await expect(page.getByTestId('abandoned')).toContainText(
			`Abandoned on ${todayGB()}: it counts in no statistic.`
		);
		await expect(page.getByRole('button', { name: 'Abandon this match' })).toHaveCount(0);

		await page.goto('/');
		await expect(page.getByRole('heading', { name: 'New match' })).toBeVisible();
		await expect(page.getByRole('heading', { name: 'Continue a match' })).toHaveCount(0);
		await page.goto('/history');
		await expect(history.getByRole('link')).toHaveCount(1);
		await expect(history.getByRole('link')).toContainText('Ana, Dina, Eve');
		await expect(history.getByTestId('history-abandoned')).toHaveText('abandoned');
	});

	await test.step("a player's statistics count it as abandoned, not as unfinished", async () => {
		await page.goto('/players');
		await page
			.getByTestId('roster')
			.getByRole('link', { name: /^Dina / })
			.click();
		await expect(page.getByTestId('player-name')).toHaveText('Dina');
		await expect(stat(page, 'ill-pass', 'Unfinished matches')).toHaveText('0');
		await expect(stat(page, 'ill-pass', 'Abandoned matches')).toHaveText('1');
	});

	await test.step('reopened, it says it was abandoned; Resume puts it back to continue', async () => {
		await page.goto('/history');
		await history.getByRole('link').click();
		await expect(page.getByTestId('face-up')).toContainText('12');
		await page.getByRole('button', { name: 'Resume this match' }).click();
		await expect(page.getByTestId('abandoned')).toHaveCount(0);
		await page.goto('/');
		const continuing = page.getByRole('region', { name: 'Continue a match' });
		await expect(continuing.getByRole('link')).toHaveCount(1);
		await expect(continuing).toContainText('Ana, Dina, Eve');
	});
});

test.describe('dates follow the device', () => {
	test.use({ locale: 'en-GB' });

	test('the app in French on an en-GB phone: history and home read 22/11/2026', async ({
		page
	}) => {
		await page.addInitScript(() => localStorage.setItem('PARAGLIDE_LOCALE', 'fr'));
		await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo'], { french: true });
		await page.goto('/history');
		await expect(page.getByRole('heading', { name: 'Historique', level: 1 })).toBeVisible();
		await expect(page.getByTestId('history')).toContainText(`${todayGB()}, `);
		await page.goto('/');
		await expect(page.getByRole('heading', { name: 'Reprendre une partie' })).toBeVisible();
		await expect(page.getByText(`Jouée le ${todayGB()}, `)).toBeVisible();
	});
});
