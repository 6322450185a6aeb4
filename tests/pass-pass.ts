// How a person enters Pass Pass cards: shared by the browser tests that play its rounds, trick
// by trick or by the cards each player took.
import { expect, type Page } from '@playwright/test';

export type Color = 'Purple' | 'Blue' | 'Green' | 'Yellow';
/** A card as a player names it, with the diamonds printed on it (none when left out). */
export type Card = [Color, number, number?];

/** The four cards of one value, without diamonds. */
export const set = (value: number): Card[] =>
	(['Purple', 'Blue', 'Green', 'Yellow'] as const).map((color) => [color, value]);

/**
 * Colour, value, then diamonds: how a player enters a card in a match. A card seen before
 * needs no diamonds tap: it goes down with the value, one tap fewer.
 */
export async function enterCard(page: Page, [color, value, diamonds = 0]: Card) {
	await page.getByRole('button', { name: color, exact: true }).click();
	await page.getByRole('button', { name: `${color} ${value}`, exact: true }).click();
	const asked = page.getByRole('button', { name: `${color} ${value}, diamonds: ${diamonds}` });
	if (await asked.isVisible()) await asked.click();
}

/** Cards won: ends the round, confirming when fewer cards than a full round were entered. */
export async function endRound(page: Page, round: number) {
	await page.getByRole('button', { name: `End round ${round}` }).click();
	const ask = page.getByTestId('end-round-ask');
	if (await ask.isVisible()) await ask.getByRole('button', { name: `End round ${round}` }).click();
}

/** Every card played, with its diamonds, to answer the take that wins it. */
const played = new Map<string, number>();

/**
 * Trick by trick, the grid: one tap on the card; its diamonds are asked only if it is won, when
 * it is won (sayWon), unless this device has seen it.
 */
export async function playCard(page: Page, [color, value, diamonds = 0]: Card) {
	played.set(`${color} ${value}`, diamonds);
	await page.getByRole('button', { name: new RegExp(`^Play ${color} ${value} \\(`) }).click();
}

/** After a take: the diamonds of each card won this device has never seen, one at a time. */
export async function sayWon(page: Page) {
	const ask = page.getByTestId('take-diamonds');
	while (await ask.isVisible()) {
		const asked = (await ask.getAttribute('aria-label')) ?? '';
		const card = [...played.keys()].find((name) => asked.includes(` wins ${name}:`));
		await ask.getByRole('button', { name: `${card}, diamonds: ${played.get(card!)}` }).click();
	}
}

/** A take: the card or cards, then the diamonds asked. */
export async function take(page: Page, name: string | RegExp) {
	await page.getByRole('button', { name }).click();
	await sayWon(page);
}

/** A whole trick as played: each card in table order, then the first winner's pick. */
export async function playTrick(page: Page, cards: Card[], pick: string) {
	for (const card of cards) await playCard(page, card);
	await take(page, `Take ${pick}, played by`);
}

/** Cards-won mode: who took the cards, the cards, then give them. */
export async function giveCards(page: Page, name: string, cards: Card[]) {
	await page
		.getByRole('group', { name: 'Who took the cards?' })
		.getByRole('button', { name })
		.click();
	for (const card of cards) await enterCard(page, card);
	const count = cards.length === 1 ? '1 card' : `${cards.length} cards`;
	await page.getByRole('button', { name: `Give ${count} to ${name}` }).click();
	await expect(page.getByTestId('pending')).toHaveCount(0);
}
