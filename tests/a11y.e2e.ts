import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe';
import { smallPhone } from './reach';
import { BACKUP, id, playerId } from './matches';

// 0 axe-core violations on every screen, in English and French, light and dark: home, new match,
// each game's match during play, finished and abandoned, history, players, a player, the rules,
// settings, take and resolve. The matches come in through a backup, as a person would bring them.

// the smallest phone: where a wide sheet scrolls and a scrolling region must take the focus
test.use({ ...smallPhone });

const SCREENS = [
	'/',
	'/new',
	'/new?game=pass-pass',
	'/new?game=dominoes',
	'/new?game=climbing',
	'/history',
	'/players',
	`/players/${playerId(0)}`,
	'/rules',
	'/rules/pass-pass',
	'/rules/dominoes',
	'/rules/climbing',
	'/rules/ill-pass',
	'/settings',
	'/take',
	'/resolve',
	...['pass-pass', 'dominoes', 'climbing', 'ill-pass'].flatMap((game) => [
		`${game}-active`,
		`${game}-finished`
	]),
	'pass-pass-6-finished',
	'pass-pass-6-active',
	'ill-pass-abandoned'
].map((screen) => (screen.startsWith('/') ? screen : `/match/${id(screen)}`));

/** What a match screen is, read from its name (the backup's ids are made from it). */
const NAMED = new Map(
	['pass-pass', 'dominoes', 'climbing', 'ill-pass']
		.flatMap((game) => [`${game}-active`, `${game}-finished`])
		.concat(['pass-pass-6-finished', 'pass-pass-6-active', 'ill-pass-abandoned'])
		.map((name) => [`/match/${id(name)}`, name])
);

/**
 * How many of the page's requests are still unanswered: a screen's lazily loaded part (a
 * game's setup or pad) in flight. Counted from the test's side, so a screen is judged as soon
 * as nothing is in flight, instead of after networkidle's fixed half second of quiet, paid on
 * each of the 31 screens of each sweep.
 */
function inFlight(page: Page): () => number {
	let open = 0;
	page.on('request', () => open++);
	page.on('requestfinished', () => open--);
	page.on('requestfailed', () => open--);
	return () => open;
}

const THEMES = ['light', 'dark'] as const;

async function violations(page: Page, path: string, open: () => number) {
	await page.goto(path);
	await expect(page.locator('h1').first()).toBeAttached();
	// the screen's data, read from storage, is on it before it is judged
	const name = NAMED.get(path) ?? path;
	if (name.endsWith('-finished')) await expect(page.getByTestId('outcome')).toBeVisible();
	if (name.endsWith('-active')) await expect(page.getByTestId('now')).toBeVisible();
	if (path === '/history') await expect(page.getByTestId('history').locator('li')).toHaveCount(11);
	if (path === `/players/${playerId(0)}`)
		await expect(page.getByTestId('stats-pass-pass')).toBeVisible();
	// every request answered, and still none after two frames, in which a module that just
	// arrived has drawn its part (and asked for any it loads in turn)
	await expect
		.poll(async () => {
			if (open() > 0) return open();
			await page.evaluate(
				() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)))
			);
			return open();
		})
		.toBe(0);
	// judged in each theme on the same visit: the theme switched in place as the settings'
	// choice switches it (src/lib/theme.ts applyTheme; the colours are CSS light-dark(),
	// src/app.css), so the screen is loaded and settled once for both
	const found = [];
	for (const theme of THEMES) {
		// the page's own colour scheme said back, so a dark check is never a light page judged twice
		const scheme = await page.evaluate((theme) => {
			document.documentElement.dataset.theme = theme;
			return getComputedStyle(document.documentElement).colorScheme;
		}, theme);
		expect(scheme, path).toBe(theme);
		// colours judged once their transitions have ended (a state, not a fixed pause); an
		// endless animation, if any, is judged as it stands
		await page.evaluate(() =>
			Promise.all(
				document
					.getAnimations()
					.filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
					.map((animation) => animation.finished.catch(() => {}))
			)
		);
		const { violations } = await axe(page).analyze();
		found.push(
			...violations.map((violation) => ({
				path,
				theme,
				id: violation.id,
				impact: violation.impact,
				nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`)
			}))
		);
	}
	return found;
}

for (const lang of ['en', 'fr'] as const) {
	test(`axe-core: 0 violations on every screen, light and dark (${lang})`, async ({ page }) => {
		test.setTimeout(300_000);
		await page.addInitScript((lang) => {
			localStorage.setItem('PARAGLIDE_LOCALE', lang);
			localStorage.setItem('passpad-theme', 'light');
		}, lang);
		const open = inFlight(page);
		await page.goto('/settings');
		await page.getByTestId('import').setInputFiles({
			name: 'backup.json',
			mimeType: 'application/json',
			buffer: BACKUP
		});
		await expect(page.getByTestId('backup-message')).toContainText(
			lang === 'en' ? 'Imported 11 matches' : '11 parties importées'
		);
		await expect(page.locator('html')).toHaveAttribute('lang', lang);
		await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
		const found = [];
		for (const path of SCREENS) found.push(...(await violations(page, path, open)));
		// every one named with its screen, theme, rule and elements, so a failure says what to fix
		expect(found).toEqual([]);
	});
}
