import { expect, test } from '@playwright/test';
import { startMatch } from './helpers';
import { COLORS, HIGHEST_VALUE, cardKey, type Card } from '../src/lib/rules/pass-pass';

// docs/rulings.md, Pass Pass 9: only the cards won score, so a device that has never seen the
// cards asks the diamonds of the cards won, when they are won: 3 a trick, none of the card
// each trick discards.

/** The deck with its diamonds: value % 4. */
const DECK: Card[] = COLORS.flatMap((color) =>
	Array.from({ length: HIGHEST_VALUE }, (_, at) => ({
		color,
		value: at + 1,
		diamonds: (at + 1) % 4
	}))
);

test('Pass Pass, a fresh device: round 1 at 4 asks the diamonds of the 24 cards won, not of the 8 discarded', async ({
	page
}) => {
	test.slow();
	await startMatch(page, 'Pass Pass', ['Ana', 'Ben', 'Cleo', 'Dan']);
	const turn = page.getByTestId('turn');
	const ask = page.getByTestId('take-diamonds');
	let asked = 0;
	for (let trick = 0; trick < 8; trick++) {
		await expect(page.getByTestId('where').first()).toContainText(`Round 1 · trick ${trick + 1}/8`);
		const cards = DECK.filter((_, at) => at % 8 === trick).slice(0, 4);
		// one tap a card: the grid never asks the diamonds of a card played
		for (const card of cards) {
			await turn.locator(`[data-card="${cardKey(card)}"]`).click();
			await expect(page.getByTestId('grid-diamonds')).toHaveCount(0);
		}
		// the first winner takes the card they played (the first of its colour group on top)
		await turn.locator('[data-take]').first().click();
		while (await ask.isVisible()) {
			const key = await ask.getAttribute('data-card');
			const card = cards.find((one) => cardKey(one) === key)!;
			await ask.locator(`[data-diamonds="${card.diamonds}"]`).click();
			asked++;
		}
	}
	await expect(page.getByTestId('where').first()).toContainText('Round 2');
	expect(asked).toBe(24);
});

test('Pass Pass: the take waits for the diamonds of its cards won; back to the take writes nothing', async ({
	page
}) => {
	await startMatch(page, 'Pass Pass', ['Ana', 'Ben', 'Cleo']);
	const turn = page.getByTestId('turn');
	for (const key of ['purple-10', 'blue-3', 'green-4']) {
		await turn.locator(`[data-card="${key}"]`).click();
	}
	await turn.locator('[data-take="purple-10"]').click();
	const ask = page.getByTestId('take-diamonds');
	await expect(ask).toHaveAccessibleName('Ana wins Purple 10: how many ◆ diamonds on it?');
	await expect(ask.locator('[data-diamonds="0"]')).toBeFocused();
	await ask.getByRole('button', { name: 'Back to the take' }).click();
	await expect(page.getByTestId('whose')).toHaveText('Ana, take any one card');
	await expect(page.getByTestId('log').locator('summary')).toContainText('(3)');
	// the pick again: Purple 10 is Ana's, then Blue 3 and Green 4 are Cleo's at once
	await turn.locator('[data-take="purple-10"]').click();
	await ask.locator('[data-diamonds="2"]').click();
	await expect(ask).toHaveAccessibleName('Cleo wins Blue 3: how many ◆ diamonds on it?');
	await ask.locator('[data-diamonds="0"]').click();
	await ask.locator('[data-diamonds="1"]').click();
	await expect(page.getByTestId('news-line')).toHaveText(
		'Ana took Purple 10, Cleo took Blue 3 + Green 4.'
	);
	await expect(page.getByTestId('points-0')).toHaveText('3');
	await expect(page.getByTestId('points-2')).toHaveText(String(1 + 0 + 1 + 1));
});
