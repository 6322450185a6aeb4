import { expect, type Page } from '@playwright/test';

/** The home page's link to a game: its name is "Play <game> <blurb>", matched exactly at the start. */
export function gameLink(page: Page, label: string) {
	const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return page.getByRole('link', { name: new RegExp(`^${escaped} `) });
}

/** The new-match screen's words, in each language a test plays in. */
const NEW_MATCH = {
	en: {
		play: 'Play',
		title: 'New match',
		seat: /Name of the player in seat/,
		add: 'Add a player',
		remove: /^Remove/,
		starts: 'Who starts',
		start: 'Start the match'
	},
	fr: {
		play: 'Jouer à',
		title: 'Nouvelle partie',
		seat: /Nom du joueur à la place/,
		add: 'Ajouter un joueur',
		remove: /^Retirer/,
		starts: 'Qui commence',
		start: 'Commencer la partie'
	}
};

/** Starts a match through the new-match screen, as a person would. */
export async function startMatch(
	page: Page,
	game: string,
	names: string[],
	options: { start?: string; setup?: (page: Page) => Promise<void>; french?: boolean } = {}
): Promise<string> {
	const words = NEW_MATCH[options.french ? 'fr' : 'en'];
	await page.goto('/');
	await gameLink(page, `${words.play} ${game}`).click();
	await expect(page).toHaveURL(/\/new/);
	await expect(page.getByRole('heading', { name: words.title, level: 1 })).toBeVisible();
	const seats = page.getByLabel(words.seat);
	// the table opens with the seats the game needs: count them once they are there
	await expect(seats.first()).toBeVisible();
	while ((await seats.count()) < names.length) {
		await page.getByRole('button', { name: words.add }).click();
	}
	while ((await seats.count()) > names.length) {
		await page.getByRole('button', { name: words.remove }).last().click();
	}
	for (const [index, name] of names.entries()) await seats.nth(index).fill(name);
	if (options.start) await page.getByLabel(words.starts).selectOption({ label: options.start });
	await options.setup?.(page);
	await page.getByRole('button', { name: words.start }).click();
	await expect(page).toHaveURL(/\/match\//);
	return page.url();
}

/** Waits until the service worker controls the page (first visit: clientsClaim). */
export async function waitForServiceWorker(page: Page): Promise<void> {
	await page.waitForFunction(async () => {
		const registration = await navigator.serviceWorker.ready;
		return (
			registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null
		);
	});
}

/**
 * The pause a person leaves between two presses of the same button for two entries (two
 * players passing in turn); quicker is a double tap, which the match drops.
 */
export async function nextPress(page: Page): Promise<void> {
	await page.waitForTimeout(320);
}

/** One step of I'll Pass, as a person taps it: reveal a card, take it, or pass. */
export type IllPassStep = number | 'take' | 'pass';

/** Plays I'll Pass steps through the screen, each checked on the face-up card or the pot. */
export async function playIllPass(page: Page, steps: IllPassStep[]): Promise<void> {
	for (const step of steps) {
		if (typeof step === 'number') {
			await page.getByRole('button', { name: `Reveal ${step}`, exact: true }).click();
			await expect(page.getByTestId('face-up')).toHaveText(String(step));
		} else if (step === 'take') {
			const card = await page.getByTestId('face-up').textContent();
			await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
			await expect(page.getByTestId('face-up')).toHaveCount(0);
		} else {
			const before = Number((await page.getByTestId('pot').textContent())?.match(/\d+/)?.[0]);
			await nextPress(page);
			await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
			const after = before + 1;
			await expect(page.getByTestId('pot')).toHaveText(
				`${after} ${after === 1 ? 'chip' : 'chips'} on it`
			);
		}
	}
}
