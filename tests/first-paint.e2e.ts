import { expect, test, type Page } from '@playwright/test';

// The home page is prerendered, so its text paints before any of the app's scripts has run;
// its first words are there in every language, and src/app.html's inline script chooses the
// theme and the language (hence which words show) before that first paint. Here the app's
// scripts are held back, so what is seen is the first paint alone.

const TAGLINE_EN = 'Score pad and referee for four games called Pass';

/** Holds back every script of the app: only the HTML (and its one inline script) runs. */
async function withoutTheApp(page: Page): Promise<void> {
	await page.route('**/_app/**/*.js', (route) => route.abort());
}

test('the home page paints its heading and tagline before any of the app’s scripts has run', async ({
	page
}) => {
	await withoutTheApp(page);
	await page.goto('/');
	await expect(page.getByRole('heading', { name: 'Passpad' })).toBeVisible();
	await expect(page.getByText(TAGLINE_EN)).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a dark theme chosen earlier is the first paint’s, before the app starts', async ({
	page
}) => {
	await page.addInitScript(() => localStorage.setItem('passpad-theme', 'dark'));
	await withoutTheApp(page);
	await page.goto('/');
	await expect(page.getByText(TAGLINE_EN)).toBeVisible();
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	const background = await page.evaluate(
		() => getComputedStyle(document.documentElement).backgroundColor
	);
	expect(background).toBe('rgb(17, 18, 22)');
});

const TAGLINE_FR = 'Feuille de score et arbitre pour quatre jeux nommés Pass';
const FIRST_WORDS = {
	en: [TAGLINE_EN, 'History', 'Players', 'Rules', 'Settings'],
	fr: [TAGLINE_FR, 'Historique', 'Joueurs', 'Règles', 'Réglages']
};

/** The words the page shows (innerText leaves out what is not rendered), one per line. */
const shownWords = (page: Page) =>
	page.evaluate(() => document.body.innerText.split('\n').map((line) => line.trim()));

/** The first paint (no script of the app run) shows `lang`'s words, and none of the other's. */
async function expectFirstPaintIn(page: Page, lang: 'en' | 'fr') {
	await withoutTheApp(page);
	await page.goto('/');
	await expect(page.locator('html')).toHaveAttribute('lang', lang);
	await expect(page.getByRole('heading', { name: 'Passpad' })).toBeVisible();
	const words = await shownWords(page);
	for (const word of FIRST_WORDS[lang]) expect(words, word).toContain(word);
	const other = lang === 'en' ? 'fr' : 'en';
	for (const word of FIRST_WORDS[other]) expect(words, word).not.toContain(word);
	await expect(page.getByText(lang === 'en' ? TAGLINE_EN : TAGLINE_FR)).toBeVisible();
}

test('a language chosen earlier (French, in an English browser) is the first paint’s', async ({
	page
}) => {
	await page.addInitScript(() => localStorage.setItem('PARAGLIDE_LOCALE', 'fr'));
	await expectFirstPaintIn(page, 'fr');
});

test('the first paint of an English browser is English only', async ({ page }) => {
	await expectFirstPaintIn(page, 'en');
});

test.describe('in a French browser', () => {
	test.use({ locale: 'fr-FR' });

	test('the first paint is French, before any of the app’s scripts has run', async ({ page }) => {
		await expectFirstPaintIn(page, 'fr');
	});

	test('English chosen earlier is the first paint’s, not the browser’s French', async ({
		page
	}) => {
		await page.addInitScript(() => localStorage.setItem('PARAGLIDE_LOCALE', 'en'));
		await expectFirstPaintIn(page, 'en');
	});

	test('once the app has started, every frame was French and the largest paint the first', async ({
		page
	}) => {
		// every frame from the start: the tagline's words as shown, and the largest paints
		await page.addInitScript(() => {
			const seen = new Set<string>();
			const largest: string[] = [];
			Object.assign(window, { seen, largest });
			new PerformanceObserver((list) => {
				for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
					largest.push(entry.element?.className ?? '');
				}
			}).observe({ type: 'largest-contentful-paint', buffered: true });
			const look = () => {
				const tagline = document.querySelector<HTMLElement>('main p');
				if (tagline) seen.add(tagline.innerText);
				requestAnimationFrame(look);
			};
			requestAnimationFrame(look);
		});
		await page.goto('/');
		await expect(page.getByRole('heading', { name: 'Nouvelle partie' })).toBeVisible();
		await expect(page.getByText('Dominos par équipes', { exact: false })).toBeVisible();
		const seen = await page.evaluate(() => [...(window as unknown as { seen: Set<string> }).seen]);
		expect(seen).toEqual([TAGLINE_FR]);
		// the games' blurbs, drawn by the app later, are smaller than the heading and tagline,
		// so a first visit's largest paint is the HTML's own (a phone's width, French's longer words)
		// (a paint's entry reaches the observer a task after the paint: read once it has come)
		await expect
			.poll(() => page.evaluate(() => (window as unknown as { largest: string[] }).largest.at(-1)))
			.toMatch(/\bintro\b/);
		// and the app, started, shows the header's words in French alone
		const words = await shownWords(page);
		for (const word of FIRST_WORDS.en.slice(1)) expect(words).not.toContain(word);
		await expect(page.getByRole('link', { name: 'Réglages' })).toBeVisible();
	});
});

test('a deep link gets the app’s shell, never the home page', async ({ page, request }) => {
	for (const path of ['/match/abc', '/history', '/settings']) {
		const html = await request.get(path).then((response) => response.text());
		expect(html, path).not.toContain(TAGLINE_EN);
	}
	await page.goto('/history');
	await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
	await expect(page.getByText(TAGLINE_EN)).toHaveCount(0);
});
