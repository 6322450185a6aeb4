import { expect, test, type Page } from '@playwright/test';
import { nextPress, pressed, startMatch } from './helpers';
import { holdSettingsOnNextLoad, releaseSettings, storedSetting } from './stored';

// Seats: Ana (1) & Cleo (3) are team A, Ben (2) & Dan (4) team B; partners sit opposite.
const TABLE = ['Ana', 'Ben', 'Cleo', 'Dan'];

const news = (page: Page) => page.getByTestId('news-line');
const turn = (page: Page) => page.getByTestId('turn');
const hand = (page: Page, seat: number) => page.getByTestId(`hand-${seat}`);

/** Taps a tile in the picker; `end` answers the "which end?" question when both ends fit. */
async function play(page: Page, tile: string, end?: 'Left' | 'Right') {
	const line = page.getByTestId('line').getByRole('listitem');
	const before = await line.count();
	await page.getByRole('button', { name: `Play ${tile}`, exact: true }).click();
	if (end) {
		await expect(page.getByText(`Where does ${tile} go?`)).toBeVisible();
		await page.getByRole('button', { name: new RegExp(`^${end} \\(\\d\\): sum \\d+, `) }).click();
	}
	await expect(line).toHaveCount(before + 1);
}

async function expectEnds(page: Page, left: number, right: number, sum: number) {
	await expect(page.getByTestId('end-left')).toHaveText(String(left));
	await expect(page.getByTestId('end-right')).toHaveText(String(right));
	await expect(page.getByTestId('sum')).toHaveText(String(sum));
}

async function expectHands(page: Page, sizes: number[]) {
	for (const [seat, size] of sizes.entries())
		await expect(hand(page, seat)).toHaveText(String(size));
}

/**
 * A short domino worked out with the rules core: the starter opens 1-4 (sum 5, again), adds
 * 6-1 (10, again) and 6-4 on the left (4 and 4, skip); the partner adds 4-3 on the left (7, skip);
 * the starter plays 3-3 (10, again), 3-1 (5, again) and 1-0, their sixth and last tile.
 */
async function shortDomino(page: Page) {
	await play(page, '1-4');
	await play(page, '1-6');
	await play(page, '4-6', 'Left');
	await play(page, '3-4', 'Left');
	await play(page, '3-3');
	await play(page, '1-3');
	await play(page, '0-1');
}

async function typeTotal(page: Page, losers: string, total: number) {
	await page.getByLabel(`Total spots of ${losers}`).fill(String(total));
	await page.getByRole('button', { name: 'Score this total' }).click();
}

test('a whole deal: bonus turn, skip, draw, a refused tile, a reload, a blocked finish', async ({
	page
}) => {
	await startMatch(page, 'Pass-Pass', TABLE, { start: 'Ana' });
	// who starts was asked at setup: the deal begins at once, nobody is asked again
	await expect(turn(page)).toContainText('Ana plays the first tile of deal 1');
	await expect(page.getByRole('button', { name: /^Start deal 1/ })).toHaveCount(0);
	await expect(page.getByRole('button', { name: /^Draw/ })).toHaveCount(0);
	await expectHands(page, [6, 6, 6, 6]);
	await expect(page.getByTestId('boneyard')).toHaveText('4');

	// First tile: just the tile. 6+3 = 9, Ben next.
	await play(page, '3-6');
	await expectEnds(page, 3, 6, 9);
	await expect(news(page)).toContainText("Sum 9. Ben's turn.");
	await expect(page.getByTestId('player-1')).toHaveAttribute('aria-current', 'true');

	// Ben: 1-3 fits only the 3 end, no question asked. 6+1 = 7: Cleo is skipped, Dan plays.
	await play(page, '1-3');
	await expectEnds(page, 1, 6, 7);
	await expect(news(page)).toContainText('Sum 7: Cleo is skipped, partner Dan plays.');
	await expect(page.getByTestId('player-3')).toHaveAttribute('aria-current', 'true');

	// Dan: 1-4 makes 6+4 = 10, a bonus turn.
	await play(page, '1-4');
	await expectEnds(page, 4, 6, 10);
	await expect(news(page)).toContainText('Sum 10: Dan plays again!');
	await expect(turn(page)).toContainText('Dan plays again');
	await expect(page.getByTestId('player-3')).toHaveAttribute('aria-current', 'true');
	// a tile refused right after the bonus turn: the refusal, and whose bonus turn it still is,
	// both in the news line, neither cut
	await page.getByRole('button', { name: 'Play 5-5', exact: true }).click();
	const refused = page.getByTestId('refusal');
	await expect(refused).toContainText('5-5 matches neither end (4 and 6).');
	await expect(refused.getByTestId('kept-news')).toHaveText('Sum 10: Dan plays again!');
	expect(await refused.evaluate((line) => line.scrollHeight <= line.clientHeight + 1)).toBe(true);

	// Dan cannot play: draws (no pass while the boneyard holds tiles), then plays the drawn 4-2.
	await expect(page.getByRole('button', { name: 'Pass', exact: true })).toHaveCount(0);
	await page.getByRole('button', { name: 'Draw (4 left)' }).click();
	await expect(page.getByTestId('boneyard')).toHaveText('3');
	await expect(turn(page)).toContainText('Dan drew');
	await expectHands(page, [5, 5, 6, 6]);
	// a tile that matches neither end is refused, with the reason
	await page.getByRole('button', { name: 'Play 5-5', exact: true }).click();
	await expect(page.getByTestId('refusal')).toHaveText('5-5 matches neither end (4 and 6).');
	await play(page, '2-4');
	await expect(page.getByTestId('refusal')).toHaveCount(0);
	await expectEnds(page, 2, 6, 8);
	await expect(news(page)).toContainText("Sum 8. Ana's turn.");
	await expectHands(page, [5, 5, 6, 5]);

	// A reload mid-deal loses nothing.
	await page.reload();
	await expectEnds(page, 2, 6, 8);
	await expect(page.getByTestId('line').getByRole('listitem')).toHaveCount(4);
	await expectHands(page, [5, 5, 6, 5]);
	await expect(page.getByTestId('boneyard')).toHaveText('3');
	await expect(page.getByTestId('player-0')).toHaveAttribute('aria-current', 'true');
	await expect(news(page)).toContainText("Sum 8. Ana's turn.");

	// The coach, for Ana: unseen tiles that would give a bonus turn or a skip at each end.
	await page.getByLabel('Coach').check();
	const coach = page.getByTestId('coach');
	await expect(coach).toContainText('Coach for Ana');
	await expect(coach).toContainText(/On the left \(2\)\s*Bonus turn: 2-2\s*Skip: 1-2 · 2-6/);
	await expect(coach).toContainText(/On the right \(6\)\s*Bonus turn: none\s*Skip: 2-6 · 5-6/);

	// 2-6 fits both ends: the screen asks which, each choice with its sum and what it does;
	// the question survives a reload; Ana changes her mind, draws and keeps.
	await page.getByRole('button', { name: 'Play 2-6', exact: true }).click();
	const left = page.getByRole('button', { name: 'Left (2): sum 12, Ben is skipped, Cleo plays' });
	const right = page.getByRole('button', { name: 'Right (6): sum 4, Ben is skipped, Cleo plays' });
	await expect(left).toBeVisible();
	await expect(right).toBeVisible();
	await page.reload();
	await expect(page.getByText('Where does 2-6 go?')).toBeVisible();
	await expect(left).toBeVisible();
	await page.getByRole('button', { name: 'Another tile' }).click();
	await page.getByRole('button', { name: 'Draw (3 left)' }).click();
	await page.getByRole('button', { name: 'Keep it: it does not fit' }).click();
	await expect(news(page)).toContainText("Ana kept the drawn tile. Ben's turn.");

	// Ben: 5-6 on the 6: 5+2 = 7, skip to Dan; Dan and Ana draw the last tiles and keep them.
	await play(page, '5-6');
	await expect(news(page)).toContainText('Sum 7: Cleo is skipped, partner Dan plays.');
	await page.getByRole('button', { name: 'Draw (2 left)' }).click();
	await page.getByRole('button', { name: 'Keep it: it does not fit' }).click();
	await page.getByRole('button', { name: 'Draw (1 left)' }).click();
	await page.getByRole('button', { name: 'Keep it: it does not fit' }).click();
	await expect(page.getByTestId('boneyard')).toHaveText('0');
	await expectHands(page, [7, 4, 6, 6]);

	// Boneyard empty: no draw any more, and four passes in a row block the deal.
	await expect(page.getByRole('button', { name: /^Draw/ })).toHaveCount(0);
	const pass = page.getByRole('button', { name: 'Pass', exact: true });
	for (const [index, name] of ['Ben', 'Cleo', 'Dan'].entries()) {
		await expect(turn(page)).toContainText(`${name}'s turn`);
		await nextPress(page);
		await pass.click();
		pressed(page);
		await expect(news(page)).toContainText(`${name} passed (${index + 1} in a row)`);
	}
	await nextPress(page);
	await pass.click();
	await expect(news(page)).toContainText(
		'Deal 1 blocked: Team A 13, Team B 10 (1 point per tile).'
	);
	await expect(news(page)).toContainText('Ben starts deal 2.');
	const sheet = page.getByTestId('score-sheet');
	await expect(sheet.getByRole('row', { name: /Deal 1/ })).toContainText('1310');
	await expect(page.getByTestId('total-0')).toHaveText('13');
	await expect(page.getByTestId('total-1')).toHaveText('10');
	await expect(turn(page)).toContainText('Ben plays the first tile of deal 2');
	await expectHands(page, [6, 6, 6, 6]);
	await expect(page.getByTestId('boneyard')).toHaveText('4');

	// Undo the last pass: Ana to pass again, the line back; redo blocks the deal again.
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(turn(page)).toContainText("Ana's turn");
	await expectEnds(page, 2, 5, 7);
	await page.getByRole('button', { name: 'Redo' }).click();
	await expect(turn(page)).toContainText('Ben plays the first tile of deal 2');

	// The coach stays switched on for this device.
	await expect(page.getByLabel('Coach')).toBeChecked();
});

test('a 7-deal match to a shared result, counting tiles and typed totals', async ({ page }) => {
	// a whole match tap by tap: on a busy machine each tap takes a good part of a second
	test.slow();
	await startMatch(page, 'Pass-Pass', TABLE, { start: 'Ana' });

	// Deal 1: Ana goes out; Ben and Dan's 12 tiles are picked from the unseen ones.
	await shortDomino(page);
	await expect(news(page)).toContainText('Domino! Ana played their last tile.');
	const count = page.getByTestId('count');
	await expect(count).toContainText("Ana and Cleo score 0. Count Ben and Dan's tiles");
	await expect(count).toContainText('They hold 12 tiles');
	// only the tiles off the line are offered: 1-4 lies on the line
	await expect(page.getByRole('button', { name: 'Count 1-4' })).toHaveCount(0);
	const picked = ['0-0', '0-2', '0-3', '0-4', '0-5', '0-6', '1-1', '1-2', '1-5', '2-2', '2-3'];
	for (const tile of picked) await page.getByRole('button', { name: `Count ${tile}` }).click();
	await expect(page.getByTestId('picked')).toHaveText('11 of 12 tiles, 40 spots');
	// the tiles tapped so far survive a reload
	await page.reload();
	await expect(page.getByTestId('picked')).toHaveText('11 of 12 tiles, 40 spots');
	await expect(page.getByRole('button', { name: 'Count 2-3' })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	// one tile short: refused with the reason
	await page.getByRole('button', { name: 'Score 40 for Ben and Dan' }).click();
	await expect(page.getByTestId('refusal')).toHaveText('They hold 12 tiles, not 11.');
	await page.getByRole('button', { name: 'Count 2-4' }).click();
	await expect(page.getByRole('button', { name: 'Count 2-4' })).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await page.getByRole('button', { name: 'Score 46 for Ben and Dan' }).click();
	await expect(news(page)).toContainText('Deal 1: Ana went out. Team A 0, Team B 46.');
	await expect(news(page)).toContainText('Ben starts deal 2.');

	// Deal 2: Ben goes out; an impossible total is refused, then a typed total is scored.
	await shortDomino(page);
	await typeTotal(page, 'Ana and Cleo', 40.5);
	await expect(page.getByTestId('refusal')).toHaveText(
		'A total is a whole number of spots: 40.5 is not one.'
	);
	await typeTotal(page, 'Ana and Cleo', 5);
	await expect(page.getByTestId('refusal')).toHaveText(
		'A total of 5 is impossible here: between 46 and 100.'
	);
	await typeTotal(page, 'Ana and Cleo', 60);
	await expect(news(page)).toContainText('Cleo starts deal 3.');

	// Deals 3 to 7, starters Cleo, Dan, Ana, Ben, Cleo: each starter's team wins its deal.
	const totals: [string, number][] = [
		['Ben and Dan', 50],
		['Ana and Cleo', 68],
		['Ben and Dan', 50],
		['Ana and Cleo', 68],
		['Ben and Dan', 50]
	];
	for (const [index, [losers, total]] of totals.entries()) {
		await expect(page.getByTestId('status')).toContainText(`Deal ${index + 3} of 7`);
		await shortDomino(page);
		await typeTotal(page, losers, total);
	}

	// 196 each: the lower total wins, so equal totals share the victory.
	const outcome = page.getByTestId('outcome');
	await expect(outcome).toContainText('Match over');
	await expect(outcome).toContainText('Shared victory: Ana and Cleo, Ben and Dan');
	await expect(outcome).toContainText('Equal team totals after 7 deals: a shared victory.');
	const sheet = page.getByTestId('score-sheet');
	await expect(sheet.getByRole('row', { name: /Deal 7/ })).toContainText('050');
	await expect(sheet.locator('tfoot')).toContainText('196196');
	await expect(page.getByTestId('turn')).toHaveCount(0);
	await expect(news(page)).toContainText('Deal 7: Cleo went out. Team A 0, Team B 50.');
});

test('house rule: the winner of the previous deal starts the next one', async ({ page }) => {
	await page.goto('/new?game=dominoes');
	const seats = page.getByLabel(/Name of the player in seat/);
	// Pass-Pass is played by 4: the table opens with 4 seats and cannot lose one
	await expect(seats).toHaveCount(4);
	await expect(page.getByRole('button', { name: /^Remove/ }).first()).toBeDisabled();
	await expect(page.getByRole('button', { name: 'Add a player' })).toBeDisabled();
	for (const [index, name] of TABLE.entries()) await seats.nth(index).fill(name);
	await page.getByLabel('Who starts').selectOption({ label: 'Dan' });
	await page.getByLabel('House rule: the player who went out in the previous deal starts').check();
	await page.getByRole('button', { name: 'Start the match' }).click();
	await expect(turn(page)).toContainText('Dan plays the first tile of deal 1');
	await shortDomino(page);
	await typeTotal(page, 'Ana and Cleo', 70);
	// without the house rule, Ana (to the left of Dan) would start
	await expect(turn(page)).toContainText('Dan plays the first tile of deal 2');
});

test('the coach ticked before the stored switch is read stays on: the tick is the newer word', async ({
	page
}) => {
	await startMatch(page, 'Pass-Pass', TABLE, { start: 'Ana' });
	// the screen opens while its stored coach switch (none yet: off) cannot be read
	await holdSettingsOnNextLoad(page);
	await page.reload();
	const coach = page.getByLabel('Coach');
	await coach.check();
	await expect(page.getByTestId('coach')).toContainText('Coach for Ana');
	// the late read lands first, then the tick's write, queued behind it
	await releaseSettings(page);
	await expect.poll(() => storedSetting(page, 'dominoes:coach')).toBe(true);
	await expect(coach).toBeChecked();
	await expect(page.getByTestId('coach')).toContainText('Coach for Ana');
	// and it is what the next visit finds
	await page.reload();
	await expect(coach).toBeChecked();
});

test.describe('in French', () => {
	test.use({ locale: 'fr-FR' });

	test('the table speaks French', async ({ page }) => {
		await page.goto('/new?game=dominoes');
		await expect(page.getByRole('heading', { name: 'Nouvelle partie' })).toBeVisible();
		await expect(
			page.getByText('Règle maison : le joueur qui a fait domino à la donne précédente commence')
		).toBeVisible();
		const seats = page.getByLabel(/Nom du joueur à la place/);
		await expect(seats).toHaveCount(4);
		for (const [index, name] of TABLE.entries()) await seats.nth(index).fill(name);
		await page.getByRole('button', { name: 'Commencer la partie' }).click();
		await expect(page.getByTestId('turn')).toContainText('Ana pose le premier domino');
		await page.getByRole('button', { name: 'Poser 3-6', exact: true }).click();
		await expect(news(page)).toContainText('Somme 9. À Ben de jouer.');
		await expect(page.getByText('bout gauche')).toBeVisible();
		await expect(page.getByRole('button', { name: 'Piocher (il en reste 4)' })).toBeVisible();
		await page.getByRole('button', { name: 'Poser 5-5', exact: true }).click();
		await expect(page.getByTestId('refusal')).toHaveText('Le 5-5 ne va à aucun bout (3 et 6).');
		await page.getByRole('button', { name: 'Poser 3-4', exact: true }).click();
		await expect(news(page)).toContainText('Somme 10 : Ben rejoue !');
		await expect(page.getByTestId('score-sheet')).toContainText('Donne 1');
	});
});
