import { expect, test, type Page } from '@playwright/test';
import { playIllPass, revealAndTake, startMatch } from './helpers';

const chips = (page: Page, seat: number) => page.getByTestId(`chips-${seat}`);
const score = (page: Page, seat: number) => page.getByTestId(`score-${seat}`);

test("a whole game of I'll Pass, with a reload and an undo in the middle", async ({ page }) => {
	// a whole match tap by tap: on a busy machine each tap takes a good part of a second
	test.slow();
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await expect(page.getByTestId('turn')).toContainText('Ana reveals the next card');

	// Card 20: Ana and Ben pass, Cleo takes it with 2 chips; Ana (next clockwise) reveals.
	await playIllPass(page, [20, 'pass', 'pass', 'take']);
	await expect(chips(page, 0)).toHaveText('10');
	await expect(chips(page, 1)).toHaveText('10');
	await expect(chips(page, 2)).toHaveText('13');
	await expect(score(page, 2)).toHaveText(String(20 - 13));
	await expect(page.getByTestId('turn')).toContainText('Ana reveals');

	// Card 21 joins Cleo's run: the hint says what taking would change for Ben.
	await playIllPass(page, [21, 'pass']);
	await expect(page.getByText("Taking changes Ben's score by +20.")).toBeVisible();
	await playIllPass(page, ['pass']);
	await expect(page.getByText("Taking changes Cleo's score by −2.")).toBeVisible();
	await playIllPass(page, ['take']);
	await expect(score(page, 2)).toHaveText(String(20 - 15));
	await expect(page.getByTestId('player-2')).toContainText('2021');

	// Undo the take: the card is back with its 2 chips and Cleo to decide; redo restores it.
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(page.getByTestId('face-up')).toHaveText('21');
	await expect(page.getByTestId('pot')).toHaveText('2 chips on it');
	await expect(page.getByTestId('turn')).toContainText('Cleo: take it or pass?');
	await page.getByRole('button', { name: 'Redo' }).click();
	await expect(score(page, 2)).toHaveText('5');

	// A reload mid-game loses nothing: same chips, same turn.
	await playIllPass(page, [5, 'pass']);
	await page.reload();
	await expect(page.getByTestId('face-up')).toHaveText('5');
	await expect(page.getByTestId('pot')).toHaveText('1 chip on it');
	await expect(chips(page, 0)).toHaveText('8');
	await expect(page.getByTestId('turn')).toContainText('Ben: take it or pass?');
	await playIllPass(page, ['take']);

	// A revealed card cannot be revealed again.
	await expect(page.getByRole('button', { name: 'Reveal 20', exact: true })).toBeDisabled();

	// The other 21 cards: each taken at once by whoever reveals it.
	const rest = [3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 22, 23, 24, 25, 26];
	await revealAndTake(page, rest);

	await expect(page.getByTestId('outcome')).toContainText('Match over');
	const ranking = page.getByTestId('ranking');
	await expect(ranking).toBeVisible();
	// Cards in turn: Cleo revealed after Ben took 5, so takes rotate Cleo, Ana, Ben, ...
	// Ana 4 8 11 14 17 22 25; Ben 5 6 9 12 15 18 23 26; Cleo 20 21 3 7 10 13 16 19 24
	const expected = {
		Ana: 4 + 8 + 11 + 14 + 17 + 22 + 25 - 8,
		Ben: 5 + 9 + 12 + 15 + 18 + 23 + 26 - 10, // 5 and 6 run; passed twice, won 1 chip with the 5
		Cleo: 3 + 7 + 10 + 13 + 16 + 19 + 24 - 15
	};
	await expect(score(page, 0)).toHaveText(String(expected.Ana));
	await expect(score(page, 1)).toHaveText(String(expected.Ben));
	await expect(score(page, 2)).toHaveText(String(expected.Cleo));
	const best = Object.entries(expected).sort((a, b) => a[1] - b[1])[0][0];
	await expect(page.getByTestId('outcome')).toContainText(`${best} wins!`);
	await expect(ranking.locator('li').first()).toContainText(best);

	// Finished matches are listed in history with their winner.
	await page.getByRole('link', { name: 'History' }).click();
	await expect(page.getByTestId('history')).toContainText(`Won by ${best}`);
});

test('a player with no chips cannot pass, and the screen says why', async ({ page }) => {
	// 34 passes tap by tap: on a busy machine each tap takes a good part of a second
	test.slow();
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	// Ana passes 11 times on one card (Ben and Cleo pass too), then has no chip left.
	await playIllPass(page, [30]);
	for (let round = 0; round < 11; round++) await playIllPass(page, ['pass', 'pass', 'pass']);
	await expect(chips(page, 0)).toHaveText('0');
	await expect(page.getByRole('button', { name: 'Pass: pay 1 chip' })).toBeDisabled();
	await expect(page.getByText('Ana has no chips left, so must take.')).toBeVisible();
	await playIllPass(page, ['take']);
	await expect(chips(page, 0)).toHaveText('33');
});

test('the new-match screen explains bad tables', async ({ page }) => {
	await page.goto('/new?game=ill-pass');
	const seats = page.getByLabel(/Name of the player in seat/);
	await seats.nth(0).fill('Léa');
	await seats.nth(1).fill('léa');
	await seats.nth(2).fill('Sam');
	await page.getByRole('button', { name: 'Start the match' }).click();
	await expect(page.getByRole('alert')).toHaveText(
		'Two players are called léa: give them different names.'
	);
	await seats.nth(1).fill('');
	await page.getByRole('button', { name: 'Start the match' }).click();
	await expect(page.getByRole('alert')).toHaveText('Every seat needs a name.');
	// seats never go below the game's minimum
	await expect(page.getByRole('button', { name: 'Remove Seat 2' })).toBeDisabled();
	// six names typed for Pass Pass stay when I'll Pass (3 to 5) is picked: refused, with why
	await page.getByRole('radio', { name: 'Pass Pass' }).check();
	for (let seat = 3; seat < 6; seat++)
		await page.getByRole('button', { name: 'Add a player' }).click();
	for (const [index, name] of ['Léa', 'Sam', 'Noor', 'Ana', 'Ben', 'Cleo'].entries()) {
		await seats.nth(index).fill(name);
	}
	await page.getByRole('radio', { name: "I'll Pass" }).check();
	await expect(seats).toHaveCount(6);
	await page.getByRole('button', { name: 'Start the match' }).click();
	await expect(page.getByRole('alert')).toHaveText("I'll Pass is for 3 to 5 players.");
	await expect(page).toHaveURL(/\/new/);
});

test('two tabs on the same match show the same state', async ({ context }) => {
	const one = await context.newPage();
	const url = await startMatch(one, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	const two = await context.newPage();
	await two.goto(url);
	await playIllPass(one, [12, 'pass']);
	await expect(two.getByTestId('face-up')).toHaveText('12');
	await expect(two.getByTestId('pot')).toHaveText('1 chip on it');
	await playIllPass(two, ['take']);
	await expect(one.getByTestId('chips-1')).toHaveText('12');
	await expect(one.getByTestId('turn')).toContainText('Cleo reveals');
});
