import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';

// A player's colour on their seat, their chart line and the result picture;
// chart lines also differ by dash and marker, never by colour alone.

const TEAL = { light: 'rgb(0, 114, 124)', dark: 'rgb(79, 209, 217)', hex: [0, 114, 124] };
const RED = { light: 'rgb(192, 38, 45)', dark: 'rgb(255, 138, 128)', hex: [192, 38, 45] };

async function openPlayer(page: Page, name: string) {
	await page.goto('/players');
	await page
		.getByTestId('roster')
		.getByRole('link', { name: new RegExp(`^${name} `) })
		.click();
	await expect(page.getByTestId('player-name')).toHaveText(name);
}

/** Plays a whole I'll Pass game: each card taken as soon as it is revealed. */
async function playWholeGame(page: Page) {
	for (let card = 3; card < 27; card++) {
		await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
		await expect(page.getByTestId('face-up')).toHaveText(String(card));
		await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
		await expect(page.getByTestId('face-up')).toHaveCount(0);
	}
}

const background = (page: Page, selector: string) =>
	page.locator(selector).evaluate((element) => getComputedStyle(element).backgroundColor);

test('a colour is chosen on the player page by name, with the mouse or the keyboard', async ({
	page
}) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);

	await openPlayer(page, 'Ana');
	const picker = page.getByRole('group', { name: 'Colour' });
	await expect(picker.getByRole('radio', { name: 'No colour' })).toBeChecked();
	await picker.getByRole('radio', { name: 'Teal' }).check();
	await expect(page.getByTestId('player-message')).toHaveText("Ana's colour: Teal.");

	// keyboard: Tab into the group lands on the chosen one; an arrow moves and saves
	await openPlayer(page, 'Ben');
	await page.getByRole('button', { name: 'Hide from new matches' }).focus();
	await page.keyboard.press('Tab');
	await expect(picker.getByRole('radio', { name: 'No colour' })).toBeFocused();
	await page.keyboard.press('ArrowDown'); // from the last option round to the first
	await expect(picker.getByRole('radio', { name: 'Red' })).toBeChecked();
	await expect(page.getByTestId('player-message')).toHaveText("Ben's colour: Red.");
	await page.keyboard.press('ArrowDown');
	await expect(page.getByTestId('player-message')).toHaveText("Ben's colour: Tangerine.");
	await page.keyboard.press('ArrowUp');
	await expect(page.getByTestId('player-message')).toHaveText("Ben's colour: Red.");

	// kept: after a reload the choice is still there
	await page.reload();
	await expect(page.getByRole('radio', { name: 'Red' })).toBeChecked();

	// the new-match screen shows the roster's colours: on the one-tap chips and on the seat
	await page.goto('/new?game=ill-pass');
	const chip = page.getByRole('button', { name: '+ Ben', exact: true });
	expect(await chip.locator('.dot').evaluate((dot) => getComputedStyle(dot).backgroundColor)).toBe(
		RED.light
	);
	await page.getByLabel('Name of the player in seat 1').fill('');
	await chip.click();
	await expect(page.getByLabel('Name of the player in seat 1')).toHaveValue('Ben');
	await expect(page.locator('.seat .number').first()).toHaveAttribute('data-colour', 'red');
	await openPlayer(page, 'Ben');

	// and in French, the colours' names in French
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'fr'));
	await page.reload();
	await expect(page.getByRole('radio', { name: 'Sarcelle' })).toBeVisible();
	await expect(page.getByRole('radio', { name: 'Aucune couleur' })).toBeVisible();
});

test("the players' colours on their seats, their chart lines (with distinct dashes and markers) and the result picture", async ({
	page
}) => {
	const match = await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await openPlayer(page, 'Ana');
	await page.getByRole('radio', { name: 'Teal' }).check();
	await expect(page.getByTestId('player-message')).toHaveText("Ana's colour: Teal.");
	await openPlayer(page, 'Ben');
	await page.getByRole('radio', { name: 'Red' }).check();
	await expect(page.getByTestId('player-message')).toHaveText("Ben's colour: Red.");
	await page.goto(match);

	// the seat: a dot in the player's colour before the name, none for Cleo, who chose none
	await expect(page.getByTestId('player-0').locator('.seat-mark')).toHaveAttribute(
		'data-colour',
		'teal'
	);
	expect(await background(page, '[data-testid="player-0"] .seat-mark .dot')).toBe(TEAL.light);
	expect(await background(page, '[data-testid="player-1"] .seat-mark .dot')).toBe(RED.light);
	await expect(page.getByTestId('player-2').locator('.dot')).toHaveCount(0);
	await expect(page.getByTestId('player-0')).toContainText('Ana');

	await playWholeGame(page);
	await expect(page.getByTestId('outcome')).toBeVisible();

	// the score sheet's headers: the name, a dot and a band in the colour
	const headers = page.getByTestId('score-sheet').locator('thead th');
	await expect(headers).toHaveText(['Ana', 'Ben', 'Cleo']);
	expect(await background(page, '[data-testid="score-sheet"] thead th:nth-child(2) .dot')).toBe(
		TEAL.light
	);
	const band = await headers.nth(1).evaluate((element) => getComputedStyle(element).boxShadow);
	expect(band).toContain(RED.light);

	// the chart: each line in its colour, every line its own dash and marker, the legend too
	await page.getByText('Running score').click();
	const series = page.locator('figure g.series');
	await expect(series).toHaveCount(3);
	const lines = await series.evaluateAll((groups) =>
		groups.map((group) => {
			const line = group.querySelector('polyline')!;
			return {
				colour: group.getAttribute('data-colour'),
				stroke: getComputedStyle(line).stroke,
				dash: getComputedStyle(line).strokeDasharray,
				marker: group.getAttribute('data-marker'),
				markerFill: getComputedStyle(group.querySelector('path.marker')!).fill,
				points: line.getAttribute('points')!.split(' ').length
			};
		})
	);
	expect(lines[0]).toMatchObject({ colour: 'teal', stroke: TEAL.light, markerFill: TEAL.light });
	expect(lines[1]).toMatchObject({ colour: 'red', stroke: RED.light, markerFill: RED.light });
	// Cleo chose no colour: she gets one nobody at the table chose
	expect(['teal', 'red']).not.toContain(lines[2].colour);
	expect(new Set(lines.map((line) => line.stroke)).size).toBe(3);
	expect(new Set(lines.map((line) => line.dash)).size).toBe(3);
	expect(new Set(lines.map((line) => line.marker)).size).toBe(3);
	expect(lines[0].points).toBeGreaterThan(2);
	const legend = await page
		.locator('.legend li')
		.evaluateAll((items) =>
			items.map((item) => [
				item.textContent?.trim(),
				getComputedStyle(item.querySelector('line')!).strokeDasharray,
				item.querySelector('path.marker')!.getAttribute('d')!.length > 0
			])
		);
	expect(legend.map(([name]) => name)).toEqual(['Ana', 'Ben', 'Cleo']);
	expect(legend.map(([, dash]) => dash)).toEqual(lines.map((line) => line.dash));
	expect(legend.every(([, , marker]) => marker)).toBe(true);

	// the dark theme: the same colours in their dark-theme shade
	await page.evaluate(() => localStorage.setItem('passpad-theme', 'dark'));
	await page.reload();
	await page.getByText('Running score').click();
	expect(
		await page
			.locator('figure g.series[data-side="0"] polyline')
			.evaluate((line) => getComputedStyle(line).stroke)
	).toBe(TEAL.dark);
	expect(await background(page, '[data-testid="player-1"] .seat-mark .dot')).toBe(RED.dark);

	// the result picture: saved here (no file sharing in this browser), holding both colours
	const download = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Share as a picture' }).click();
	const png = readFileSync((await (await download).path())!).toString('base64');
	const found = await page.evaluate(
		async ({ png, wanted }) => {
			const bytes = Uint8Array.from(atob(png), (char) => char.charCodeAt(0));
			const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
			const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
			const context = canvas.getContext('2d')!;
			context.drawImage(bitmap, 0, 0);
			const { data } = context.getImageData(0, 0, bitmap.width, bitmap.height);
			return wanted.map((rgb) => {
				let count = 0;
				for (let at = 0; at < data.length; at += 4) {
					if (data[at] === rgb[0] && data[at + 1] === rgb[1] && data[at + 2] === rgb[2]) count++;
				}
				return count;
			});
		},
		{ png, wanted: [TEAL.hex, RED.hex] }
	);
	// a band under each name at least (4 px high, twice the size for sharp screens)
	expect(found[0]).toBeGreaterThan(100);
	expect(found[1]).toBeGreaterThan(100);
});
