import { expect, test, type Page } from '@playwright/test';
import { nextPress, pressed, startMatch } from './helpers';
import { smallPhone } from './reach';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';

// At 360 px: every column of a 5- or 6-player sheet on screen with nothing under 12 px, the
// dominoes seats' names whole, and no screen scrolling sideways with the longest names allowed
// (30 characters, no space), in English and in French.

/** The longest names the new-match screen takes: 30 characters, no space, one like markup. */
const LONG = [
	'L'.repeat(30),
	'<img src=x onerror=alert(1)>WW',
	'W'.repeat(30),
	'Ñ'.repeat(30),
	'M'.repeat(29) + '!',
	'Q'.repeat(30)
];

function seeded(seed: number) {
	let s = seed >>> 0;
	return () => {
		s = (s * 1664525 + 1013904223) >>> 0;
		return s / 2 ** 32;
	};
}

/** The page is exactly as wide as the phone: nothing pushes it sideways. */
async function noSidewaysScroll(page: Page, where: string) {
	const widths = await page.evaluate(() => ({
		scroll: document.documentElement.scrollWidth,
		viewport: window.innerWidth
	}));
	expect(widths.scroll, `${where}: ${widths.scroll} px wide in ${widths.viewport}`).toBe(
		widths.viewport
	);
}

/** Every cell of the table inside the viewport's width, and no text in it under 12 px. */
async function everyColumnOnScreen(page: Page, testId: string) {
	const table = page.getByTestId(testId);
	await table.scrollIntoViewIfNeeded();
	const cells = await table.evaluate((element) => {
		const out: { text: string; left: number; right: number; size: number }[] = [];
		for (const cell of element.querySelectorAll('th, td')) {
			const box = cell.getBoundingClientRect();
			let size = Infinity;
			for (const node of cell.querySelectorAll('*')) {
				if (node.textContent?.trim())
					size = Math.min(size, parseFloat(getComputedStyle(node).fontSize));
			}
			if (cell.textContent?.trim())
				size = Math.min(size, parseFloat(getComputedStyle(cell).fontSize));
			out.push({ text: cell.textContent?.trim() ?? '', left: box.left, right: box.right, size });
		}
		return { cells: out, width: window.innerWidth };
	});
	expect(cells.cells.length).toBeGreaterThan(0);
	for (const cell of cells.cells) {
		expect(cell.left, `"${cell.text}" starts off screen`).toBeGreaterThanOrEqual(0);
		expect(cell.right, `"${cell.text}" ends off screen`).toBeLessThanOrEqual(cells.width);
		expect(cell.size, `"${cell.text}" is in ${cell.size} px type`).toBeGreaterThanOrEqual(12);
	}
}

for (const lang of ['en', 'fr'] as const) {
	const french = lang === 'fr';
	test.describe(`360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: french ? 'fr-FR' : 'en-GB' });

		test(`score sheets of 5 and 6 players and teams: every column on screen (${lang})`, async ({
			page
		}) => {
			const names = ['Maximilien', 'Clémence', 'Bérénice', 'Thomas', 'Guillaume', 'Éléonore'];
			for (const [players, teams] of [
				[6, null],
				[6, '3x2'],
				[6, '2x3'],
				[5, null]
			] as const) {
				await startMatch(page, 'Pass Pass', names.slice(0, players), {
					french,
					setup: async (page) => {
						if (teams) await page.locator(`input[name=pp-layout][value="${teams}"]`).check();
					}
				});
				await everyColumnOnScreen(page, 'pad');
				await noSidewaysScroll(page, `Pass Pass ${players}${teams ?? ''}`);
			}
			await startMatch(page, 'PASS', names.slice(0, 5), { french });
			await everyColumnOnScreen(page, 'score-sheet');
			await startMatch(page, "I'll Pass", names.slice(0, 5), { french });
			await everyColumnOnScreen(page, 'score-sheet');
		});

		test(`dominoes: the seats' names read whole (${lang})`, async ({ page }) => {
			const names = ['Maximilien', 'Clémence', 'Bérénice', 'Guillaume'];
			await startMatch(page, 'Pass-Pass', names, { french });
			for (const at of [0, 1, 2, 3]) {
				const who = page.getByTestId(`player-${at}`).locator('.who');
				await expect(who).toHaveText(names[at]);
				const cut = await who.evaluate(
					(node) =>
						node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1
				);
				expect(cut, `${names[at]} is cut`).toBe(false);
			}
		});

		test(`30-character names never push a screen sideways (${lang})`, async ({ page }) => {
			test.setTimeout(240_000);
			// the new match, each game during play
			// each screen measured once it is drawn (a match is read from storage after its address
			// changes), not in the moment before, when there is nothing yet to push it sideways
			const turn = page.getByTestId('turn');
			await page.goto('/new?game=pass-pass');
			await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
			await noSidewaysScroll(page, 'new match');
			await startMatch(page, 'Pass Pass', LONG, { french });
			await expect(turn).toBeVisible();
			await noSidewaysScroll(page, 'Pass Pass, 6 players');
			// a card on the table and the cards won entry: names in the trick and on the keys
			await page.locator('[data-card="blue-7"]').click();
			await expect(page.getByTestId('log').locator('summary')).toContainText('(1)');
			await noSidewaysScroll(page, 'Pass Pass, a trick');
			await startMatch(page, 'Pass-Pass', LONG.slice(0, 4), { french });
			await expect(turn).toBeVisible();
			await noSidewaysScroll(page, 'Pass-Pass');
			await startMatch(page, 'PASS', LONG.slice(0, 5), { french });
			await expect(turn).toBeVisible();
			await noSidewaysScroll(page, 'PASS');

			// a whole I'll Pass game: its ranking, sheet and chart at the end
			const run = randomGame(seeded(3), 5);
			await startMatch(page, "I'll Pass", LONG.slice(0, 5), {
				french,
				start: LONG[run.config.start],
				setup: async (page) => {
					if (run.config.takerReveals) await page.locator('input[type=checkbox]').first().check();
				}
			});
			await expect(turn).toBeVisible();
			await noSidewaysScroll(page, "I'll Pass");
			for (const [at, action] of run.actions.entries()) {
				// the same button twice in a row (two passes) waits out what is left of the
				// double-tap pause; two cards revealed are two buttons and need none
				if (action.type !== 'reveal' && run.actions[at - 1]?.type === action.type)
					await nextPress(page);
				if (action.type === 'reveal') await page.locator(`[data-card="${action.card}"]`).click();
				else await page.locator(`[data-${action.type}]`).click();
				pressed(page);
				await expect(page.getByTestId('log').locator('summary')).toContainText(`(${at + 1})`);
			}
			await expect(page.getByTestId('outcome')).toBeVisible();
			await page
				.locator('details.fold summary')
				.filter({ hasText: french ? 'Score au fil de la partie' : 'Running score' })
				.click();
			await expect(page.locator('.legend li')).toHaveCount(5);
			await noSidewaysScroll(page, "I'll Pass, over");
			// the full name stays readable where a column cuts it: its name, and a tap shows it whole
			const header = page.getByTestId('score-sheet').locator('thead .side').first();
			await expect(header).toHaveAccessibleName(LONG[0]);
			const cut = () => header.evaluate((node) => node.scrollWidth > node.clientWidth + 1);
			expect(await cut()).toBe(true);
			await header.click();
			await expect(header).toHaveAttribute('aria-expanded', 'true');
			expect(await cut()).toBe(false);
			await noSidewaysScroll(page, "I'll Pass, a whole name shown");

			// the record: history, the players, a player's page
			// (each measured once its entries, read from storage, are drawn: the list is there before)
			await page.goto('/history');
			await expect(page.getByTestId('history').getByRole('link').first()).toBeVisible();
			await noSidewaysScroll(page, 'history');
			await page.goto('/players');
			await expect(page.getByTestId('roster').getByRole('link').first()).toBeVisible();
			await noSidewaysScroll(page, 'players');
			await page.getByTestId('roster').getByRole('link').first().click();
			await expect(page.getByTestId('player-name')).toBeVisible();
			await noSidewaysScroll(page, "a player's page");
		});
	});
}
