import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';
import { smallPhone } from './reach';

// Every number field of the score pad says what the rules accept (placeholder, min, max), and
// a figure no real round reaches is refused with the reason (docs/rulings.md, Pass-Pass 7;
// I'll Pass 1; PASS 9), in English and French at 360x640.

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];
const PAD = { en: /^Score pad: enter/, fr: /^Carnet de score\s*: saisir/ };
const range = (lang: 'en' | 'fr', min: number, max: number) =>
	lang === 'fr' ? `${min} à ${max}` : `${min}–${max}`;

async function accepts(page: Page, field: string, min: number, max: number, lang: 'en' | 'fr') {
	const input = page.locator(field);
	await expect(input).toHaveAttribute('placeholder', range(lang, min, max));
	await expect(input).toHaveAttribute('min', String(min));
	await expect(input).toHaveAttribute('max', String(max));
}

for (const lang of ['en', 'fr'] as const) {
	test.describe(`score pad fields, 360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
		const pad = (more?: (page: Page) => Promise<void>) => async (page: Page) => {
			await page.getByRole('radio', { name: PAD[lang] }).check();
			await more?.(page);
		};

		test(`Pass-Pass: a blocked deal's tiles, 2 to 16 a team and 18 in all; Team A 20 + Team B 5 refused (${lang})`, async ({
			page
		}) => {
			await startMatch(page, 'Pass-Pass', NAMES, {
				start: 'Ana',
				french: lang === 'fr',
				setup: pad()
			});
			await page.locator('[data-out="1"]').click();
			await accepts(page, '[data-total]', 1, 130, lang);
			await page.locator('[data-out="blocked"]').click();
			for (const team of [0, 1]) await accepts(page, `[data-left="${team}"]`, 2, 16, lang);
			const enter = async (a: number, b: number) => {
				await page.locator('[data-left="0"]').fill(String(a));
				await page.locator('[data-left="1"]').fill(String(b));
				await page.locator('[data-tally]').click();
			};
			await enter(20, 5);
			await expect(page.getByRole('alert')).toContainText(
				lang === 'fr' ? 'entre 2 et 16' : 'between 2 and 16'
			);
			await enter(12, 7);
			await expect(page.getByRole('alert')).toContainText(
				lang === 'fr' ? '19 dominos restants en tout' : '19 tiles left in all is impossible'
			);
		});

		test(`I'll Pass: each player's chips, 0 to 11 a player (${lang})`, async ({ page }) => {
			await startMatch(page, "I'll Pass", NAMES, { french: lang === 'fr', setup: pad() });
			await accepts(page, '[data-chips="0"]', 0, 44, lang);
		});

		test(`PASS: the cards left in each other hand, 1 to 13 (${lang})`, async ({ page }) => {
			await startMatch(page, 'PASS', NAMES.slice(0, 3), {
				french: lang === 'fr',
				setup: pad((page) => page.locator('input[name="cl-mode"][value="advanced"]').check())
			});
			await page.locator('[data-winner="0"]').click();
			await accepts(page, '[data-left="1"]', 1, 13, lang);
		});
	});
}
