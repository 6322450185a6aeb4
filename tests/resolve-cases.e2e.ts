import { expect, test, type Page } from '@playwright/test';
import { smallPhone, Thumb } from './reach';
import { axe } from './axe';

// /resolve answers every case of the rulings, at 360x640 in English and French, every tap in
// reach: a dominoes end is a number or a double (docs/rulings.md, Pass-Pass 1-2, 5), or the
// line is empty (the deal's first tile).

const answer = (page: Page) => page.getByTestId('resolve-answer');

for (const lang of ['en', 'fr'] as const) {
	test.describe(`resolve, every case, 360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });

		test(`Pass-Pass: an end that is a double counts both halves; equal ends are two numbers or the lone double (${lang})`, async ({
			page
		}) => {
			await page.goto('/resolve?game=dominoes');
			const thumb = new Thumb(page);
			const spot = (row: string, number: number) =>
				thumb.tap(page.locator(`[data-spot="${row}-${number}"]`), `${row} ${number}`);
			const double = (end: 'left' | 'right') =>
				thumb.tap(page.locator(`[data-double="${end}"]`), `${end} double`);
			const says = (en: string, fr: string) =>
				expect(answer(page)).toContainText(lang === 'fr' ? fr : en);

			// ends 3 and 1, tile 1-4: 3+4 = 7, skipped
			await spot('left', 3);
			await spot('right', 1);
			await spot('low', 1);
			await spot('high', 4);
			await says('sum 7, Player 2 is skipped', 'somme 7, Joueur 2 passe son tour');
			// the answer shows under the tile without a scroll
			await expect(answer(page)).toBeInViewport({ ratio: 0.5 });
			// the 3 is a [3-3]: 3+3+4 = 10, plays again
			await double('left');
			await expect(page.locator('[data-double="left"]')).toBeChecked();
			await says('sum 10, Player 1 plays again', 'somme 10, Joueur 1 rejoue');

			// ends 5 and 5, two numbers, tile 0-5: 0+5 = 5 at either end
			await double('left');
			await spot('left', 5);
			await spot('right', 5);
			await spot('low', 0);
			await spot('high', 5);
			await expect(answer(page).getByText(lang === 'fr' ? 'somme 5' : 'sum 5')).toHaveCount(2);
			// a lone [5-5]: 0+5+5 = 10
			await double('left');
			await double('right');
			await expect(answer(page).getByText(lang === 'fr' ? 'somme 10' : 'sum 10')).toHaveCount(2);

			// the deal's first tile: a lone [2-5] sums 7
			await thumb.tap(page.locator('[data-first]'), 'first tile');
			await expect(page.locator('[data-spot="left-5"]')).toBeDisabled();
			await spot('low', 2);
			await says(
				'First tile: sum 7, Player 2 is skipped, Player 3 plays',
				'Premier domino\u202f: somme 7, Joueur 2 passe son tour, Joueur 3 joue'
			);
			expect(thumb.misses).toEqual([]);
		});

		test(`Pass-Pass: a tile that fits both ends shows both answers whole without a scroll (${lang})`, async ({
			page
		}) => {
			await page.goto('/resolve?game=dominoes');
			const thumb = new Thumb(page);
			for (const spot of ['left-5', 'right-5', 'low-0', 'high-5']) {
				await thumb.tap(page.locator(`[data-spot="${spot}"]`), spot);
			}
			await expect(answer(page).getByText(lang === 'fr' ? 'somme 5' : 'sum 5')).toHaveCount(2);
			await expect(answer(page)).toBeInViewport({ ratio: 1 });
			// the tile's halves stay in reach to ask about the next tile
			await thumb.tap(page.locator('[data-spot="low-1"]'), 'low 1');
			await expect(answer(page)).toContainText(lang === 'fr' ? 'somme 6' : 'sum 6');
			expect(thumb.misses).toEqual([]);
		});
	});
}

for (const lang of ['en', 'fr'] as const) {
	test.describe(`resolve, the other games, 360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });

		test(`home's way to /resolve names all four games (${lang})`, async ({ page }) => {
			await page.goto('/');
			const link = page.getByRole('link', {
				name:
					lang === 'fr'
						? 'Régler un litige, dans les quatre jeux'
						: 'Settle a dispute, in any of the four games'
			});
			await link.click();
			await expect(page).toHaveURL(/\/resolve$/);
		});

		test(`PASS: a ×2 face counts as two cards; Start again clears both sets (${lang})`, async ({
			page
		}) => {
			await page.goto('/resolve?game=climbing');
			const thumb = new Thumb(page);
			const face = (rank: string, doubled = false) =>
				thumb.entry('face', async () => {
					if (doubled) await thumb.tap(page.locator('[data-double]'), '×2');
					await thumb.tap(page.locator(`[data-rank="${rank}"]`), rank);
				});
			// a [99] face on the table is a pair of 9s; a [1010] face beats it
			await face('9', true);
			await expect(page.locator('[data-faces="table"]')).toHaveText('99');
			await thumb.tap(page.locator('[data-which="yours"]'), 'yours');
			await face('10', true);
			await expect(page.locator('[data-faces="yours"]')).toHaveText('1010');
			await expect(answer(page)).toContainText(lang === 'fr' ? 'Elle bat' : 'It beats');
			// a single 10 does not beat a pair: remove the last card, enter a plain 10
			await thumb.tap(page.locator('[data-remove]'), 'remove');
			await face('10');
			await expect(answer(page)).not.toContainText(lang === 'fr' ? 'Elle bat' : 'It beats');
			// Start again: the table's set too, and the table's set is entered next
			await thumb.tap(page.locator('[data-clear]'), 'start again');
			await expect(page.locator('[data-faces="table"]')).toHaveText('–');
			await expect(page.locator('[data-faces="yours"]')).toHaveText('–');
			await expect(page.locator('[data-which="table"]')).toHaveAttribute('aria-pressed', 'true');
			expect(thumb.misses).toEqual([]);
			// tokens beside the table's set: 0 to 9, a negative number said, never priced
			const beside = page.locator('[data-beside]');
			await expect(beside).toHaveAttribute('placeholder', lang === 'fr' ? '0 à 9' : '0–9');
			await beside.fill('-1');
			await expect(page.getByTestId('resolve-refusal')).toContainText(
				lang === 'fr' ? 'un nombre entier de 0 à 9' : 'a whole number from 0 to 9'
			);
			await beside.fill('2');
			await expect(page.getByTestId('resolve-refusal')).toHaveCount(0);
		});

		test(`I'll Pass: chips outside 0..55 are refused with the reason, never taken for 0 (${lang})`, async ({
			page
		}) => {
			await page.goto('/resolve?game=ill-pass');
			const chips = page.locator('[data-chips]');
			await expect(chips).toHaveAttribute('placeholder', lang === 'fr' ? '0 à 55' : '0–55');
			for (const card of [3, 4]) await page.locator(`[data-card="${card}"]`).click();
			const refusal = page.getByTestId('resolve-refusal');
			await chips.fill('70');
			await expect(refusal).toHaveText(
				lang === 'fr'
					? "70 jetons restants, c'est impossible\u202f: un nombre entier de 0 à 55 (11 par joueur, 5 joueurs au plus)."
					: '70 chips left is impossible: a whole number from 0 to 55 (11 each, 5 players at most).'
			);
			await expect(page.getByTestId('resolve-score')).toHaveCount(0);
			await chips.fill('-2');
			await expect(refusal).toContainText(lang === 'fr' ? '-2 jetons restants' : '-2 chips left');
			await expect(page.getByTestId('resolve-score')).toHaveCount(0);
			// 3-4 counts 3, minus 4 chips
			await chips.fill('4');
			await expect(refusal).toHaveCount(0);
			await expect(page.getByTestId('resolve-score')).toContainText(
				lang === 'fr' ? 'Score\u202f: -1' : 'Score: -1'
			);
		});
	});
}

test.describe('resolve, accessibility', () => {
	test.use({ ...smallPhone });

	test('0 axe violations on each resolver, with a double ticked and refusals shown', async ({
		page
	}) => {
		const judge = async () => {
			const { violations } = await axe(page).analyze();
			expect(violations.map((one) => `${one.id}: ${one.nodes.map((node) => node.target)}`)).toEqual(
				[]
			);
		};
		await page.goto('/resolve?game=dominoes');
		await page.locator('[data-spot="left-3"]').click();
		await page.locator('[data-double="left"]').check();
		await page.locator('[data-spot="right-1"]').click();
		await page.locator('[data-spot="low-1"]').click();
		await page.locator('[data-spot="high-4"]').click();
		await expect(answer(page)).toContainText('sum 10');
		await judge();
		await page.goto('/resolve?game=climbing');
		await page.locator('[data-double]').click();
		await page.locator('[data-rank="9"]').click();
		await page.locator('[data-beside]').fill('-1');
		await expect(page.getByTestId('resolve-refusal')).toBeVisible();
		await judge();
		await page.goto('/resolve?game=ill-pass');
		await page.locator('[data-chips]').fill('70');
		await expect(page.getByTestId('resolve-refusal')).toBeVisible();
		await judge();
	});
});
