import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';
import { endRound, giveCards, playTrick, set } from './pass-pass';

// docs/rulings.md, Pass Pass 8: a third Pass Pass wins at once and that round's points are not
// counted. Each mode plays one in the middle of round 2, then every record of the match is read:
// the pad, its totals, the share text, the CSV, the BG Stats link, the backup and the statistics.

/** What the finished match's screen hands out: the share text, the CSV and BG Stats' play. */
async function records(page: Page) {
	await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
	await page.getByRole('button', { name: 'Share the result' }).click();
	await expect(page.getByTestId('shared')).toHaveText('Result copied: paste it anywhere.');
	const text = await page.evaluate(() => navigator.clipboard.readText());
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Spreadsheet (CSV)' }).click();
	const csv = readFileSync((await (await downloading).path())!, 'utf8');
	const bgstats = await page.getByTestId('bgstats-web').getAttribute('href');
	const play = JSON.parse(new URL(bgstats!).searchParams.get('data')!);
	const scores = play.players.map((player: { score: number }) => player.score);
	return { text, csv, scores };
}

/** The match's result as the backup file holds it. */
async function backedUp(page: Page, matchId: string) {
	await page.goto('/settings');
	const downloading = page.waitForEvent('download');
	await page.getByRole('button', { name: 'Export everything' }).click();
	const file = JSON.parse(readFileSync((await (await downloading).path())!, 'utf8'));
	return file.matches.find((match: { id: string }) => match.id === matchId).result;
}

/** A player's Pass Pass statistic on the players' page. */
async function stat(page: Page, name: string, label: string) {
	await page.goto('/players');
	await page
		.getByTestId('roster')
		.getByRole('link', { name: new RegExp(`^${name} `) })
		.click();
	await expect(page.getByTestId('player-name')).toHaveText(name);
	return page
		.getByTestId('stats-pass-pass')
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
		.getByRole('cell');
}

const WHY =
	"Won by a third Pass Pass: the match ends at once, and that round's points are not counted.";

test.beforeEach(async ({ context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
});

test('referee: a third Pass Pass on a trick of round 2 counts none of its points', async ({
	page
}) => {
	const url = await startMatch(page, 'Pass Pass', ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Cards won' }).click();
	// round 1: Ana two ticks and 8 points, Ben 2 points
	await giveCards(page, 'Ana', [...set(1), ...set(2)]);
	await giveCards(page, 'Ben', [
		['Purple', 3],
		['Blue', 3]
	]);
	await endRound(page, 1);
	await expect(page.getByTestId('where')).toContainText('Round 2 of 3');
	// round 2: three colours won, then a trick brings Ana the fourth: 4 points not counted
	await giveCards(page, 'Ana', [
		['Purple', 4],
		['Blue', 4],
		['Green', 4]
	]);
	await page.getByRole('button', { name: 'Trick by trick' }).click();
	await playTrick(
		page,
		[
			['Yellow', 10],
			['Blue', 10],
			['Purple', 5]
		],
		'Yellow 10'
	);
	await expect(page.getByTestId('outcome')).toContainText('Ana wins!');

	// the pad: round 2's 4 points shown struck as not counted, the totals round 1's only
	await expect(page.getByTestId('pad-1-0')).toContainText('4 pts');
	await expect(page.getByTestId('pad-1-0')).toContainText('not counted');
	await expect(page.getByTestId('pad-1-0').locator('s')).toHaveText('4 pts');
	await expect(page.getByTestId('pad-total-0')).toContainText('8 pts');
	await expect(page.getByTestId('pad-total-0')).toContainText('3 ✔');
	await expect(page.getByTestId('pad-total-1')).toContainText('2 pts');

	const { text, csv, scores } = await records(page);
	expect(text.split('\n').slice(0, 6)).toEqual([
		'Pass Pass (cards, Funnyfox): Ana wins!',
		WHY,
		'Pass Pass ticks: Ana 3, Ben 0, Cleo 0.',
		'Ana 8',
		'Ben 2',
		'Cleo 0'
	]);
	expect(csv).toContain('\r\nRound 1,8,2,0\r\n"Round 2, not counted",,,\r\nTotal,8,2,0\r\n');
	expect(scores).toEqual([8, 2, 0]);

	const matchId = /\/match\/([^/?#]+)/.exec(url)![1];
	expect((await backedUp(page, matchId)).totals).toEqual([8, 2, 0]);
	await expect(await stat(page, 'Ana', 'Best score')).toHaveText('8');
});

test('cards won: Bob ticks his third Pass Pass in the middle of round 2, its points not counted', async ({
	page
}) => {
	const url = await startMatch(page, 'Pass Pass', ['Alice', 'Bob', 'Chloé', 'Dan']);
	await page.getByRole('button', { name: 'Cards won' }).click();
	// round 1: Bob two ticks and 8 points, Chloé 2 points
	await giveCards(page, 'Bob', [...set(1), ...set(2)]);
	await giveCards(page, 'Chloé', [
		['Purple', 3],
		['Blue', 3]
	]);
	await endRound(page, 1);
	await expect(page.getByTestId('where')).toContainText('Round 2 of 3');
	// round 2: Chloé 2 cards, Bob three colours, then the fourth: his third Pass Pass
	await giveCards(page, 'Chloé', [
		['Green', 5],
		['Yellow', 5]
	]);
	await giveCards(page, 'Bob', [
		['Purple', 7],
		['Blue', 7],
		['Green', 7]
	]);
	await giveCards(page, 'Bob', [['Yellow', 7]]);
	await expect(page.getByTestId('outcome')).toContainText('Bob wins!');

	await expect(page.getByTestId('pad-1-1').locator('s')).toHaveText('4 pts');
	await expect(page.getByTestId('pad-1-2').locator('s')).toHaveText('2 pts');
	await expect(page.getByTestId('pad-total-1')).toContainText('8 pts');
	await expect(page.getByTestId('pad-total-2')).toContainText('2 pts');

	const { text, csv, scores } = await records(page);
	expect(text.split('\n').slice(0, 7)).toEqual([
		'Pass Pass (cards, Funnyfox): Bob wins!',
		WHY,
		'Pass Pass ticks: Alice 0, Bob 3, Chloé 0, Dan 0.',
		'Bob 8',
		'Chloé 2',
		'Alice 0',
		'Dan 0'
	]);
	expect(csv).toContain('\r\nRound 1,0,8,2,0\r\n"Round 2, not counted",,,,\r\nTotal,0,8,2,0\r\n');
	expect(scores).toEqual([0, 8, 2, 0]);

	const matchId = /\/match\/([^/?#]+)/.exec(url)![1];
	expect((await backedUp(page, matchId)).totals).toEqual([0, 8, 2, 0]);
	await expect(await stat(page, 'Bob', 'Best score')).toHaveText('8');
});

test("teams: Jules's tick takes team 2 to 3 in round 2; the record shows the team's 3 ticks", async ({
	page
}) => {
	const url = await startMatch(page, 'Pass Pass', ['Ana', 'Hugo', 'Cleo', 'Jules', 'Eve', 'Léa']);
	await page.getByRole('button', { name: 'Cards won' }).click();
	// round 1: Hugo two ticks and 8 points for team 2, Ana one tick and 4 points for team 1
	await giveCards(page, 'Hugo', [...set(1), ...set(2)]);
	await giveCards(page, 'Ana', set(3));
	await endRound(page, 1);
	await page.getByTestId('team-0').getByRole('button', { name: 'Write Ana for team 1' }).click();
	await page.getByTestId('team-1').getByRole('button', { name: 'Write Hugo for team 2' }).click();
	await expect(page.getByTestId('where')).toContainText('Round 2 of 3');
	// round 2: Cleo wins 2 cards, then Jules a complete set
	await giveCards(page, 'Cleo', [
		['Purple', 9],
		['Blue', 9]
	]);
	await giveCards(page, 'Jules', set(4));
	await expect(page.getByTestId('outcome')).toContainText('Hugo, Jules, and Léa win!');

	// the pad: round 2 written for nobody, shown as not counted with the member whose ticks
	// count (Jules's tick for team 2); team 2's total holds the 3 ticks that won
	await expect(page.getByTestId('pad-1-0').locator('s')).toHaveText('2 pts');
	await expect(page.getByTestId('pad-1-0')).toContainText('Cleo');
	await expect(page.getByTestId('pad-1-1').locator('s')).toHaveText('4 pts');
	await expect(page.getByTestId('pad-1-1')).toContainText('not counted');
	await expect(page.getByTestId('pad-1-1')).toContainText('1 ✔');
	await expect(page.getByTestId('pad-1-1')).toContainText('Jules');
	await expect(page.getByTestId('pad-total-0')).toContainText('4 pts');
	await expect(page.getByTestId('pad-total-0')).toContainText('1 ✔');
	await expect(page.getByTestId('pad-total-1')).toContainText('8 pts');
	await expect(page.getByTestId('pad-total-1')).toContainText('3 ✔');

	const { text, csv, scores } = await records(page);
	const ticks = 'Pass Pass ticks: Ana, Cleo, and Eve 1; Hugo, Jules, and Léa 3.';
	expect(text.split('\n').slice(0, 5)).toEqual([
		'Pass Pass (cards, Funnyfox): Hugo, Jules, and Léa win!',
		WHY,
		ticks,
		'Hugo, Jules, and Léa 8',
		'Ana, Cleo, and Eve 4'
	]);
	expect(csv).toContain('\r\nPass Pass ticks,"Ana, Cleo, and Eve 1; Hugo, Jules, and Léa 3",\r\n');
	expect(csv).toContain('\r\nRound 1,4,8\r\n"Round 2, not counted",,\r\nTotal,4,8\r\n');
	expect(scores).toEqual([4, 8, 4, 8, 4, 8]);

	const matchId = /\/match\/([^/?#]+)/.exec(url)![1];
	const result = await backedUp(page, matchId);
	expect(result.totals).toEqual([4, 8]);
	await expect(await stat(page, 'Jules', 'Best score')).toHaveText('8');
});
