import { expect, test } from '@playwright/test';
import { startMatch } from './helpers';

// A tablet uses its width: the entry on one side, the score sheet and the log on the
// other, both in view at once; not a phone column in the middle of the screen.
test.use({ viewport: { width: 820, height: 1180 }, isMobile: false, hasTouch: true });

const GAMES = [
	{ game: 'Pass Pass', names: ['Ana', 'Ben', 'Cleo', 'Dan'], sheet: 'pad' },
	{ game: 'Pass-Pass', names: ['Ana', 'Ben', 'Cleo', 'Dan'], sheet: 'score-sheet' },
	{ game: 'PASS', names: ['Ana', 'Ben', 'Cleo'], sheet: 'score-sheet' },
	{ game: "I'll Pass", names: ['Ana', 'Ben', 'Cleo'], sheet: 'score-sheet' }
];

for (const { game, names, sheet } of GAMES) {
	test(`${game} on a tablet: entry and score sheet side by side`, async ({ page }, info) => {
		await startMatch(page, game, names);
		const entry = page.locator('.match > .play');
		const record = page.locator('.match > .record');
		await expect(page.getByTestId(sheet)).toBeVisible();
		const left = (await entry.boundingBox())!;
		const right = (await record.boundingBox())!;
		// two columns, next to each other, together using most of the width
		expect(right.x).toBeGreaterThanOrEqual(left.x + left.width);
		expect(Math.abs(right.y - left.y)).toBeLessThan(40);
		expect(left.width + right.width).toBeGreaterThan(820 * 0.8);
		// the score sheet is on screen without scrolling, beside the entry
		const table = (await page.getByTestId(sheet).boundingBox())!;
		expect(table.y + table.height).toBeLessThan(1180);
		expect(table.x).toBeGreaterThanOrEqual(right.x);
		await info.attach(`${game} tablet`, {
			body: await page.screenshot(),
			contentType: 'image/png'
		});
	});
}
