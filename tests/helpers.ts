import { expect, type Page } from '@playwright/test';
import { DOUBLE_TAP_MS } from '../src/lib/match/double-tap';

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
	// the game's setup loads lazily and Start waits for it: its options are set from then on,
	// so a seat added or an option chosen below is never reset by that load landing late
	await expect(page.getByRole('button', { name: words.start })).toBeEnabled();
	// the table opens with the seats the game needs: count them once they are there, then each
	// seat added or removed is seen on the screen before the next is counted
	await expect(seats.first()).toBeVisible();
	let count = await seats.count();
	for (; count < names.length; count++) {
		await page.getByRole('button', { name: words.add }).click();
		await expect(seats).toHaveCount(count + 1);
	}
	for (; count > names.length; count--) {
		await page.getByRole('button', { name: words.remove }).last().click();
		await expect(seats).toHaveCount(count - 1);
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

/** When each page's last entry was pressed (as the test saw its click end). */
const lastPress = new WeakMap<Page, number>();

/** Notes that an entry was just pressed on `page`, for nextPress. */
export function pressed(page: Page): void {
	lastPress.set(page, Date.now());
}

/**
 * The pause a person leaves between two presses of the same button for two entries (two
 * players passing in turn); quicker is a double tap, which the match drops (DOUBLE_TAP_MS,
 * 300 ms, src/lib/match/double-tap.ts). Only what is left of it since the last press: the
 * test has already waited for the screen to show that press, which on a busy machine takes
 * longer than the pause itself. The guard compares the page's times of the two asks: the
 * first was asked before its press ended here, the second is asked after this pause, so a
 * pause of the guard itself (and a millisecond for the clocks' rounding) is enough.
 */
export async function nextPress(page: Page): Promise<void> {
	const pause = DOUBLE_TAP_MS + 1;
	// a press this helper was not told of: the whole pause, as a person leaves it
	const last = lastPress.get(page);
	const since = last === undefined ? 0 : Date.now() - last;
	if (since < pause) await page.waitForTimeout(pause - since);
}

/**
 * Cards revealed and each taken at once by whoever revealed it. Each press waits for its own
 * button, which only the screen after the previous press shows (Take 12 once 12 is face up,
 * the keypad once the card is taken), so each step is still checked on the screen.
 */
export async function revealAndTake(page: Page, cards: number[]): Promise<void> {
	for (const card of cards) {
		await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
		await page.getByRole('button', { name: new RegExp(`^Take ${card}\\b`) }).click();
	}
	await expect(page.getByTestId('face-up')).toHaveCount(0);
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
			pressed(page);
			const after = before + 1;
			await expect(page.getByTestId('pot')).toHaveText(
				`${after} ${after === 1 ? 'chip' : 'chips'} on it`
			);
		}
	}
}

/**
 * What a table meets between two entries, beside the pad: each leaves the screen as a person
 * would find it next (the page back at its top after a trip to the log or the match's tools
 * below the pad, as a person scrolls back up before the next entry). Used by the reach paths
 * (tests/paths.e2e.ts): the entry that follows is checked with the notice shown.
 */
export type Disruption = 'undo' | 'reload' | 'edit' | 'abandon' | 'handover' | 'unsaved';

/** Makes IndexedDB writes fail as a full disk while `window.failWrites` is set. */
export async function breakStorageOnDemand(page: Page): Promise<void> {
	await page.addInitScript(() => {
		const w = window as unknown as { failWrites?: boolean };
		for (const method of ['add', 'put', 'delete'] as const) {
			const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
			IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: unknown[]) {
				if (w.failWrites) throw new DOMException('The disk is full.', 'QuotaExceededError');
				return original.apply(this, args);
			} as never;
		}
	});
}

export async function failWrites(page: Page, on: boolean): Promise<void> {
	await page.evaluate(
		(value) => ((window as unknown as { failWrites: boolean }).failWrites = value),
		on
	);
}

/** Back at the top of the match screen, as a person scrolls back to the pad. */
export async function backToTop(page: Page): Promise<void> {
	await page.evaluate(() => window.scrollTo(0, 0));
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

/** Abandons the match from its tools below the pad: the screen says so above the pad. */
export async function abandonHere(page: Page): Promise<void> {
	await page.getByTestId('match-actions').locator('button').first().click();
	await page.locator('#match-actions-panel button').first().click();
	// said in the line under the header, unless the last tap's refusal still stands there
	await expect(page.getByTestId('abandoned').or(page.getByTestId('refusal'))).toBeVisible();
	await backToTop(page);
}

/** Hands the match over from its tools below the pad ("Done: the other phone has it"). */
export async function handOverHere(page: Page): Promise<void> {
	await page.locator('.handover > button').click();
	await page.locator('#handover-panel button').last().click();
	await expect(page.getByTestId('handed').or(page.getByTestId('refusal'))).toBeVisible();
	await backToTop(page);
}

/** From the log, "change" the last action: the screen goes back to just before it. */
export async function editLast(page: Page): Promise<void> {
	const log = page.getByTestId('log');
	await log.locator('summary').click();
	await log.locator('li button.small').first().click();
	await log.getByRole('group').getByRole('button').first().click();
	await expect(page.getByTestId('editing')).toBeVisible();
	await log.locator('summary').click();
	await backToTop(page);
}

/** Reloads the match screen and waits for it to show the same log. */
export async function reloadMatch(page: Page, length: number): Promise<void> {
	await page.reload();
	await expect(page.getByTestId('log').locator('summary')).toContainText(`(${length})`);
}
