import { expect, test, type Page } from '@playwright/test';
import { nextPress } from './helpers';
import { smallPhone, Thumb } from './reach';

// Settle a dispute in any game without a match (/resolve): each game's question answered by its
// own rules, at 360x640 in English and French, every tap in reach and counted.

async function open(page: Page, game: string, lang: 'en' | 'fr') {
	await page.goto(`/resolve?game=${game}`);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(
		lang === 'fr' ? 'Régler un litige' : 'Settle a dispute'
	);
	await expect(page.locator(`[data-game="${game}"]`)).toHaveAttribute('aria-current', 'page');
}

const answer = (page: Page) => page.getByTestId('resolve-answer');

for (const lang of ['en', 'fr'] as const) {
	test.describe(`resolve, 360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });

		test(`Pass Pass: the table sizes come from the rules, a 3-player trick is resolved (${lang})`, async ({
			page
		}) => {
			await open(page, 'pass-pass', lang);
			const counts = page.getByRole('group', { name: lang === 'fr' ? 'Joueurs' : 'Players' });
			await expect(counts.getByRole('button')).toHaveText(['3', '4', '5', '6']);
			const thumb = new Thumb(page);
			await thumb.tap(counts.getByRole('button', { name: '3' }), '3 players');
			for (const [color, value] of [
				['purple', 9],
				['blue', 4],
				['purple', 2]
			] as const) {
				await thumb.tap(page.locator(`button.color[data-color="${color}"]`), color);
				await thumb.tap(page.locator(`.values [data-value="${value}"]`), `${color} ${value}`);
			}
			await expect(
				page.getByRole('heading', { name: lang === 'fr' ? 'Qui prend quoi' : 'Who takes what' })
			).toBeVisible();
			console.log(thumb.report(`resolve pass-pass ${lang}`));
		});

		test(`Pass-Pass: a tile's fit, bonus turn and skip (${lang})`, async ({ page }) => {
			await open(page, 'dominoes', lang);
			const thumb = new Thumb(page);
			const ask = async (left: number, right: number, low: number, high: number) =>
				thumb.entry('question', async () => {
					for (const [row, number] of [
						['left', left],
						['right', right],
						['low', low],
						['high', high]
					] as const)
						await thumb.tap(page.locator(`[data-spot="${row}-${number}"]`), `${row} ${number}`);
				});
			// 2-5 against the 5: the ends make 2 and 3, sum 5, a bonus turn
			await ask(5, 3, 2, 5);
			await expect(answer(page)).toContainText(
				lang === 'fr' ? 'Joueur 1 rejoue' : 'sum 5, Player 1 plays again'
			);
			// 2-3 against the 3: ends 5 and 2, sum 7, the next player is skipped
			await ask(5, 3, 2, 3);
			await expect(answer(page)).toContainText(
				lang === 'fr'
					? 'Joueur 2 passe son tour, Joueur 3 joue'
					: 'sum 7, Player 2 is skipped, Player 3 plays'
			);
			// equal ends after the tile: 3-5 against the 3 leaves 5 and 5
			await ask(5, 3, 3, 5);
			await expect(answer(page)).toContainText(lang === 'fr' ? 'passe son tour' : 'is skipped');
			// a tile with neither open number
			await ask(5, 3, 1, 1);
			await expect(answer(page)).toContainText(
				lang === 'fr' ? 'ne peut pas se poser' : 'cannot be played here'
			);
			console.log(thumb.report(`resolve dominoes ${lang}`));
		});

		test(`PASS: whether a set beats the table, and what an augment costs (${lang})`, async ({
			page
		}) => {
			await open(page, 'climbing', lang);
			const thumb = new Thumb(page);
			await thumb.entry('question', async () => {
				await thumb.tap(page.locator('[data-rank="9"]'), '9');
				await thumb.tap(page.locator('[data-rank="9"]'), '9');
				await thumb.tap(page.locator('[data-which="yours"]'), 'yours');
				await thumb.tap(page.locator('[data-rank="10"]'), '10');
				await nextPress(page);
				await thumb.tap(page.locator('[data-rank="10"]'), '10');
			});
			await expect(answer(page)).toContainText(lang === 'fr' ? 'Elle bat' : 'It beats');
			// the same pair: only an augment beats it, and the rules price it
			await thumb.tap(page.locator('[data-remove]'), 'remove');
			await thumb.tap(page.locator('[data-remove]'), 'remove');
			await thumb.tap(page.locator('[data-rank="9"]'), '9');
			await nextPress(page);
			await thumb.tap(page.locator('[data-rank="9"]'), '9');
			await expect(answer(page)).toContainText(lang === 'fr' ? 'coûte un jeton' : 'costs 1 token');
			await thumb.tap(page.locator('label:has([data-augment])'), 'augment');
			await expect(answer(page)).toContainText(
				lang === 'fr' ? 'Ce coup dépense un jeton' : 'This play spends 1 token'
			);
			console.log(thumb.report(`resolve climbing ${lang}`));
		});

		test(`I'll Pass: a hand's score, runs counting their lowest card (${lang})`, async ({
			page
		}) => {
			await open(page, 'ill-pass', lang);
			const thumb = new Thumb(page);
			await thumb.entry('hand', async () => {
				for (const card of [3, 4, 5, 9])
					await thumb.tap(page.locator(`[data-card="${card}"]`), `card ${card}`);
				await thumb.tap(page.locator('[data-chips]'), 'chips');
				await page.keyboard.type('4');
			});
			// 3-4-5 counts 3, 9 counts 9: 12 points, minus 4 chips
			await expect(page.locator('main')).toContainText(
				lang === 'fr' ? 'Cartes\u202f: 12 points (2 suites' : 'Cards: 12 points (2 runs'
			);
			await expect(page.getByTestId('resolve-score')).toContainText(
				lang === 'fr' ? 'Score\u202f: 8' : 'Score: 8'
			);
			console.log(thumb.report(`resolve ill-pass ${lang}`));
		});
	});
}
