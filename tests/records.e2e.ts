import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startMatch, nextPress } from './helpers';

test('edit the past: remove a mistaken action and the rules replay the rest', async ({ page }) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Reveal 17', exact: true }).click();
	await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click(); // entered by mistake
	await nextPress(page);
	await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	await page.getByRole('button', { name: /^Take 17/ }).click();
	await page.getByRole('button', { name: 'Reveal 30', exact: true }).click();
	await expect(page.getByTestId('chips-2')).toHaveText('13');

	await page.getByText('Log (5)').click();
	// a removal whose rest no longer fits is refused, and says which action and why
	await page.getByRole('button', { name: 'Fix action 4: Cleo took 17 with 2 chips' }).click();
	await page.getByRole('button', { name: 'Remove it' }).click();
	await expect(page.getByTestId('log-message')).toHaveText(
		'Nothing changed: without it, action 5 (Ana revealed 30) breaks the rules: Card 17 is still face up: take it or pass first.'
	);
	await expect(page.getByText('Log (5)')).toBeVisible();

	await page.getByRole('button', { name: 'Fix action 2: Ana passed on 17' }).click();
	await page.getByRole('button', { name: 'Remove it' }).click();
	await expect(page.getByTestId('log-message')).toHaveText(
		'Removed: Ana passed on 17. The rest of the match was replayed.'
	);
	// Ben's pass is now Ana's, Cleo's take is Ben's; Cleo reveals 30
	await expect(page.getByTestId('chips-0')).toHaveText('10');
	await expect(page.getByTestId('chips-1')).toHaveText('12');
	await expect(page.getByTestId('chips-2')).toHaveText('11');
	await expect(page.getByTestId('turn')).toContainText('Cleo: take it or pass?');
	await page.reload();
	await expect(page.getByTestId('chips-1')).toHaveText('12');
	await expect(page.getByText('Log (4)')).toBeVisible();
});

test('edit the past: change an action, add a missed one, and a change the rest refuses', async ({
	page
}) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Reveal 17', exact: true }).click(); // really 18
	await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	await page.getByRole('button', { name: /^Take 17/ }).click(); // Ben passed first, in fact
	await expect(page.getByTestId('chips-1')).toHaveText('12');
	const log = page.getByTestId('log');
	await page.getByText('Log (3)').click();

	// Change: the table goes back to just before action 1, and the panel takes the fix.
	await page.getByRole('button', { name: 'Fix action 1: Ana revealed 17' }).click();
	await page.getByRole('button', { name: 'Change it' }).click();
	await expect(page.getByTestId('editing')).toContainText('Changing action 1: Ana revealed 17.');
	await expect(page.getByTestId('editing')).toBeFocused();
	await expect(page.getByTestId('chips-1')).toHaveText('11'); // the table as it was then
	await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
	await page.getByRole('button', { name: 'Reveal 18', exact: true }).click();
	await expect(page.getByTestId('edited')).toHaveText(
		'Action 1 changed. The rest of the match was replayed.'
	);
	await expect(page.getByTestId('editing')).toHaveCount(0);
	await expect(log).toContainText('Ben took 18 with 1 chip');

	// Add a missed action: Ben passed too, so Cleo took the card.
	await page.getByRole('button', { name: /^Fix action 3: Ben took 18/ }).click();
	await page.getByRole('button', { name: 'Add a missed one before it' }).click();
	await expect(page.getByTestId('editing')).toContainText('Adding a missed action before action 3');
	await expect(page.getByTestId('turn')).toContainText('Ben: take it or pass?');
	await page.getByRole('button', { name: 'Pass: pay 1 chip' }).click();
	await expect(page.getByTestId('edited')).toHaveText(
		'Missed action added as action 3. The rest of the match was replayed.'
	);
	await expect(page.getByTestId('chips-1')).toHaveText('10');
	await expect(page.getByTestId('chips-2')).toHaveText('13');
	await expect(log).toContainText('Cleo took 18 with 2 chips');

	// A change after which a later action breaks the rules changes nothing, and says why.
	await page.getByRole('button', { name: 'Reveal 30', exact: true }).click();
	await expect(page.getByTestId('face-up')).toHaveText('30');
	await page.getByRole('button', { name: 'Fix action 1: Ana revealed 18' }).click();
	await page.getByRole('button', { name: 'Change it' }).click();
	await page.getByRole('button', { name: 'Reveal 30', exact: true }).click();
	await expect(page.getByTestId('edit-refused')).toContainText(
		/^Nothing changed: after it, action 5 \(.+ revealed 30\) breaks the rules: /
	);
	await page.getByRole('button', { name: 'Cancel: back to now' }).click();
	await expect(page.getByTestId('editing')).toHaveCount(0);
	await expect(page.getByTestId('face-up')).toHaveText('30');
	await page.reload();
	await expect(page.getByTestId('face-up')).toHaveText('30');
	await expect(page.getByTestId('chips-2')).toHaveText('13');
	await expect(page.getByText('Log (5)')).toBeVisible();
});

test('a finished match: share the result as text, and export its sheet for a spreadsheet', async ({
	page,
	context
}) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	// each of 24 cards taken by whoever reveals it: Ana 3 6 .. 24, Ben 4 7 .. 25, Cleo 5 8 .. 26
	for (let card = 3; card <= 26; card++) {
		await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
		await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
	}
	await expect(page.getByTestId('outcome')).toContainText('Ana wins!');

	// the running-score chart and its text alternative: a row per change, the last the final totals
	await page.getByText('Running score').click();
	const rows = page.getByTestId('chart-table').locator('tbody tr');
	await expect(rows).toHaveCount(25); // the start, then each of the 24 takes
	await expect(rows.first()).toHaveText('start-11-11-11');
	await expect(rows.last()).toHaveText('48' + '97' + '105' + '113');
	await page.emulateMedia({ colorScheme: 'dark' });
	await page.locator('figure').screenshot({ path: test.info().outputPath('chart-dark.png') });

	await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
	await page.getByRole('button', { name: 'Share the result' }).click();
	await expect(page.getByTestId('shared')).toHaveText('Result copied: paste it anywhere.');
	const text = await page.evaluate(() => navigator.clipboard.readText());
	// a loaded machine may take a minute over the 48 taps: the time played is then said too
	expect(text.replace(/\nTime played: [^\n]+/, '')).toBe(
		"I'll Pass (cards and chips): Ana wins!\n" +
			'Lowest score: the lowest card of each run, minus chips left.\n' +
			'Ana 97\nBen 105\nCleo 113\n\nPasspad'
	);

	// the sheet as a picture: saved when the device cannot share files (a desktop browser)
	const picturing = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Share as a picture' }).click();
	const picture = await picturing;
	expect(picture.suggestedFilename()).toMatch(/^passpad-ill-pass-\d{4}-\d{2}-\d{2}\.png$/);
	await expect(page.getByTestId('shared')).toHaveText(
		'Picture saved: send it from your downloads.'
	);
	await picture.saveAs(test.info().outputPath('result.png'));
	const png = readFileSync((await picture.path())!);
	expect(png.subarray(1, 4).toString()).toBe('PNG');
	// IHDR: width and height at twice the drawn size, wide enough for three columns
	expect(png.readUInt32BE(16)).toBeGreaterThan(2 * 3 * 72);
	expect(png.readUInt32BE(20)).toBeGreaterThan(2 * 5 * 40);

	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Spreadsheet (CSV)' }).click();
	const download = await downloading;
	expect(download.suggestedFilename()).toMatch(/^passpad-ill-pass-\d{4}-\d{2}-\d{2}\.csv$/);
	const csv = readFileSync((await download.path())!, 'utf8');
	// a byte-order mark first, so a spreadsheet reads the file as UTF-8; the match, then the sheet
	expect(csv.startsWith("\uFEFFGame,I'll Pass (cards and chips),,\r\n")).toBe(true);
	expect(csv).toContain('\r\nWinner,Ana,,\r\n');
	expect(csv.slice(csv.indexOf('\r\n,,\r\n') + 6).replace(/Time played,[^\r]+\r\n/, '')).toBe(
		',Ana,Ben,Cleo\r\nCard points,108,116,124\r\nMinus chips left,-11,-11,-11\r\nTotal,97,105,113\r\n'
	);
});
