import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { startMatch } from './helpers';
import { logged, smallPhone } from './reach';

// What a screen reader hears is what the screen shows (WCAG 2.5.3, label in name): the take
// buttons, the trick's cards, the ×2 face keys, and an opened match's title. axe's check of the
// label in the name is off by default (experimental): it is asked for by name here.

test.use({ ...smallPhone });

async function labelInName(page: Page) {
	const { violations } = await new AxeBuilder({ page })
		.withRules(['label-content-name-mismatch'])
		.analyze();
	return violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' ')));
}

/** A card goes down in one tap: its diamonds are asked only if it is won. */
async function playNew(page: Page, key: string) {
	await page.getByTestId('turn').locator(`[data-card="${key}"]`).click();
}

for (const lang of ['en', 'fr'] as const) {
	test.describe(lang, () => {
		test.use({ locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });

		test(`Pass Pass: the take buttons and the trick's cards say what they show (${lang})`, async ({
			page
		}) => {
			await startMatch(page, 'Pass Pass', ['Ana', 'Ben', 'Hugo', 'Dan'], { french: lang === 'fr' });
			await playNew(page, 'purple-7');
			await playNew(page, 'blue-11');
			await playNew(page, 'green-4');
			await playNew(page, 'yellow-9');
			await logged(page, 4);
			const take = page.locator('[data-take="purple-7"]');
			await expect(take).toBeVisible();
			await expect(page.locator('[data-change="0"]')).toBeVisible();
			expect(await labelInName(page)).toEqual([]);
			await expect(take).toHaveAccessibleName(
				lang === 'en' ? 'Take Purple 7, played by Ana' : 'Prendre 7 violet, jouée par Ana'
			);
			await expect(page.locator('[data-change="2"]')).toHaveAccessibleName(
				lang === 'en' ? "Change Hugo's card, Green 4" : "Changer la carte d'Hugo, le 4 vert"
			);
		});

		test(`an opened match is announced by its game, never "Loading…" (${lang})`, async ({
			page
		}) => {
			await startMatch(page, 'PASS', ['Ana', 'Ben'], { french: lang === 'fr' });
			await expect(page.getByTestId('now')).toBeVisible();
			// SvelteKit's announcer reads the title the page has once the navigation is done
			await expect(page.locator('#svelte-announcer')).toHaveText('PASS · Passpad');
			await expect(page).toHaveTitle('PASS · Passpad');
		});

		test(`PASS: a ×2 face key is named by its value, doubled (${lang})`, async ({ page }) => {
			await startMatch(page, 'PASS', ['Ana', 'Ben'], { french: lang === 'fr' });
			await page.locator('[data-double]').click();
			const ten = page.locator('[data-rank="10"]');
			await expect(ten).toContainText('1010');
			await expect(ten).toHaveAccessibleName(lang === 'en' ? 'Double 10' : '10 double');
			await expect(page.locator('[data-rank="2"]')).toHaveAccessibleName(
				lang === 'en' ? 'Double 2' : '2 double'
			);
			expect(await labelInName(page)).toEqual([]);
			await ten.click();
			await expect(page.getByTestId('entered')).toContainText('1010');
		});
	});
}
