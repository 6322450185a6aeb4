import { expect, test, type Locator, type Page } from '@playwright/test';
import { startMatch } from './helpers';
import { smallPhone } from './reach';

// At 360 px, words stay whole where there is room for them, in English and French: PASS's
// players table headers ("Cards", never "Card/s"), the upgrade's toggle ("Amélioration : 1
// jeton" never split at its colon), the score sheet's names ("Hugo", never "Hu…"), and the
// dominoes' total field's placeholder.

test.use({ ...smallPhone });

const NAMES = ['Hugo', 'Manon', 'Léa', 'Inès', 'Marc'];

/**
 * The words inside `where` that a line break cuts in two. A word is what lies between ordinary
 * spaces: a narrow no-break space joins a French colon to its word ("Amélioration :").
 */
async function brokenWords(where: Locator): Promise<string[]> {
	return where.evaluateAll((elements) => {
		const broken: string[] = [];
		for (const element of elements) {
			const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
			for (let node = walker.nextNode(); node; node = walker.nextNode()) {
				const text = node.textContent ?? '';
				for (const match of text.matchAll(/[^ \n\t]+/g)) {
					const range = document.createRange();
					range.setStart(node, match.index);
					range.setEnd(node, match.index + match[0].length);
					const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
					if (tops.size > 1) broken.push(match[0]);
				}
			}
		}
		return broken;
	});
}

/** The score sheet's names cut short by an ellipsis. */
async function cutNames(page: Page): Promise<string[]> {
	return page
		.getByTestId('score-sheet')
		.locator('thead button')
		.evaluateAll((buttons) =>
			buttons
				.filter((button) => button.scrollWidth > button.clientWidth + 1)
				.map((button) => button.textContent ?? '')
		);
}

for (const lang of ['en', 'fr'] as const) {
	test.describe(lang, () => {
		test.use({ locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });

		test(`PASS, 5 players: headers, toggles and names whole (${lang})`, async ({ page }) => {
			await startMatch(page, 'PASS', NAMES, { french: lang === 'fr' });
			const headers = page.locator('table.players th[scope="col"]');
			await expect(headers.nth(1)).toHaveText(lang === 'en' ? 'Cards' : 'Cartes');
			expect(await brokenWords(headers)).toEqual([]);
			// and the names' column keeps its words whole too ("Hugo", "to play")
			expect(await brokenWords(page.locator('table.players th[scope="row"]'))).toEqual([]);
			const upgrade = page.locator('label.toggle').filter({ has: page.locator('[data-upgrade]') });
			await expect(upgrade).toBeVisible();
			expect(await brokenWords(upgrade)).toEqual([]);
			// checked, its words are bold: still whole
			await upgrade.locator('input').check();
			expect(await brokenWords(upgrade)).toEqual([]);
			expect(await cutNames(page)).toEqual([]);
		});

		test(`I'll Pass, 5 players: the score sheet's names whole (${lang})`, async ({ page }) => {
			await startMatch(page, "I'll Pass", NAMES, { french: lang === 'fr' });
			await expect(page.getByTestId('score-sheet')).toBeVisible();
			expect(await cutNames(page)).toEqual([]);
			expect(await brokenWords(page.getByTestId('score-sheet').locator('th'))).toEqual([]);
		});

		test(`dominoes: the total field's placeholder is whole (${lang})`, async ({ page }) => {
			await startMatch(page, 'Pass-Pass', ['Ana', 'Ben', 'Cleo', 'Dan'], {
				start: 'Ana',
				french: lang === 'fr'
			});
			// a short domino (as dominoes.e2e plays it): Ana goes out with her sixth tile
			for (const tile of ['1-4', '1-6', '4-6', '3-4', '3-3', '1-3', '0-1']) {
				const line = page.getByTestId('line').getByRole('listitem');
				const before = await line.count();
				await page.getByTestId('turn').locator(`[data-tile="${tile}"]`).click();
				if (tile === '4-6' || tile === '3-4') {
					await page.getByTestId('turn').locator('[data-end="left"]').click();
				}
				await expect(line).toHaveCount(before + 1);
			}
			// the sheet's rows keep their words ("Donne 1", never "Donn/e 1")
			expect(await brokenWords(page.getByTestId('score-sheet').locator('th'))).toEqual([]);
			const field = page.getByTestId('count').locator('input[type="number"]');
			await expect(field).toBeVisible();
			const fit = await field.evaluate((input: HTMLInputElement) => {
				const style = getComputedStyle(input);
				const context = document.createElement('canvas').getContext('2d')!;
				context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
				const room =
					input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
				return {
					text: input.placeholder,
					width: context.measureText(input.placeholder).width,
					room
				};
			});
			expect(fit.text.length).toBeGreaterThan(0);
			expect(fit.width, `"${fit.text}"`).toBeLessThanOrEqual(fit.room);
		});
	});
}
