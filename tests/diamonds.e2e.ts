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
