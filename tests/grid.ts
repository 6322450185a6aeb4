import { expect, type Page } from '@playwright/test';
import type { Thumb } from './reach';
import { cardKey, type PassPassAction } from '../src/lib/rules/pass-pass';

/** The diamonds of every card played on a device, to answer a take's asks (cards are unique). */
const played = new WeakMap<Set<string>, Map<string, number>>();

/**
 * One Pass Pass action trick by trick, as a person taps it on the grid: a card is one tap on
 * it (a card this device has seen goes down with its diamonds, `seen` holds those); the first
 * pick and the second pick each one tap on the card or cards taken, then one more for the
 * diamonds of each card won that this device has never seen (docs/rulings.md, Pass Pass 9).
 */
export async function gridAction(
	page: Page,
	thumb: Pick<Thumb, 'tap'>,
	action: PassPassAction,
	seen: Set<string>
): Promise<void> {
	const diamonds = played.get(seen) ?? new Map<string, number>();
	played.set(seen, diamonds);
	switch (action.type) {
		case 'play': {
			const key = cardKey(action.card);
			const cell = page.getByTestId('turn').locator(`[data-card="${key}"]`);
			// a card seen before shows its diamonds on the grid, and goes down with them
			if (seen.has(key))
				await expect(cell).toHaveAttribute('data-known', `${action.card.diamonds}`);
			diamonds.set(key, action.card.diamonds as number);
			return thumb.tap(cell, key);
		}
		case 'firstTake':
			await thumb.tap(page.locator(`[data-take="${cardKey(action.card)}"]`), 'first take');
			return sayWon(page, thumb, seen, diamonds);
		case 'secondTake':
			await thumb.tap(
				page.locator(`[data-take="${action.cards.map(cardKey).join('+')}"]`),
				'second take'
			);
			return sayWon(page, thumb, seen, diamonds);
		default:
			throw new Error(`not entered trick by trick: ${action.type}`);
	}
}

/** A take asks, one card at a time, the diamonds of the cards it wins never seen here. */
async function sayWon(
	page: Page,
	thumb: Pick<Thumb, 'tap'>,
	seen: Set<string>,
	diamonds: ReadonlyMap<string, number>
) {
	const ask = page.getByTestId('take-diamonds');
	while (await ask.isVisible()) {
		const key = (await ask.getAttribute('data-card')) as string;
		expect(seen.has(key)).toBe(false);
		await thumb.tap(ask.locator(`[data-diamonds="${diamonds.get(key)}"]`), 'diamonds');
		seen.add(key);
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
