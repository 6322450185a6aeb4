import { expect, type Page } from '@playwright/test';
import type { Thumb } from './reach';
import { cardKey, type PassPassAction } from '../src/lib/rules/pass-pass';

/**
 * One Pass Pass action trick by trick, as a person taps it on the grid: a card is one tap on
 * it, and one more for its diamonds when this device has never seen it (`seen` holds what it
 * has); the first pick and the second pick each one tap on the card or cards taken.
 */
export async function gridAction(
	page: Page,
	thumb: Pick<Thumb, 'tap'>,
	action: PassPassAction,
	seen: Set<string>
): Promise<void> {
	switch (action.type) {
		case 'play': {
			const key = cardKey(action.card);
			const cell = page.getByTestId('turn').locator(`[data-card="${key}"]`);
			// a card seen before shows its diamonds on the grid, and goes down with them
			if (seen.has(key))
				await expect(cell).toHaveAttribute('data-known', `${action.card.diamonds}`);
			await thumb.tap(cell, key);
			if (!seen.has(key)) {
				const ask = page.getByTestId('grid-diamonds');
				await thumb.tap(ask.locator(`[data-diamonds="${action.card.diamonds}"]`), 'diamonds');
			}
			seen.add(key);
			return;
		}
		case 'firstTake':
			return thumb.tap(page.locator(`[data-take="${cardKey(action.card)}"]`), 'first take');
		case 'secondTake':
			return thumb.tap(
				page.locator(`[data-take="${action.cards.map(cardKey).join('+')}"]`),
				'second take'
			);
		default:
			throw new Error(`not entered trick by trick: ${action.type}`);
	}
}

/** A log cut into tricks: each trick's cards, its pick, and the second pick when there is one. */
export function tricksOf(actions: readonly PassPassAction[]): PassPassAction[][] {
	const tricks: PassPassAction[][] = [];
	for (let at = 0; at < actions.length;) {
		let end = at;
		while (actions[end].type === 'play') end++;
		if (actions[end + 1]?.type === 'secondTake') end++;
		tricks.push(actions.slice(at, end + 1));
		at = end + 1;
	}
	return tricks;
}
