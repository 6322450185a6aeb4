import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe';
import fc from 'fast-check';
import { nextPress, startMatch } from './helpers';
import { logged, smallPhone, Thumb } from './reach';
import { gridAction, tricksOf } from './grid';
import { game as passPassInput, simulate } from '../src/lib/rules/pass-pass/simulate';
import { cardKey, sideTotals } from '../src/lib/rules/pass-pass';

// Pass Pass trick by trick on the grid: a card is one tap (one more the first time this device
// sees it), so a 4-player trick is 5 taps: four cards and the pick (6 when equal values leave
// the second winner a choice). Played as a person plays, on a 360x640 phone, with the reach
// rule before every tap (tests/reach.ts).

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Fay'];

async function setLanguage(page: Page, lang: 'en' | 'fr', theme: 'light' | 'dark' = 'light') {
	await page.addInitScript(
		([lang, theme]) => {
			localStorage.setItem('PARAGLIDE_LOCALE', lang);
			localStorage.setItem('passpad-theme', theme);
		},
		[lang, theme]
	);
}

/** One tap on a grid card whose diamonds the device knows: the news line says it went down. */
async function playKnown(page: Page, key: string) {
	await page.getByTestId('turn').locator(`[data-card="${key}"]`).click();
}

/** One tap on a card never seen: it goes down at once, its diamonds asked only if it is won. */
async function playNew(page: Page, key: string) {
	await page.getByTestId('turn').locator(`[data-card="${key}"]`).click();
}

/** After a take, the diamonds of each card won this device has never seen, in the order asked. */
async function sayWon(page: Page, ...counts: number[]) {
	const ask = page.getByTestId('take-diamonds');
	for (const count of counts) await ask.locator(`[data-diamonds="${count}"]`).click();
	await expect(ask).toHaveCount(0);
}

for (const lang of ['en', 'fr'] as const) {
	test.describe(`360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
		test.describe.configure({ timeout: 400_000 });

		test(`two whole 4-player matches on the grid, taps counted per trick (${lang})`, async ({
			page
		}) => {
			const thumb = new Thumb(page);
			// one device: what the first match shows it, the second knows
			const seen = new Set<string>();
			for (const seed of lang === 'en' ? [11, 31] : [12, 32]) {
				const [input] = fc.sample(passPassInput, { seed, numRuns: 1 });
				const run = simulate({ ...input, players: 4, layout: false, mixed: false, start: 0 });
				await startMatch(page, 'Pass Pass', NAMES.slice(0, 4), { french: lang === 'fr' });
				let logLength = 0;
				let previous = '';
				for (const trick of tricksOf(run.actions)) {
					const plays = trick.filter((action) => action.type === 'play');
					const fresh = new Set(plays.map((a) => cardKey(a.card)).filter((k) => !seen.has(k)));
					const kind = fresh.size === 0 ? 'trick, diamonds known' : 'trick, some cards seen first';
					const before = thumb.taps;
					const seenBefore = seen.size;
					await thumb.entry(kind, async () => {
						for (const action of trick) {
							// the same control twice in a row is two entries only after a person's pause
							const control = action.type === 'play' ? cardKey(action.card) : action.type;
							if (control === previous) await nextPress(page);
							previous = control;
							await gridAction(page, thumb, action, seen);
							await logged(page, ++logLength);
						}
					});
					// a tap a card, one a pick, one per card won never seen (its diamonds): nothing else,
					// and never the diamonds of a card nobody won (docs/rulings.md, Pass Pass 9)
					const asked = seen.size - seenBefore;
					expect(asked).toBeLessThanOrEqual(3);
					expect(thumb.taps - before).toBe(trick.length + asked);
				}
				await expect(page.getByTestId('outcome')).toBeVisible();
				for (const [side, points] of sideTotals(run.state).points.entries()) {
					await expect(page.getByTestId(`pad-total-${side}`)).toContainText(String(points));
				}
			}
			console.log(thumb.report(`pass-pass grid ${lang}`));
			thumb.expectAllInReach(`pass-pass grid ${lang}`);
			const known = thumb.perAction.get('trick, diamonds known') ?? [];
			// the second match knows most cards: many tricks in 5 taps, none known in more than 6
			expect(known.filter((taps) => taps === 5).length).toBeGreaterThan(5);
			expect(Math.max(...known)).toBeLessThanOrEqual(6);
		});
	});
}

test.describe('360x640', () => {
	test.use({ ...smallPhone });

	test('a card of the trick is changed by a tap on it, until the pick', async ({ page }) => {
		await startMatch(page, 'Pass Pass', NAMES.slice(0, 4));
		const turn = page.getByTestId('turn');
		const cell = (key: string) => turn.locator(`[data-card="${key}"]`);
		await playNew(page, 'purple-7');
		await playNew(page, 'blue-11');
		await playNew(page, 'green-4');
		await logged(page, 3);
		// cards on the table are greyed for the next seat, but a tap takes one back
		await expect(cell('blue-11')).toHaveAccessibleName("Change Ben's card, Blue 11");
		await expect(cell('purple-6')).toHaveAccessibleName(
			'Play Purple 6 (its diamonds asked if it is won)'
		);
		await cell('blue-11').click();
		await expect(page.getByTestId('editing')).toBeVisible();
		await expect(page.getByTestId('whose')).toHaveText('Ben plays a card');
		// Cleo's card stays on the table: the rules would refuse it for Ben
		await expect(cell('green-4')).toBeDisabled();
		await expect(cell('blue-11')).toHaveAccessibleName('Keep Blue 11 and say its diamonds');
		await playNew(page, 'blue-12');
		await expect(page.getByTestId('editing')).toHaveCount(0);
		await logged(page, 3);
		await expect(page.getByTestId('trick')).toContainText(/Ana\s*Purple 7/);
		await expect(page.getByTestId('trick')).toContainText(/Ben\s*Blue 12/);
		await expect(page.getByTestId('trick')).toContainText(/Cleo\s*Green 4/);
		await expect(cell('blue-11')).toBeEnabled();
		await expect(page.getByTestId('whose')).toHaveText('Dan plays a card');

		// the fourth card: the first winner picks, and a card is still changed first
		await playNew(page, 'yellow-9');
		await logged(page, 4);
		const change = page.getByRole('button', { name: "Change Ana's card, Purple 7" });
		await change.click();
		await expect(cell('purple-7')).toHaveAccessibleName('Keep Purple 7 and say its diamonds');
		await cell('purple-7').click();
		const ask = page.getByTestId('grid-diamonds');
		// played never seen, its diamonds not said yet: none is pressed
		await expect(ask.locator('[aria-pressed="true"]')).toHaveCount(0);
		await ask.locator('[data-diamonds="3"]').click();
		await logged(page, 4);
		// seen as the player and the card, heard as one sentence
		await expect(page.locator('[data-change="0"]')).toContainText(/Ana\s*7\s*◆3/);
		await expect(page.locator('[data-change="0"]')).toHaveAccessibleName(
			"Change Ana's card, Purple 7"
		);
		// Blue 12 (12) beats yellow 9 (9): Ben picks; after the pick nothing is changed this way
		// Ben's pick says nothing of Purple 7's diamonds, said above; Dan's take follows at once
		await page.getByRole('button', { name: /^Take Purple 7/ }).click();
		await sayWon(page, 1, 0);
		await logged(page, 5);
		await expect(page.getByRole('button', { name: /^Change / })).toHaveCount(0);
	});

	test('keyboard: arrows walk the grid, Enter plays, the focus stays on the grid', async ({
		page
	}) => {
		await startMatch(page, 'Pass Pass', NAMES.slice(0, 3));
		const turn = page.getByTestId('turn');
		await turn.locator('[data-card="purple-1"]').focus();
		await page.keyboard.press('ArrowRight');
		await expect(turn.locator('[data-card="purple-2"]')).toBeFocused();
		await page.keyboard.press('ArrowDown');
		await expect(turn.locator('[data-card="purple-8"]')).toBeFocused();
		await page.keyboard.press('ArrowDown');
		await expect(turn.locator('[data-card="blue-2"]')).toBeFocused();
		await page.keyboard.press('Enter');
		// never seen: it goes down at once, its diamonds asked only if it is won
		await expect(page.getByTestId('news-line')).toHaveText('Ana played Blue 2.');
		// the next seat's card, from the grid again
		await expect(turn.locator('[data-card="purple-1"]')).toBeFocused();
		await page.keyboard.press('End');
		await page.keyboard.press('Enter');
		await expect(page.getByTestId('news-line')).toHaveText('Ben played Yellow 12.');
		// Ana's card is on the table: greyed for Cleo, a tap on it would change it
		await expect(turn.locator('[data-card="blue-2"]')).toHaveAccessibleName(
			"Change Ana's card, Blue 2"
		);
		await expect(turn.locator('[data-card="blue-2"]')).toHaveClass(/\btable\b/);
	});

	test('six players in French: the whole grid in reach with four colours on the table', async ({
		page
	}) => {
		await setLanguage(page, 'fr');
		await startMatch(page, 'Pass Pass', NAMES, { french: true });
		const thumb = new Thumb(page);
		const cards = ['purple-12', 'blue-11', 'green-10', 'yellow-9', 'yellow-8'];
		for (const [at, key] of cards.entries()) {
			await playNew(page, key);
			await logged(page, at + 1);
		}
		await expect(page.getByTestId('whose')).toHaveText('À Fay de jouer');
		for (const cell of await page.getByTestId('turn').locator('.deck button:enabled').all()) {
			await thumb.look(cell);
		}
		expect(thumb.looked).toBe(48);
		await expect(page.getByTestId('turn').locator('[data-card="purple-5"]')).toHaveAccessibleName(
			"Jouer le 5 violet (ses diamants demandés s'il est gagné)"
		);
		thumb.expectAllInReach('pass-pass grid, 6 players, fr');
	});
});

test.describe('tablet 820x1180', () => {
	test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

	test('the 48 cards in the entry column, bigger, every one in reach', async ({ page }) => {
		await startMatch(page, 'Pass Pass', NAMES.slice(0, 4));
		const thumb = new Thumb(page);
		const cells = page.getByTestId('turn').locator('.deck button');
		await expect(cells).toHaveCount(48);
		for (const cell of await cells.all()) {
			await thumb.look(cell);
			const box = (await cell.boundingBox())!;
			expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
		}
		thumb.expectAllInReach('pass-pass grid, tablet');
	});
});

for (const lang of ['en', 'fr'] as const) {
	for (const theme of ['light', 'dark'] as const) {
		test(`axe-core: 0 violations on the grid, its diamonds and the pick (${lang}, ${theme})`, async ({
			page
		}) => {
			await setLanguage(page, lang, theme);
			await startMatch(page, 'Pass Pass', NAMES.slice(0, 4), { french: lang === 'fr' });
			const check = async (where: string) => {
				const { violations } = await axe(page).analyze();
				expect(
					violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)
				).toEqual([]);
			};
			await playNew(page, 'purple-7');
			await playNew(page, 'blue-11');
			await logged(page, 2);
			await check('grid');
			await playNew(page, 'green-4');
			await playNew(page, 'yellow-1');
			await logged(page, 4);
			await check('pick');
			// the diamonds of the cards won, asked as they are won
			await page.locator('[data-take="blue-11"]').click();
			await expect(page.getByTestId('take-diamonds')).toBeVisible();
			await check('diamonds');
		});
	}
}

test('a card this device knows goes down in one tap in a new match', async ({ page }) => {
	await startMatch(page, 'Pass Pass', NAMES.slice(0, 3));
	// Yellow 8, Purple 1, Purple 2: Ana wins first and takes her Yellow 8, Cleo the two purples
	for (const key of ['yellow-8', 'purple-1', 'purple-2']) await playNew(page, key);
	await page.locator('[data-take="yellow-8"]').click();
	await sayWon(page, 1, 0, 1);
	await logged(page, 4);
	await startMatch(page, 'Pass Pass', NAMES.slice(0, 3));
	const cell = page.getByTestId('turn').locator('[data-card="yellow-8"]');
	await expect(cell).toHaveAccessibleName('Play Yellow 8 (1 diamond)');
	await playKnown(page, 'yellow-8');
	await expect(page.getByTestId('news-line')).toHaveText('Ana played Yellow 8 (◆\u00a01).');
	await logged(page, 1);
});
