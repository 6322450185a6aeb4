import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { startMatch } from './helpers';

const nbsp = '\u00a0';

test('a note and the time played: written on the match, kept after a reload, shown in history, the share text and the CSV; a match deleted from history comes back with Undo', async ({
	page,
	context
}) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	// each of 24 cards taken by whoever reveals it: Ana wins
	for (let card = 3; card <= 26; card++) {
		await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
		await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
	}
	await expect(page.getByTestId('outcome')).toContainText('Ana wins!');

	// the note: typed, then saved with Save (twice: the second changes nothing)
	const notes = page.getByTestId('match-notes');
	await notes.getByText('Notes & time played').click(); // the section opens
	const note = notes.getByLabel('Note on this match (where, what happened)');
	await note.fill(
		"At Léa's place, by the fire, the long evening of the winter cup\nBen brought the cake"
	);
	const save = notes.getByRole('button', { name: 'Save the note' });
	await save.click();
	await save.click();
	await expect(notes.getByRole('status')).toHaveText('Note saved.');

	// the time played, set by hand in hours and minutes
	await notes.getByLabel('Hours').fill('1');
	await notes.getByLabel('Minutes').fill('5');
	await notes.getByRole('button', { name: 'Set the time played' }).click();
	await expect(notes.getByTestId('time-played')).toHaveText(
		`Time played: 1${nbsp}h${nbsp}05 (set by hand)`
	);

	await expect(page.getByRole('status').filter({ hasText: 'Time played saved' })).toHaveText(
		`Time played saved: 1${nbsp}h${nbsp}05.`
	);

	// both kept: after a reload the match shows them, on the folded section and in it
	await page.reload();
	await expect(notes.getByTestId('notes-gist')).toHaveText(
		`1${nbsp}h${nbsp}05 · At Léa's place, by the fire, the long evening of the winter cup`
	);
	await notes.getByText('Notes & time played').click();
	await expect(note).toHaveValue(
		"At Léa's place, by the fire, the long evening of the winter cup\nBen brought the cake"
	);
	await expect(notes.getByTestId('time-played')).toHaveText(
		`Time played: 1${nbsp}h${nbsp}05 (set by hand)`
	);
	await expect(notes.getByLabel('Hours')).toHaveValue('1');
	await expect(notes.getByLabel('Minutes')).toHaveValue('5');

	// the share text: the result, then the time played and the note
	await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
	await page.getByRole('button', { name: 'Share the result' }).click();
	await expect(page.getByTestId('shared')).toHaveText('Result copied: paste it anywhere.');
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
		"I'll Pass (cards and chips): Ana wins!\n" +
			'Lowest score: the lowest card of each run, minus chips left.\n' +
			'Ana 97\nBen 105\nCleo 113\n' +
			`Time played: 1${nbsp}h${nbsp}05\n` +
			"Note: At Léa's place, by the fire, the long evening of the winter cup\nBen brought the cake\n\nPasspad"
	);

	// the CSV: a row for each, the note quoted (it holds a comma and a line break)
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Spreadsheet (CSV)' }).click();
	const csv = readFileSync((await (await downloading).path())!, 'utf8');
	// the match first (the day as this device writes it), a blank row, then the sheet
	expect(csv).toMatch(
		/^\uFEFFGame,I'll Pass \(cards and chips\),,\r\nDate,\d\d\/\d\d\/\d{4},,\r\nPlayers,"Ana, Ben, Cleo",,\r\nWinner,Ana,,\r\nHow it was won,"Lowest score: the lowest card of each run, minus chips left.",,\r\n,,\r\n,Ana,/
	);
	expect(csv.slice(csv.indexOf('\r\n,,\r\n') + 6)).toBe(
		',Ana,Ben,Cleo\r\nCard points,108,116,124\r\nMinus chips left,-11,-11,-11\r\n' +
			'Total,97,105,113\r\n' +
			`Time played,1${nbsp}h${nbsp}05,,\r\n` +
			'Note,"At Léa\'s place, by the fire, the long evening of the winter cup\nBen brought the cake",,\r\n'
	);

	// measured again from the log: under a minute of play here
	await notes.getByRole('button', { name: 'Measure it again' }).click();
	await expect(notes.getByTestId('time-played')).toContainText('Time played: ');
	await expect(notes.getByTestId('time-played')).toContainText('(measured from the first entry');
	await expect(notes.getByRole('button', { name: 'Measure it again' })).toHaveCount(0);
	// and set by hand again, for history
	await notes.getByLabel('Hours').fill('1');
	await notes.getByLabel('Minutes').fill('5');
	await notes.getByRole('button', { name: 'Set the time played' }).click();
	await expect(notes.getByTestId('time-played')).toContainText('(set by hand)');

	// history: the time played and the note's first line, on the match's row
	await page.getByRole('link', { name: 'History' }).click();
	const rows = page.getByTestId('history').locator('li');
	await expect(rows).toHaveCount(1);
	await expect(rows.first().getByTestId('history-record')).toHaveText(
		`1${nbsp}h${nbsp}05 At Léa's place, by the fire, the long evening of the winter cup`
	);
	await expect(rows.first()).not.toContainText('Ben brought the cake');
	// a long note is cut on its row, never pushing the row's controls off the screen
	const remove = rows.first().getByRole('button', { name: /^Delete the match/ });
	await expect(remove).toBeInViewport({ ratio: 1 });

	// delete from history: asked first, then gone, with Undo for a few seconds
	await rows
		.first()
		.getByRole('button', { name: "Delete the match I'll Pass, Ana, Ben, Cleo…" })
		.click();
	await expect(rows.first()).toContainText('Delete this match and everything entered in it?');
	await rows.first().getByRole('button', { name: 'Yes, delete the match' }).click();
	await expect(rows).toHaveCount(0);
	await expect(page.getByRole('status')).toHaveText('0 matches');
	const undo = page.getByRole('button', { name: 'Undo: bring the deleted match back' });
	await expect(undo).toBeFocused();
	await undo.click();
	await expect(rows).toHaveCount(1);
	await expect(page.getByRole('status')).toHaveText('1 match');
	await expect(rows.first().getByTestId('history-record')).toContainText('by the fire');

	// "Keep it" deletes nothing
	await rows
		.first()
		.getByRole('button', { name: /^Delete the match/ })
		.click();
	await rows.first().getByRole('button', { name: 'Keep it' }).click();
	await expect(rows).toHaveCount(1);
	await page.reload();
	await expect(rows).toHaveCount(1);

	// the match, back whole: its note is there
	await rows.first().getByRole('link').click();
	await notes.getByText('Notes & time played').click();
	await expect(note).toHaveValue(
		"At Léa's place, by the fire, the long evening of the winter cup\nBen brought the cake"
	);
});

test('a note typed and left without saving is kept: leaving the field saves it', async ({
	page
}) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Reveal 17', exact: true }).click();
	const notes = page.getByTestId('match-notes');
	await notes.getByText('Notes & time played').click();
	const note = notes.getByLabel('Note on this match (where, what happened)');
	await note.fill('Noor joins next time');
	await notes.getByLabel('Hours').focus(); // the note field is left
	await expect(notes.getByRole('status')).toHaveText('Note saved.');
	await page.reload();
	await expect(notes.getByTestId('notes-gist')).toHaveText('Noor joins next time');
	// playing on keeps the note
	await page.getByRole('button', { name: /^Take 17/ }).click();
	// the take saved (shown only once it is) before the reload, or it may never be written
	await expect(page.getByTestId('face-up')).toHaveCount(0);
	await page.reload();
	await expect(page.getByTestId('score-0')).toHaveText(String(17 - 11));
	await notes.getByText('Notes & time played').click();
	await expect(note).toHaveValue('Noor joins next time');
});
