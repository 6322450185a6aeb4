import { expect, type Page } from '@playwright/test';
import { seeded } from '../src/lib/rules/common/random';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { axe } from './axe';

// What the club evening's browser tests share (tests/evening.e2e.ts, tests/club.e2e.ts).

/** No axe violation on the page, WCAG 2.1 AA and best practice. */
export async function noAxeViolations(page: Page) {
	const { violations } = await axe(page).analyze();
	expect(
		violations.map((one) => `${one.id}: ${one.nodes.map((node) => node.target).join(' ')}`)
	).toEqual([]);
}

/** An I'll Pass game entered on the score pad at its end: each seat's cards and chips. */
export async function enterIllPass(page: Page, players: number, seed: number) {
	const run = randomGame(seeded(seed), players);
	for (const [seat, hand] of run.state.hands.entries()) {
		if (seat > 0) await page.locator(`[data-seat="${seat}"]`).click();
		for (const card of hand.cards) await page.locator(`[data-card="${card}"]`).click();
		if (seat < players - 1) await page.locator(`[data-chips="${seat}"]`).fill(String(hand.chips));
	}
	await page.locator('[data-tally]').click();
	await expect(page.getByTestId('outcome')).toBeVisible();
}

/** Every control the next step needs is on screen, without scrolling. */
export async function inReach(page: Page, locator: ReturnType<Page['locator']>) {
	await expect(locator).toBeVisible();
	const box = (await locator.boundingBox())!;
	expect(box.y + box.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}
