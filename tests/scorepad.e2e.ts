import { expect, test, type Page } from '@playwright/test';
import { axe } from './axe';
import fc from 'fast-check';
import { startMatch } from './helpers';
import { logged, smallPhone, Thumb } from './reach';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { score } from '../src/lib/rules/ill-pass';
import { legalMatch, matchInput } from '../src/lib/rules/dominoes/simulate';
import {
	endsFor,
	tileKey,
	totals as dominoTotals,
	type DealRecord
} from '../src/lib/rules/dominoes';
import { randomMatch } from '../src/lib/rules/climbing/simulate';
import { totals as climbingTotals } from '../src/lib/rules/climbing';
import { seeded } from '../src/lib/rules/common';

// Score pad (docs/rulings.md): whole matches entered round by round as their results, and one
// mixing refereed and entered deals, with one thumb at 360x640: before every tap the control is
// on screen and topmost (Thumb), and the taps are counted and printed for bench/RESULTS.md, "Taps".

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve'];
const PAD = { en: /^Score pad: enter/, fr: /^Carnet de score\s*: saisir/ };

/** Types a figure into a field as a thumb does: a tap on the field, then one per digit. */
async function type(page: Page, thumb: Thumb, field: string, value: number, what: string) {
	await thumb.tap(page.locator(field), what);
	await page.locator(field).fill('');
	await page.keyboard.type(String(value));
	thumb.taps += String(value).length;
}

/** Picks the score pad on the new-match screen. */
const padAtSetup =
	(lang: 'en' | 'fr', more?: (page: Page) => Promise<void>) => async (page: Page) => {
		await page.getByRole('radio', { name: PAD[lang] }).check();
		await more?.(page);
	};

/** A deal of a refereed match, entered as its result on the dominoes pad. */
async function dominoDeal(page: Page, thumb: Thumb, record: DealRecord) {
	if (record.wentOut === null) {
		await thumb.tap(page.locator('[data-out="blocked"]'), 'blocked');
		const [a, b, c, d] = record.handSizes;
		await type(page, thumb, '[data-left="0"]', a + c, 'team A tiles');
		await type(page, thumb, '[data-left="1"]', b + d, 'team B tiles');
	} else {
		await thumb.tap(page.locator(`[data-out="${record.wentOut}"]`), 'went out');
		await type(page, thumb, '[data-total]', Math.max(...record.points), 'spots');
	}
	await thumb.tap(page.locator('[data-tally]'), 'enter deal');
}

for (const lang of ['en', 'fr'] as const) {
	test.describe(`score pad, 360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
		test.describe.configure({ timeout: 180_000 });

		test(`I'll Pass: a whole game entered at its end (${lang})`, async ({ page }) => {
			const run = randomGame(seeded(lang === 'en' ? 3 : 4), 4);
			await startMatch(page, "I'll Pass", NAMES.slice(0, 4), {
				start: NAMES[run.config.start],
				french: lang === 'fr',
				setup: padAtSetup(lang)
			});
			const thumb = new Thumb(page);
			await thumb.entry('game', async () => {
				for (const [seat, hand] of run.state.hands.entries()) {
					if (seat > 0) await thumb.tap(page.locator(`[data-seat="${seat}"]`), `seat ${seat}`);
					for (const card of hand.cards)
						await thumb.tap(page.locator(`[data-card="${card}"]`), `card ${card}`);
					// the last player's chips follow from the others' (11 each in all)
					if (seat < 3) await type(page, thumb, `[data-chips="${seat}"]`, hand.chips, 'chips');
					else await expect(page.locator('[data-chips="3"]')).toHaveValue(String(hand.chips));
				}
				// a card given to one player is greyed for another
				const other = run.state.hands[0].cards[0];
				if (other !== undefined)
					await expect(page.locator(`[data-card="${other}"]`)).toBeDisabled();
				await thumb.tap(page.locator('[data-tally]'), 'enter the game');
			});
			await logged(page, 1);
			await expect(page.getByTestId('outcome')).toBeVisible();
			for (const seat of [0, 1, 2, 3])
				await expect(page.getByTestId(`score-${seat}`)).toHaveText(String(score(run.state, seat)));
			console.log(thumb.report(`ill-pass score pad ${lang}`));
		});

		test(`Pass-Pass: a whole 7-deal match entered deal by deal (${lang})`, async ({ page }) => {
			const [input] = fc.sample(matchInput, { seed: lang === 'en' ? 5 : 6, numRuns: 1 });
			const run = legalMatch({ ...input, typeTotals: true, houseRuleWinnerStarts: false });
			await startMatch(page, 'Pass-Pass', NAMES.slice(0, 4), {
				start: NAMES[input.start],
				french: lang === 'fr',
				setup: padAtSetup(lang)
			});
			const thumb = new Thumb(page);
			for (const [at, record] of run.state.deals.entries()) {
				await thumb.entry(record.wentOut === null ? 'blocked deal' : 'deal gone out', () =>
					dominoDeal(page, thumb, record)
				);
				await logged(page, at + 1);
			}
			await expect(page.getByTestId('outcome')).toBeVisible();
			// finished on the pad: the sheet holds the totals (no referee's panel, no boneyard)
			await expect(page.getByTestId('boneyard')).toHaveCount(0);
			const [a, b] = dominoTotals(run.state);
			await expect(page.getByTestId('score-sheet').locator('tfoot td')).toHaveText([
				String(a),
				String(b)
			]);
			console.log(thumb.report(`dominoes score pad ${lang}`));
		});

		test(`PASS: a whole points match entered game by game (${lang})`, async ({ page }) => {
			const random = seeded(lang === 'en' ? 21 : 22);
			const coins = Array.from({ length: 120 }, () => Math.floor(random() * 10_000));
			const run = randomMatch({ players: 3, mode: 'advanced', tokens: 40, coins }, 2000);
			const end = run.states.at(-1)!;
			expect(end.phase).toBe('over');
			await startMatch(page, 'PASS', NAMES.slice(0, 3), {
				french: lang === 'fr',
				setup: padAtSetup(lang, (page) =>
					page.locator('input[name="cl-mode"][value="advanced"]').check()
				)
			});
			const thumb = new Thumb(page);
			for (const [at, game] of end.games.entries()) {
				await thumb.entry('game', async () => {
					await thumb.tap(page.locator(`[data-winner="${game.winner}"]`), 'winner');
					for (const [seat, cards] of game.cardsLeft.entries())
						if (seat !== game.winner)
							await type(page, thumb, `[data-left="${seat}"]`, cards, 'cards left');
					await thumb.tap(page.locator('[data-tally]'), 'enter game');
				});
				await logged(page, at + 1);
			}
			await expect(page.getByTestId('outcome')).toBeVisible();
			// finished on the pad: the sheet holds the totals (no referee's panel, no supply)
			await expect(page.getByTestId('supply')).toHaveCount(0);
			await expect(page.getByTestId('score-sheet').locator('tfoot td')).toHaveText(
				climbingTotals(end).map(String)
			);
			console.log(thumb.report(`climbing score pad ${lang}`));
		});

		test(`Pass Pass: the score pad at setup opens on cards won (${lang})`, async ({ page }) => {
			await startMatch(page, 'Pass Pass', NAMES.slice(0, 4), {
				french: lang === 'fr',
				setup: padAtSetup(lang)
			});
			// Pass Pass's score pad is its cards-won entry: who took them, the cards, Give
			const won = page.getByRole('button', {
				name: lang === 'fr' ? 'Cartes gagnées' : 'Cards won',
				exact: true
			});
			await expect(won).toHaveAttribute('aria-pressed', 'true');
			const who = page.getByRole('group', {
				name: lang === 'fr' ? /^Qui a pris les cartes\s*\?$/ : 'Who took the cards?'
			});
			const thumb = new Thumb(page);
			await thumb.tap(who.getByRole('button', { name: 'Ben', exact: true }), 'Ben took them');
			await expect(who.getByRole('button', { name: 'Ben', exact: true })).toHaveAttribute(
				'aria-pressed',
				'true'
			);
		});

		test(`Pass-Pass: refereed and score-pad deals mixed in one match (${lang})`, async ({
			page
		}) => {
			const [input] = fc.sample(matchInput, { seed: lang === 'en' ? 7 : 8, numRuns: 1 });
			const run = legalMatch({ ...input, typeTotals: false, houseRuleWinnerStarts: false });
			await startMatch(page, 'Pass-Pass', NAMES.slice(0, 4), {
				start: NAMES[input.start],
				french: lang === 'fr'
			});
			const thumb = new Thumb(page);
			let logLength = 0;
			for (const [index, record] of run.state.deals.entries()) {
				const deal = index + 1;
				if (deal % 2 === 0) {
					// an even deal on the score pad, switched to between deals: the way to the pad sits
					// in the tile box's empty corner before the deal's first tile, in reach
					await thumb.tap(page.locator('[data-entry="pad"]'), 'to the score pad');
					await thumb.entry('deal on the pad', () => dominoDeal(page, thumb, record));
					await logged(page, ++logLength);
					await thumb.tap(page.locator('[data-entry="referee"]'), 'referee');
					continue;
				}
				const steps = run.steps.filter(
					(step) => step.before.deal === deal && step.action.type !== 'start'
				);
				await thumb.entry('deal refereed', async () => {
					for (const step of steps) {
						const { action, before } = step;
						if (action.type === 'play') {
							const key = tileKey(action.tile);
							await thumb.tap(page.getByTestId('turn').locator(`[data-tile="${key}"]`), key);
							if (before.line.length > 0 && endsFor(before, action.tile).length === 2)
								await thumb.tap(page.locator(`[data-end="${action.end}"]`), `end ${action.end}`);
						} else if (action.type === 'count') {
							for (const tile of action.tiles ?? []) {
								const key = tileKey(tile);
								await thumb.tap(page.getByTestId('count').locator(`[data-tile="${key}"]`), key);
							}
							await thumb.tap(page.locator('[data-count="tiles"]'), 'count them');
						} else {
							await thumb.tap(page.locator(`[data-act="${action.type}"]`), action.type);
						}
						await logged(page, ++logLength);
					}
				});
			}
			await expect(page.getByTestId('outcome')).toBeVisible();
			const [a, b] = dominoTotals(run.state);
			await expect(page.getByTestId('total-0')).toHaveText(String(a));
			await expect(page.getByTestId('total-1')).toHaveText(String(b));
			console.log(thumb.report(`dominoes mixed ${lang}`));
			thumb.expectAllInReach(`dominoes mixed ${lang}`);
		});

		test(`the switch between referee and score pad is in reach in every game (${lang})`, async ({
			page
		}) => {
			const thumb = new Thumb(page);
			for (const game of ['Pass-Pass', 'PASS', "I'll Pass"]) {
				await startMatch(page, game, NAMES.slice(0, game === 'PASS' ? 3 : 4), {
					start: 'Ana',
					french: lang === 'fr'
				});
				// refereed at setup: one button to the pad among the panel's controls, and back (the
				// match is read from storage after the address changes: judged once its panel shows)
				await expect(page.getByTestId('turn')).toBeVisible();
				await expect(page.getByTestId('play').locator('[data-entry="pad"]')).toBeVisible();
				const { violations } = await axe(page).include('[data-testid="play"]').analyze();
				expect(violations.map((violation) => `${game}: ${violation.id}`)).toEqual([]);
				await thumb.tap(page.locator('[data-entry="pad"]'), `${game}: to the pad`);
				await expect(page.getByTestId('score-pad')).toBeVisible();
				await thumb.tap(page.locator('[data-entry="referee"]'), `${game}: to the referee`);
				await expect(page.getByTestId('turn')).toBeVisible();
			}
			// Pass Pass: its own switch between trick by trick and cards won
			await startMatch(page, 'Pass Pass', NAMES.slice(0, 4), { french: lang === 'fr' });
			const won = lang === 'fr' ? 'Cartes gagnées' : 'Cards won';
			const tricks = lang === 'fr' ? 'Pli par pli' : 'Trick by trick';
			await thumb.tap(page.getByRole('button', { name: won, exact: true }), 'cards won');
			await thumb.tap(page.getByRole('button', { name: tricks, exact: true }), 'tricks');
			thumb.expectAllInReach(`entry switches ${lang}`);
		});

		test(`Pass-Pass house rule: a blocked deal entered per player, the partner with fewer starts (${lang})`, async ({
			page
		}) => {
			await startMatch(page, 'Pass-Pass', NAMES.slice(0, 4), {
				start: 'Ana',
				french: lang === 'fr',
				setup: padAtSetup(lang, (page) => page.locator('input[type="checkbox"]').first().check())
			});
			const thumb = new Thumb(page);
			await thumb.tap(page.locator('[data-out="blocked"]'), 'blocked');
			// team A (Ana, Cleo) 3 tiles against team B's 5: of its partners Cleo holds fewer
			for (const [seat, tiles] of [2, 3, 1, 2].entries())
				await type(page, thumb, `[data-left="${seat}"]`, tiles, `tiles ${seat}`);
			await thumb.tap(page.locator('[data-tally]'), 'enter deal');
			await logged(page, 1);
			await expect(page.getByTestId('score-pad')).toContainText(
				lang === 'fr' ? 'Cleo commence cette donne.' : 'Cleo starts this deal.'
			);
			thumb.expectAllInReach(`dominoes blocked per player ${lang}`);
		});
	});
}
