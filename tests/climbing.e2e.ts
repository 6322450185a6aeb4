import { expect, test, type Page } from '@playwright/test';
import { gameLink, nextPress, pressed, startMatch } from './helpers';

/** Starts a PASS match through the new-match screen, basic unless told otherwise. */
function startPass(
	page: Page,
	names: string[],
	options: { start?: string; mode?: 'basic' | 'advanced' } = {}
) {
	return startMatch(page, 'PASS', names, {
		start: options.start,
		setup: async () => {
			if (options.mode === 'advanced')
				await page.getByRole('radio', { name: /^Advanced: 4, 2 and 1 points/ }).check();
		}
	});
}

/** Actions in the log, as the log's summary counts them. */
async function logged(page: Page): Promise<number> {
	const text = await page.getByText(/^Log \(\d+\)$/).textContent();
	return Number(text?.match(/\d+/)?.[0]);
}

/** Waits until one more action is in the log (every accepted action is). */
async function acted(page: Page, before: number) {
	await expect(page.getByText(`Log (${before + 1})`, { exact: true })).toBeVisible();
}

/** Answers "who holds START 2?" with a tap on the name. */
async function holder(page: Page, name: string) {
	const before = await logged(page);
	await page
		.getByTestId('start')
		.getByRole('button', { name: new RegExp(`^${name}`) })
		.click();
	await acted(page, before);
}

/**
 * Taps the values shown on the cards: "A A" is two cards, "AA" one card with a doubled face
 * (the "×2 face" button first). Nothing is confirmed.
 */
async function enter(page: Page, faces: string, double = '×2 face') {
	for (const face of faces.split(' ')) {
		const half = face.length / 2;
		if (face.length > 1 && face !== '10' && face.slice(0, half) === face.slice(half)) {
			await page.getByRole('button', { name: double }).click();
			// a doubled key shows "99" and is heard as "Double 9" (words.e2e)
			await page.locator(`[data-rank="${face.slice(0, half)}"]`).click();
			continue;
		}
		await page.getByRole('button', { name: face, exact: true }).click();
	}
}

/** Enters a set, says whether tokens upgraded or augment it, checks the preview, plays it. */
async function play(
	page: Page,
	faces: string,
	options: { upgrade?: boolean; augment?: boolean; expect?: string } = {}
) {
	const before = await logged(page);
	await enter(page, faces);
	if (options.upgrade) await page.getByRole('checkbox', { name: /^Upgrade/ }).check();
	if (options.augment) await page.getByRole('checkbox', { name: /^Augment/ }).check();
	if (options.expect) await expect(page.getByTestId('preview-set')).toHaveText(options.expect);
	await page.getByRole('button', { name: /^Play/ }).click();
	await acted(page, before);
}

async function pass(page: Page) {
	const before = await logged(page);
	// a person's second Pass comes well after the first: quicker is a double tap, and dropped
	await nextPress(page);
	await page.getByRole('button', { name: /^Pass/ }).click();
	pressed(page);
	await acted(page, before);
}

const cards = (page: Page, seat: number) => page.getByTestId(`cards-${seat}`);
const tokens = (page: Page, seat: number) => page.getByTestId(`tokens-${seat}`);
const total = (page: Page, seat: number) => page.getByTestId(`total-${seat}`);

async function expectColumn(page: Page, column: typeof cards, values: number[]) {
	for (const [seat, value] of values.entries()) {
		await expect(column(page, seat)).toHaveText(String(value));
	}
}

test("the rulebook's token example: Peter, Yu-cin, Wang and AG, with a reload", async ({
	page
}) => {
	await startPass(page, ['Peter', 'Yu-cin', 'Wang', 'AG'], { start: 'Peter' });
	// who holds START 2 was asked at setup: game 1 begins, nobody is asked again
	await expect(page.getByTestId('start')).toHaveCount(0);
	await expect(page.getByTestId('turn')).toHaveText('Peter leads: play any set');
	// The leader cannot pass.
	await expect(page.getByRole('button', { name: /^Pass/ })).toHaveCount(0);

	// Two short rounds in which Yu-cin, Wang and AG save tokens by passing.
	await play(page, '2', { expect: 'Plain two' });
	await play(page, '4', { expect: 'Plain four' });
	await pass(page);
	await expect(page.getByTestId('player-2')).toContainText('passed');
	await pass(page);
	await play(page, '9');
	await pass(page);
	await expect(page.getByTestId('news-line')).toContainText(
		'Round 2: all the others passed, so Peter leads.'
	);
	await play(page, '3');
	await pass(page);
	await pass(page);
	await pass(page);
	await expect(page.getByTestId('status')).toContainText('Game 1 · Round 3');
	await expectColumn(page, tokens, [1, 3, 3, 3]);
	await expect(page.getByTestId('supply')).toHaveText('Supply: 30');

	// Peter started a round with a pair of As; Yu-cin declared PASS and took a token.
	await play(page, 'A A', { expect: 'Pair, aces' });
	await pass(page);
	await expect(tokens(page, 1)).toHaveText('4');

	// Wang: a plain A upgraded to AA (1 token) and augmented (1 token), previewed first.
	await expect(page.getByTestId('turn')).toHaveText('Wang: beat it or pass');
	await enter(page, 'AA');
	await expect(page.getByTestId('card-count')).toHaveText('1 card');
	await expect(page.getByTestId('preview-set')).toHaveText('Pair, aces');
	await expect(page.getByTestId('preview')).toContainText(
		'An equal set beats it only by augmenting with exactly 1 token.'
	);
	await page.getByRole('checkbox', { name: /^Upgrade/ }).check();
	await expect(page.getByRole('checkbox', { name: /^Augment/ })).toHaveAccessibleName(
		'Augment: 1 token'
	);
	await page.getByRole('checkbox', { name: /^Augment/ }).check();
	await expect(page.getByTestId('preview')).toContainText(
		'Equal to pair, aces: beats it by augmenting with 1 token.'
	);
	await expect(page.getByTestId('preview-cost')).toHaveText('Costs 2 tokens; Wang has 3 tokens.');
	const before = await logged(page);
	await page.getByRole('button', { name: /^Play/ }).click();
	await acted(page, before);
	await expect(page.getByTestId('table')).toContainText('played by Wang');
	await expect(page.getByTestId('table-augment')).toHaveText('augmented: 1 token beside it');
	await expect(tokens(page, 2)).toHaveText('1');

	// A reload mid-round loses nothing: the table, the tokens, who passed, whose turn.
	await page.reload();
	await expect(page.getByTestId('table-set')).toHaveText('Pair, aces');
	await expect(page.getByTestId('table-augment')).toHaveText('augmented: 1 token beside it');
	await expect(page.getByTestId('beside')).toContainText("Tokens beside this round's sets: 1");
	await expectColumn(page, tokens, [1, 4, 1, 3]);
	await expectColumn(page, cards, [8, 12, 12, 13]);
	await expect(page.getByTestId('player-1')).toContainText('passed');
	await expect(page.getByTestId('turn')).toHaveText('AG: beat it or pass');

	// AG: the augment now costs 2. He upgrades his 2 into an A and augments with 2 more.
	await enter(page, 'A A');
	await page.getByRole('checkbox', { name: /^Upgrade/ }).check();
	await expect(page.getByRole('checkbox', { name: /^Augment/ })).toHaveAccessibleName(
		'Augment: 2 tokens'
	);
	await expect(page.getByTestId('preview')).toContainText(
		'An equal set beats it only by augmenting with exactly 2 tokens.'
	);
	await expect(page.getByRole('button', { name: /^Play/ })).toBeDisabled();
	await page.getByRole('checkbox', { name: /^Augment/ }).check();
	await expect(page.getByTestId('preview-cost')).toHaveText('Costs 3 tokens; AG has 3 tokens.');
	const beforeAg = await logged(page);
	await page.getByRole('button', { name: /^Play/ }).click();
	await acted(page, beforeAg);
	await expect(tokens(page, 3)).toHaveText('0');
	await expect(page.getByTestId('beside')).toContainText("Tokens beside this round's sets: 3");

	// Peter and Wang in turn declared PASS: AG alone is left and leads the next round.
	await pass(page);
	await pass(page);
	await expect(page.getByTestId('news-line')).toContainText(
		'Round 4: all the others passed, so AG leads.'
	);
	await expect(page.getByTestId('table-set')).toHaveText('The table is empty.');
	await expectColumn(page, tokens, [2, 4, 2, 0]);
	await expect(page.getByTestId('supply')).toHaveText('Supply: 32');
	await expectColumn(page, cards, [13 - 5, 13 - 1, 13 - 1, 13 - 2]);
});

test('a basic match: three games to three crowns', async ({ page }) => {
	// a whole match tap by tap: on a busy machine each tap takes a good part of a second
	test.slow();
	await startPass(page, ['Ana', 'Ben']);
	// A trump earns a token, and says so.
	await play(page, '2 2 2 2 2', { expect: 'Trump, twos' });
	await expect(page.getByTestId('news-line')).toContainText('Ana played trump, twos');
	await expect(page.getByTestId('news-line')).toContainText('earned a token');
	await expect(tokens(page, 0)).toHaveText('2');
	await pass(page);
	await play(page, '3 4 5 6 7', { expect: 'Straight, seven high' });
	await pass(page);
	await expect(cards(page, 0)).toHaveText('3');
	await play(page, '9 9 9', { expect: 'Three of a kind, nines' });

	const result = page.getByTestId('game-result');
	await expect(result).toContainText('Game 1: Ana played their last card.');
	await expect(result).toContainText('Ana takes a crown.');
	await expect(total(page, 0)).toHaveText('1');
	await expect(page.getByTestId('score-sheet')).toContainText('Game 1');
	// Game 2: nobody is prefilled, the cards were dealt again.
	await expect(page.getByTestId('start')).toContainText('Game 2: who holds START 2?');
	await expect(page.getByTestId('start')).not.toContainText('chosen at setup');
	await expect(page.getByTestId('status')).toContainText('Game 2');
	await expect(page.getByTestId('status')).not.toContainText('Round');

	// Game 2: Ben leads, Ana bombs it with four eights on two doubled faces.
	await holder(page, 'Ben');
	await expectColumn(page, cards, [13, 13]);
	await expectColumn(page, tokens, [1, 1]);
	await play(page, 'K', { expect: 'Plain king' });
	await play(page, '88 88', { expect: 'Four of a kind, eights' });
	await expect(cards(page, 0)).toHaveText('11');
	await pass(page);
	await play(page, 'J Q K A 10', { expect: 'Straight, ace high' });
	await pass(page);
	await play(page, 'QQ Q 55', { expect: 'Full house, queens' });
	await pass(page);
	await play(page, 'A A A', { expect: 'Three of a kind, aces' });
	await expect(result).toContainText('Game 2: Ana played their last card.');
	await expect(total(page, 0)).toHaveText('2');

	// Game 3, and the match.
	await holder(page, 'Ana');
	await play(page, 'A 2 3 4 5', { expect: 'Straight, five high' });
	await pass(page);
	await play(page, '66 66 6', { expect: 'Trump, sixes' });
	await pass(page);
	await play(page, '7 7 7 8 8', { expect: 'Full house, sevens' });
	await expect(page.getByTestId('outcome')).toContainText('Ana wins!');
	await expect(page.getByTestId('outcome')).toContainText('First to 3 crowns.');
	await expect(result).toContainText('Game 3: Ana played their last card.');
	await expect(page.getByTestId('start')).toHaveCount(0);
	const sheet = page.getByTestId('score-sheet');
	await expect(sheet.locator('tbody tr')).toHaveCount(3);
	await expect(sheet.locator('tfoot')).toContainText('3');
});

test('an advanced game: a tie for 2 points goes clockwise from the winner', async ({ page }) => {
	await startPass(page, ['Ana', 'Ben', 'Cleo'], { start: 'Cleo', mode: 'advanced' });
	await expect(page.getByTestId('status')).toContainText('first to 10 points');
	await play(page, '2');
	await play(page, '5');
	await play(page, '9');
	await play(page, 'K');
	await pass(page);
	await pass(page);
	await expect(page.getByTestId('news-line')).toContainText(
		'Round 2: all the others passed, so Cleo leads.'
	);
	await play(page, '33 33 3', { expect: 'Trump, threes' });
	await pass(page);
	await pass(page);
	await play(page, '4 5 6 7 8');
	await pass(page);
	await pass(page);
	await expectColumn(page, cards, [12, 12, 3]);
	await play(page, '10 10 10');

	const result = page.getByTestId('game-result');
	await expect(result).toContainText('Game 1: Cleo played their last card.');
	await expect(result).toContainText('Cleo takes 4 points');
	await expect(result).toContainText('Ana takes 2 points');
	await expect(result).toContainText('Ben takes 1 point');
	await expect(page.getByTestId('tie')).toHaveText(
		'Ana and Ben both kept 12 cards: Ana is closer clockwise to Cleo, so takes the 2.'
	);
	await expectColumn(page, total, [2, 1, 4]);
	const row = page.getByTestId('score-sheet').locator('tbody tr').first();
	await expect(row).toHaveText(/Game 1\s*2\s*1\s*4/);
	await expect(page.getByTestId('start')).toContainText('Game 2: who holds START 2?');
});

test('refused plays show their reason before anything is played; undo takes a play back', async ({
	page
}) => {
	await startPass(page, ['Ana', 'Ben', 'Cleo']);
	const preview = page.getByTestId('preview');
	const playButton = page.getByRole('button', { name: /^Play/ });

	await enter(page, '9 10');
	await expect(preview).toContainText('9 10 is not a set');
	await expect(playButton).toBeDisabled();
	await page.getByRole('button', { name: 'Remove the last card' }).click();
	await enter(page, '9');
	await expect(page.getByTestId('preview-set')).toHaveText('Pair, nines');
	await expect(preview).toContainText('Opens the round.');
	await page.getByRole('checkbox', { name: /^Upgrade/ }).check();
	await page.getByRole('checkbox', { name: /^Upgrade/ }).uncheck();
	let before = await logged(page);
	await playButton.click();
	await acted(page, before);

	// Ben: a lower pair does not beat, an equal one needs the augment, and tokens must be there.
	await enter(page, '5 5');
	await expect(preview).toContainText(
		'Does not beat pair, nines: play a higher set of the same type, or a four of a kind or trump.'
	);
	await expect(playButton).toBeDisabled();
	await page.getByRole('button', { name: 'Clear' }).click();
	await enter(page, '99');
	await expect(preview).toContainText(
		'An equal set beats it only by augmenting with exactly 1 token.'
	);
	await page.getByRole('checkbox', { name: /^Augment/ }).check();
	await page.getByRole('checkbox', { name: /^Upgrade/ }).check();
	await expect(preview).toContainText('Costs 2 tokens, but the player has only 1 token.');
	await expect(playButton).toBeDisabled();
	await page.getByRole('checkbox', { name: /^Upgrade/ }).uncheck();
	await expect(preview).toContainText('Equal to pair, nines: beats it by augmenting with 1 token.');
	await expect(playButton).toBeEnabled();
	before = await logged(page);
	await playButton.click();
	await acted(page, before);
	await expect(tokens(page, 1)).toHaveText('0');
	await expect(cards(page, 1)).toHaveText('12');

	// Cleo: a plain card on a pair is not the same type.
	await enter(page, 'K');
	await expect(preview).toContainText('Does not beat pair, nines');
	await expect(playButton).toBeDisabled();
	// docs/rulings.md, PASS 10: the upgraded AA face is played on its own, never with another card
	await page.getByRole('button', { name: 'Clear' }).click();
	await enter(page, 'AA A A');
	await page.getByRole('checkbox', { name: /^Upgrade/ }).check();
	await expect(preview).toContainText(
		'The AA card, upgraded, is played on its own: it cannot be combined with other cards.'
	);
	await expect(playButton).toBeDisabled();

	// Undo takes Ben's play back: Ana's pair is on top again, Ben has his token.
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(page.getByTestId('table')).toContainText('played by Ana');
	await expect(page.getByTestId('turn')).toHaveText('Ben: beat it or pass');
	await expect(tokens(page, 1)).toHaveText('1');
	await expect(cards(page, 1)).toHaveText('13');
	await page.getByRole('button', { name: 'Redo' }).click();
	await expect(page.getByTestId('table-augment')).toHaveText('augmented: 1 token beside it');
});

test('a small box of tokens: with the supply empty, passing earns nothing and every word says so', async ({
	page
}) => {
	await startMatch(page, 'PASS', ['Ana', 'Ben'], {
		setup: async () => {
			await page.getByLabel('PASS tokens in the box').fill('2');
		}
	});
	await expect(page.getByTestId('supply')).toHaveText('Supply: 0');
	await play(page, '5', { expect: 'Plain five' });
	const passButton = page.getByRole('button', { name: /^Pass/ });
	await expect(passButton).toContainText('supply empty: no token, out this round');
	await expect(passButton).not.toContainText('+1 token');
	await pass(page);
	await expect(tokens(page, 1)).toHaveText('1');
	await page.getByText('Log (2)').click();
	await expect(page.getByTestId('log')).toContainText(
		'Ben passed; the supply is empty, so no token'
	);
	await expect(page.getByTestId('log')).not.toContainText('Ben passed and took a token');
});

test.describe('in French', () => {
	test.use({ locale: 'fr-FR' });

	test('the PASS screens speak French', async ({ page }) => {
		await page.goto('/');
		await gameLink(page, 'Jouer à PASS').click();
		const seats = page.getByLabel(/Nom du joueur à la place/);
		await seats.nth(0).fill('Léa');
		await seats.nth(1).fill('Sam');
		await seats.nth(2).fill('Zoé');
		await expect(page.getByText(/^Avancé\s: 4, 2 et 1 points/)).toBeVisible();
		await page.getByRole('button', { name: 'Commencer la partie' }).click();
		await expect(page.getByTestId('turn')).toHaveText('Léa commence : posez une combinaison');
		await enter(page, '9 99 4 4', 'Face ×2');
		await expect(page.getByTestId('preview-set')).toHaveText('Full aux neuf');
		await expect(page.getByTestId('preview')).toContainText('Ouvre le tour.');
		await page.getByRole('button', { name: /^Jouer/ }).click();
		await expect(page.getByTestId('table-set')).toHaveText('Full aux neuf');
		await expect(page.getByTestId('turn')).toHaveText('Sam : battez-la ou passez');
		await enter(page, '5 5 5 K K');
		await expect(page.getByTestId('preview')).toContainText(
			'Ne bat pas full aux neuf : posez une combinaison du même type plus haute, ou un carré ou un atout.'
		);
		await page.getByRole('button', { name: /^Passer/ }).click();
		await expect(page.getByTestId('player-1')).toContainText('a passé');
		await expect(page.getByTestId('status')).toHaveText(/Manche 1 · Tour 1/);
		await expect(page.getByRole('columnheader', { name: 'Jetons' })).toBeVisible();
	});
});

for (const [lang, locale, goal] of [
	['en', 'en-GB', 'Goal: 10 points'],
	['fr', 'fr-FR', 'But\u202f: 10 points']
] as const) {
	test.describe(`the goal on a 360x640 phone (${lang})`, () => {
		test.use({ viewport: { width: 360, height: 640 }, locale });

		test(`the goal is shown during play, on the status line, which stays one line (${lang})`, async ({
			page
		}) => {
			await startMatch(page, 'PASS', ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve'], {
				french: lang === 'fr',
				setup: async () => {
					await page.getByRole('radio', { name: lang === 'fr' ? /^Avancé/ : /^Advanced/ }).check();
				}
			});
			const status = page.getByTestId('status');
			await expect(status.getByTestId('goal')).toHaveText(goal);
			await expect(status.getByTestId('goal')).toBeInViewport({ ratio: 1 });
			// one line: the goal beside the game and round, so the pad below never moves
			const lines = await status.evaluate(
				(line) =>
					line.getBoundingClientRect().height /
					line.querySelector('strong')!.getBoundingClientRect().height
			);
			expect(lines).toBeLessThan(1.6);
		});
	});
}
