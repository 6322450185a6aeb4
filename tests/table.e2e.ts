import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { startMatch } from './helpers';
import { climbingAction, dominoesAction, enterableMatch, seeded } from './enter';
import { logged, smallPhone, Thumb } from './reach';
import { gridAction, tricksOf } from './grid';
import { game as passPassInput, simulate } from '../src/lib/rules/pass-pass/simulate';
import { sideTotals } from '../src/lib/rules/pass-pass';
import { legalMatch, matchInput } from '../src/lib/rules/dominoes/simulate';
import { totals as dominoTotals } from '../src/lib/rules/dominoes';
import { totals as climbingTotals } from '../src/lib/rules/climbing';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { score } from '../src/lib/rules/ill-pass';

// At the table: whole matches of every game played with one thumb on a small phone.
// Before every tap the control is on screen without scrolling and nothing covers it (Thumb).

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve'];

const LANGUAGES = [
	{ lang: 'en', locale: 'en-GB', viewport: smallPhone.viewport },
	{ lang: 'fr', locale: 'fr-FR', viewport: smallPhone.viewport }
] as const;

for (const { lang, locale, viewport } of LANGUAGES) {
	test.describe(`${viewport.width}x${viewport.height}, ${lang}`, () => {
		test.use({ ...smallPhone, viewport, locale });
		// a whole match, tap by tap, with a check before each one
		test.describe.configure({ timeout: 300_000 });

		test(`Pass Pass: a whole 4-player match, trick by trick, every tap in reach (${lang})`, async ({
			page
		}) => {
			const [input] = fc.sample(passPassInput, { seed: lang === 'en' ? 11 : 12, numRuns: 1 });
			const run = simulate({ ...input, players: 4, layout: false, mixed: false, start: 0 });
			await startMatch(page, 'Pass Pass', NAMES.slice(0, 4), { french: lang === 'fr' });
			const thumb = new Thumb(page);
			const seen = new Set<string>();
			let at = 0;
			// taps of each trick none of whose won cards had its diamonds asked
			const known: number[] = [];
			// a trick: its cards, the first pick, and the second pick when equal values leave a choice
			for (const trick of tricksOf(run.actions)) {
				const before = seen.size;
				await thumb.entry('trick', async () => {
					for (const action of trick) {
						await gridAction(page, thumb, action, seen);
						await logged(page, ++at);
					}
				});
				if (seen.size === before) known.push(thumb.perAction.get('trick')!.at(-1)!);
			}
			await expect(page.getByTestId('outcome')).toBeVisible();
			const expected = sideTotals(run.state).points;
			for (const [side, points] of expected.entries()) {
				await expect(page.getByTestId(`pad-total-${side}`)).toContainText(String(points));
			}
			console.log(thumb.report(`pass-pass ${lang}`));
			thumb.expectAllInReach(`pass-pass ${lang}`);
			// with the won cards' diamonds known, a 4-player trick is a tap per card + the pick
			expect(known.length).toBeGreaterThan(0);
			expect(Math.min(...known)).toBe(5);
		});

		test(`Pass-Pass: a whole 7-deal match, every tap in reach (${lang})`, async ({ page }) => {
			const [input] = fc.sample(matchInput, { seed: lang === 'en' ? 5 : 6, numRuns: 1 });
			const run = legalMatch({ ...input, typeTotals: false, houseRuleWinnerStarts: false });
			await startMatch(page, 'Pass-Pass', NAMES.slice(0, 4), {
				start: NAMES[input.start],
				french: lang === 'fr'
			});
			const thumb = new Thumb(page);
			// who starts was asked at setup: the match opens on deal 1's first tile
			expect(run.steps[0].action).toEqual({ type: 'start', seat: input.start });
			const steps = run.steps.slice(1);
			for (const [at, step] of steps.entries()) {
				const { action } = step;
				await thumb.entry(action.type, async () => {
					await dominoesAction(page, thumb, step);
				});
				await logged(page, at + 1);
			}
			await expect(page.getByTestId('outcome')).toBeVisible();
			const [a, b] = dominoTotals(run.state);
			await expect(page.getByTestId('total-0')).toHaveText(String(a));
			await expect(page.getByTestId('total-1')).toHaveText(String(b));
			console.log(thumb.report(`dominoes ${lang}`));
			thumb.expectAllInReach(`dominoes ${lang}`);
		});

		test(`PASS: a whole basic match to three crowns, every tap in reach (${lang})`, async ({
			page
		}) => {
			const run = enterableMatch(lang === 'en' ? 3 : 40);
			// who holds START 2 in game 1 is asked at setup; later games ask it in the match
			const [first, ...actions] = run.actions;
			if (first.type !== 'start') throw new Error('a match begins with who starts');
			await startMatch(page, 'PASS', NAMES.slice(0, 3), {
				french: lang === 'fr',
				start: NAMES[first.seat]
			});
			const thumb = new Thumb(page);
			for (const [at, action] of actions.entries()) {
				await thumb.entry(action.type, () => climbingAction(page, thumb, action));
				await logged(page, at + 1);
				// the screen follows the match the rules played: cards and tokens per seat
				const after = run.states[at + 2];
				if (after.phase === 'play') {
					// every seat at once, in seat order: one look a row of the sheet, not one a seat
					const seats = after.hands.map((_, seat) => seat);
					await expect(
						page.locator(seats.map((seat) => `[data-testid="cards-${seat}"]`).join(', ')),
						JSON.stringify(action)
					).toHaveText(after.hands.map(String));
					await expect(
						page.locator(seats.map((seat) => `[data-testid="tokens-${seat}"]`).join(', '))
					).toHaveText(after.tokens.map(String));
				}
			}
			await expect(page.getByTestId('outcome')).toBeVisible();
			for (const [seat, crowns] of climbingTotals(run.states.at(-1)!).entries()) {
				await expect(page.getByTestId(`total-${seat}`)).toHaveText(String(crowns));
			}
			console.log(thumb.report(`climbing ${lang}`));
			thumb.expectAllInReach(`climbing ${lang}`);
		});

		test(`I'll Pass: a whole game, every tap in reach (${lang})`, async ({ page }) => {
			const run = randomGame(seeded(lang === 'en' ? 1 : 2), 4);
			await startMatch(page, "I'll Pass", NAMES.slice(0, 4), {
				start: NAMES[run.config.start],
				french: lang === 'fr',
				setup: async (page) => {
					if (run.config.takerReveals) await page.locator('input[type=checkbox]').first().check();
				}
			});
			const thumb = new Thumb(page);
			for (const [at, action] of run.actions.entries()) {
				await thumb.entry(action.type, async () => {
					if (action.type === 'reveal')
						await thumb.tap(page.locator(`[data-card="${action.card}"]`), `reveal ${action.card}`);
					else await thumb.tap(page.locator(`[data-${action.type}]`), action.type);
				});
				await logged(page, at + 1);
			}
			await expect(page.getByTestId('outcome')).toBeVisible();
			for (const seat of [0, 1, 2, 3]) {
				await expect(page.getByTestId(`score-${seat}`)).toHaveText(String(score(run.state, seat)));
			}
			console.log(thumb.report(`ill-pass ${lang}`));
			thumb.expectAllInReach(`ill-pass ${lang}`);
		});
	});
}

// A larger phone in French, one whole game: the same reach at 390x844.
test.describe('390x844, fr', () => {
	test.use({ ...smallPhone, viewport: { width: 390, height: 844 }, locale: 'fr-FR' });

	test("I'll Pass: a whole game at 390x844 in French, every tap in reach", async ({ page }) => {
		const run = randomGame(seeded(9), 5);
		await startMatch(page, "I'll Pass", NAMES, {
			start: NAMES[run.config.start],
			french: true,
			setup: async (page) => {
				if (run.config.takerReveals) await page.locator('input[type=checkbox]').first().check();
			}
		});
		const thumb = new Thumb(page);
		for (const [at, action] of run.actions.entries()) {
			if (action.type === 'reveal') await thumb.tap(page.locator(`[data-card="${action.card}"]`));
			else await thumb.tap(page.locator(`[data-${action.type}]`), action.type);
			await logged(page, at + 1);
		}
		await expect(page.getByTestId('outcome')).toBeVisible();
		thumb.expectAllInReach('ill-pass 390x844 fr');
	});
});

// One hand or a keyboard: arrow keys move within a pad, and after each step the focus is on
// the next control needed, not back at the top of the page (the trick grid's own keyboard test
// is in tests/grid.e2e.ts; here the cards won pad).
test('keyboard: a Pass Pass card won by arrows and Enter, the focus going on to the next step', async ({
	page
}) => {
	await startMatch(page, 'Pass Pass', NAMES.slice(0, 3));
	await page.getByRole('button', { name: 'Cards won' }).click();
	await page
		.getByRole('group', { name: 'Who took the cards?' })
		.getByRole('button', { name: 'Ana' })
		.click();
	const purple = page.locator('button.color[data-color="purple"]');
	await purple.focus();
	await page.keyboard.press('ArrowRight');
	await expect(page.locator('button.color[data-color="blue"]')).toBeFocused();
	await page.keyboard.press('End');
	await expect(page.locator('button.color[data-color="yellow"]')).toBeFocused();
	await page.keyboard.press('Enter');
	// the colour is chosen: the values pad has the focus, and arrows walk it
	await expect(page.locator('.values [data-value="1"]')).toBeFocused();
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('ArrowDown');
	await expect(page.locator('.values [data-value="8"]')).toBeFocused();
	await page.keyboard.press('Enter');
	// the value is chosen: the diamonds have the focus (a person sees them before going on)
	await expect(page.locator('[data-diamonds="0"]')).toBeFocused();
	await page.keyboard.press('ArrowRight');
	await page.keyboard.press('Enter'); // 1 diamond
	await expect(page.getByTestId('pending')).toContainText('Yellow 8 · 1 ◆');
	// the next card starts at the colour kept for it
	await expect(page.locator('button.color[data-color="yellow"]')).toBeFocused();
});
