import { expect, type Page } from '@playwright/test';

/** The home page's link to a game: its name is "Play <game> <blurb>", matched exactly at the start. */
export function gameLink(page: Page, label: string) {
	const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	return page.getByRole('link', { name: new RegExp(`^${escaped} `) });
}

/** Starts a match through the new-match screen, as a person would. */
export async function startMatch(
	page: Page,
	game: string,
	names: string[],
	options: { start?: string; setup?: (page: Page) => Promise<void> } = {}
): Promise<string> {
	await page.goto('/');
	await gameLink(page, `Play ${game}`).click();
	await expect(page).toHaveURL(/\/new/);
	await expect(page.getByRole('heading', { name: 'New match', level: 1 })).toBeVisible();
	const seats = page.getByLabel(/Name of the player in seat/);
	// the table opens with the seats the game needs: count them once they are there
	await expect(seats.first()).toBeVisible();
	while ((await seats.count()) < names.length) {
		await page.getByRole('button', { name: 'Add a player' }).click();
	}
	while ((await seats.count()) > names.length) {
		await page
			.getByRole('button', { name: /^Remove/ })
			.last()
			.click();
	}
	for (const [index, name] of names.entries()) await seats.nth(index).fill(name);
	if (options.start) await page.getByLabel('Who starts').selectOption({ label: options.start });
	await options.setup?.(page);
	await page.getByRole('button', { name: 'Start the match' }).click();
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
