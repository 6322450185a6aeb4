import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { startMatch } from './helpers';
import { logged, smallPhone } from './reach';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { score } from '../src/lib/rules/ill-pass';
import { seeded } from '../src/lib/rules/common';
import { rateGame, stakes, type RatedMatch } from '../src/lib/ratings/rate';
import { axe } from './axe';

// Ratings (docs/ratings.md), as a person meets them at 360x640: switched on in the settings,
// two I'll Pass games entered on the score pad, the stake under each seat of the next match, the
// leaderboard on the players' page and a player's history on theirs, each figure the pure
// ratings of the same record. English in the light theme, French in the dark one.

const NAMES = ['Ana', 'Ben', 'Cleo'];
const WORDS = {
	en: {
		switch: "Rate this phone's matches",
		pad: /^Score pad: enter/,
		stake: (win: string, last: string) => `At stake: win ${win} · last place ${last}`,
		provisional: 'provisional',
		history: 'Rating over time'
	},
	fr: {
		switch: 'Coter les parties de ce téléphone',
		pad: /^Carnet de score\s*: saisir/,
		stake: (win: string, last: string) => `En jeu\u202f: victoire ${win} · dernière place ${last}`,
		provisional: 'provisoire',
		history: 'Cote au fil des parties'
	}
};

const number = (lang: 'en' | 'fr', value: number) =>
	new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'fr-FR').format(value);
const change = (lang: 'en' | 'fr', value: number) =>
	(value > 0 ? '+' : value < 0 ? '\u2212' : '±') + number(lang, Math.abs(value));

/** An I'll Pass game entered whole at its end on the score pad, as scorepad.e2e.ts does. */
async function enterGame(page: Page, run: ReturnType<typeof randomGame>) {
	for (const [seat, hand] of run.state.hands.entries()) {
		if (seat > 0) await page.locator(`[data-seat="${seat}"]`).click();
		for (const card of hand.cards) await page.locator(`[data-card="${card}"]`).click();
		// the last player's chips follow from the others'
		if (seat < NAMES.length - 1)
			await page.locator(`[data-chips="${seat}"]`).fill(String(hand.chips));
	}
	await page.locator('[data-tally]').click();
	await logged(page, 1);
	await expect(page.getByTestId('outcome')).toBeVisible();
}

/** The same game as the record keeps it, for the pure ratings: the lowest score wins. */
function recorded(run: ReturnType<typeof randomGame>, at: number): RatedMatch {
	const totals = NAMES.map((_, seat) => score(run.state, seat));
	const best = Math.min(...totals);
	const winners = totals.flatMap((total, seat) => (total === best ? [seat] : []));
	return {
		id: `m${at}`,
		game: 'ill-pass',
		createdAt: at,
		status: 'finished',
		playerIds: NAMES,
		result: {
			winners,
			shared: winners.length > 1,
			sides: NAMES.map((_, seat) => [seat]),
			totals,
			lowerWins: true
		}
	};
}

async function shot(page: Page, info: TestInfo, name: string, fullPage = true) {
	const path = info.outputPath(`${name.replaceAll(' ', '-')}.png`);
	await page.screenshot({ path, fullPage });
	await info.attach(name, { path, contentType: 'image/png' });
}

for (const [lang, theme] of [
	['en', 'light'],
	['fr', 'dark']
] as const) {
	test.describe(`ratings, 360x640, ${lang}`, () => {
		test.use({ ...smallPhone, locale: lang === 'fr' ? 'fr-FR' : 'en-GB' });
		test.describe.configure({ timeout: 180_000 });

		test(`switched on, two games entered: stakes, leaderboard and history (${lang}, ${theme})`, async ({
			page
		}, info) => {
			const words = WORDS[lang];
			await page.addInitScript(
				([lang, theme]) => {
					localStorage.setItem('PARAGLIDE_LOCALE', lang);
					localStorage.setItem('passpad-theme', theme);
				},
				[lang, theme]
			);
			// off by default; one tick on the settings page, kept across a reload
			await page.goto('/settings');
			const toggle = page.getByRole('checkbox', { name: words.switch });
			await expect(toggle).not.toBeChecked();
			await toggle.check();
			await page.reload();
			await expect(page.getByRole('checkbox', { name: words.switch })).toBeChecked();
			expect((await axe(page).analyze()).violations).toEqual([]);

			const runs = [randomGame(seeded(lang === 'en' ? 11 : 12), 3), randomGame(seeded(21), 3)];
			const record: RatedMatch[] = [];
			for (const [at, run] of runs.entries()) {
				const before = rateGame(record);
				const expected = stakes(before, NAMES, [[0], [1], [2]]);
				await startMatch(page, "I'll Pass", NAMES, {
					start: NAMES[run.config.start],
					french: lang === 'fr',
					setup: async (page) => {
						await page.getByRole('radio', { name: words.pad }).check();
						// once every seat has a name, each seat's stake, on one line inside 360 px
						const lines = page.getByTestId('stake');
						await expect(lines).toHaveText(
							expected.map((stake) =>
								words.stake(change(lang, stake.win), change(lang, stake.last))
							)
						);
						for (const line of await lines.all()) {
							const box = (await line.boundingBox())!;
							const seat = (await line.locator('xpath=..').boundingBox())!;
							expect(box.x + box.width).toBeLessThanOrEqual(seat.x + seat.width + 0.5);
							// one line of its type: no second line under it
							expect(box.height).toBeLessThan(24);
						}
						if (at === 1) {
							await shot(page, info, `new match with stakes ${lang} ${theme}`);
							const found = await axe(page).analyze();
							expect(found.violations).toEqual([]);
						}
					}
				});
				await enterGame(page, run);
				record.push(recorded(run, at));
			}

			// the leaderboard: every player, the rating the record gives, provisional after 2 games
			const ratings = rateGame(record);
			await page.goto('/players');
			const board = page.getByTestId('ratings-ill-pass');
			await expect(board.locator('tbody tr')).toHaveCount(3);
			const order = [...ratings.values()].sort((a, b) => b.rating - a.rating);
			await expect(board.locator('tbody th')).toHaveText(order.map((row) => row.playerId));
			await expect(board.locator('tbody td:nth-of-type(1)')).toHaveText(
				order.map((row) => `${number(lang, row.rating)} ${words.provisional}`)
			);
			await expect(board.locator('tbody td:nth-of-type(2)')).toHaveText(['2', '2', '2']);
			await shot(page, info, `leaderboard ${lang} ${theme}`);
			const found = await axe(page).analyze();
			expect(found.violations).toEqual([]);

			// the best player's history: the start and one row a game, on the chart
			await board.getByRole('link', { name: order[0].playerId }).click();
			await expect(page.getByRole('heading', { name: words.history })).toBeVisible();
			const table = page.getByTestId('rating-table-ill-pass');
			await expect(table.locator('tbody td')).toHaveText([
				number(lang, 1000),
				...order[0].history.map((step) => number(lang, step.rating))
			]);
			await page.getByRole('heading', { name: words.history }).scrollIntoViewIfNeeded();
			await shot(page, info, `history ${lang} ${theme}`, false);
			expect((await axe(page).analyze()).violations).toEqual([]);
		});
	});
}

test.describe('ratings on a tablet', () => {
	test.use({ viewport: { width: 820, height: 1180 }, isMobile: false, hasTouch: true });

	test('off by default; once on, the record already played is rated, and the leaderboard uses the width', async ({
		page
	}, info) => {
		const run = randomGame(seeded(5), 3);
		await startMatch(page, "I'll Pass", NAMES, {
			start: NAMES[run.config.start],
			setup: (page) => page.getByRole('radio', { name: WORDS.en.pad }).check()
		});
		await enterGame(page, run);
		// off: who wins what shows the match, no rating does
		await page.goto('/players');
		await expect(page.getByTestId('leaderboard').locator('tbody tr')).toHaveCount(3);
		await expect(page.getByTestId('ratings')).toHaveCount(0);
		// on: the match played before counts, ratings being the record's
		await page.goto('/settings');
		await page.getByRole('checkbox', { name: WORDS.en.switch }).check();
		await page.goto('/players');
		const board = page.getByTestId('ratings-ill-pass');
		await expect(board.locator('tbody tr')).toHaveCount(3);
		const best = [...rateGame([recorded(run, 0)]).values()].sort((a, b) => b.rating - a.rating)[0];
		await expect(board.locator('tbody tr').first().locator('td').first()).toHaveText(
			`${number('en', best.rating)} provisional`
		);
		await shot(page, info, 'leaderboard tablet');
	});
});
