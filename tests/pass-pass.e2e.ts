import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';
import { endRound, enterCard, giveCards, playCard, playTrick, take } from './pass-pass';

const ticks = (page: Page, seat: number) => page.getByTestId(`ticks-${seat}`);
const points = (page: Page, seat: number) => page.getByTestId(`points-${seat}`);
const whose = (page: Page) => page.getByTestId('whose');

test('a whole individual game to a points victory, trick by trick then cards won', async ({
	page
}) => {
	// a whole match tap by tap: on a busy machine each tap takes a good part of a second
	test.slow();
	await startMatch(page, 'Pass Pass', ['Ana', 'Ben', 'Cleo']);
	await expect(page.getByTestId('where')).toHaveText('Round 1 · trick 1/8');
	await expect(whose(page)).toHaveText('Ana plays a card');

	// Trick 1: purple 10 + 11 = 21 beats blue 3. Ben (11) first, Ana (10) second.
	await playCard(page, ['Purple', 10, 1]);
	await expect(page.getByTestId('totals')).toContainText('Purple 10');
	await expect(whose(page)).toHaveText('Ben plays a card');
	await playCard(page, ['Purple', 11, 0]);
	await expect(page.getByTestId('totals')).toContainText('Purple 21');
	await playCard(page, ['Blue', 3, 2]);
	await expect(page.getByTestId('first-winner')).toHaveText('Ben');
	await expect(page.getByTestId('second-winner')).toHaveText('Ana');
	await expect(page.getByTestId('why')).toContainText(
		'Purple has the highest total (21), ahead of Blue.'
	);
	await expect(page.getByTestId('why')).toContainText(
		'Ana played the second card of the top group, Purple 10: second winner.'
	);
	await expect(whose(page)).toHaveText('Ben, take any one card');

	// The first winner's pick can be undone and redone.
	await take(page, 'Take Purple 11, played by Ben');
	await expect(page.getByTestId('news-line')).toHaveText(
		'Ben took Purple 11, Ana took Blue 3 + Purple 10.'
	);
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(whose(page)).toHaveText('Ben, take any one card');
	await page.getByRole('button', { name: 'Redo' }).click();
	await expect(whose(page)).toHaveText('Ana plays a card');
	// between tricks the switch to cards won takes the empty trick's row
	await expect(page.getByRole('button', { name: 'Cards won' })).toBeVisible();
	await expect(page.getByTestId('trick')).toHaveCount(0);
	await expect(points(page, 0)).toHaveText(String(2 + 1 + 2));
	await expect(points(page, 1)).toHaveText('1');

	// A card already played this round cannot be entered again: greyed on the grid.
	await expect(
		page.getByRole('button', { name: 'Purple 10, already played this round' })
	).toBeDisabled();

	// Trick 2: green 5 + 2 = 7 beats yellow 5. Ana takes her green 5, Cleo the two left.
	await playTrick(
		page,
		[
			['Green', 5, 0],
			['Yellow', 5, 1],
			['Green', 2, 3]
		],
		'Green 5'
	);
	await expect(whose(page)).toHaveText('Cleo plays a card');

	// Trick 3, with a reload after two cards: nothing is lost.
	await playCard(page, ['Yellow', 12, 2]);
	await playCard(page, ['Blue', 12, 0]);
	// A reload keeps what the screen has confirmed: wait for the card to show as played.
	await expect(whose(page)).toHaveText('Ben plays a card');
	await page.reload();
	await expect(whose(page)).toHaveText('Ben plays a card');
	await expect(page.getByTestId('trick')).toContainText(/Cleo\s*Yellow 12/);
	await expect(page.getByTestId('trick')).toContainText(/Ana\s*Blue 12/);
	await expect(page.getByTestId('totals')).toContainText('Yellow 12');
	await expect(page.getByTestId('totals')).toContainText('Blue 12');
	await playCard(page, ['Purple', 1, 1]);
	// Yellow 12 and blue 12 tie on total and highest card: yellow was played first.
	await expect(page.getByTestId('first-winner')).toHaveText('Cleo');
	await expect(page.getByTestId('second-winner')).toHaveText('Ana');
	await expect(page.getByTestId('why')).toContainText(
		"Yellow and Blue tie on 12 and on their highest card (12); Yellow's was played first."
	);
	await expect(page.getByTestId('why')).toContainText(
		"The top group has a single card, so the highest card of the next group wins second: Ana's Blue 12."
	);
	await take(page, 'Take Blue 12, played by Ana');

	// Ana now holds all four colours: a tick, announced and highlighted.
	await expect(page.getByTestId('news-line')).toContainText('Ana ticks a Pass Pass! 1 of 3.');
	await expect(page.getByTestId('player-0')).toHaveClass(/flash/);
	await expect(ticks(page, 0)).toHaveText('1');
	await expect(points(page, 0)).toHaveText('11');
	await expect(points(page, 1)).toHaveText('1');
	await expect(points(page, 2)).toHaveText('7');
	// What the trick gave is read from the log, so a reload still tells it.
	await page.reload();
	await expect(page.getByTestId('news-line')).toContainText(
		'Cleo took Blue 12, Ana took Purple 1 + Yellow 12.'
	);

	// The rest of round 1 as cards won.
	await page.getByRole('button', { name: 'Cards won' }).click();
	await giveCards(page, 'Ben', [
		['Purple', 2, 0],
		['Purple', 3, 0],
		['Purple', 4, 0],
		['Purple', 5, 0],
		['Purple', 6, 0],
		['Purple', 7, 0],
		['Purple', 8, 0],
		['Purple', 9, 0]
	]);
	await expect(page.getByTestId('where')).toHaveText('Round 1 of 3 · 17 of 24 cards won');
	await giveCards(page, 'Cleo', [
		['Blue', 1, 0],
		['Blue', 2, 0],
		['Blue', 4, 0],
		['Blue', 5, 0],
		['Blue', 6, 0],
		['Blue', 7, 0],
		['Blue', 8, 0]
	]);
	// 24 cards won: the round ends by itself.
	await expect(page.getByTestId('news-line')).toContainText('Round 1 is over. Ana leads round 2.');
	await expect(page.getByTestId('where')).toHaveText('Round 2 of 3 · 0 of 24 cards won');
	await expect(page.getByTestId('pad-0-0')).toContainText('11 pts');
	await expect(page.getByTestId('pad-0-0')).toContainText('1 ✔');
	await expect(page.getByTestId('pad-0-1')).toContainText('9 pts');
	await expect(page.getByTestId('pad-0-2')).toContainText('14 pts');

	// Round 2: Purple 10's diamonds are remembered: colour and value, and no diamonds asked.
	await page
		.getByRole('group', { name: 'Who took the cards?' })
		.getByRole('button', { name: 'Ana' })
		.click();
	await page.getByRole('button', { name: 'Purple', exact: true }).click();
	await page.getByRole('button', { name: 'Purple 10', exact: true }).click();
	await expect(page.getByRole('button', { name: /diamonds: 1/ })).toHaveCount(0);
	await expect(page.getByTestId('pending')).toContainText('Purple 10 · 1 ◆');
	await enterCard(page, ['Green', 3, 0]);
	await page.getByRole('button', { name: 'Give 2 cards to Ana' }).click();
	await giveCards(page, 'Ben', [
		['Yellow', 1, 0],
		['Yellow', 2, 0],
		['Yellow', 3, 0],
		['Yellow', 4, 0]
	]);
	// 6 of 24 cards: the table is asked before the round ends
	await page.getByRole('button', { name: 'End round 2' }).click();
	await expect(page.getByTestId('end-round-ask')).toContainText(
		'Only 6 cards of 24 are entered. End round 2 anyway?'
	);
	await page.getByRole('button', { name: 'Keep entering cards' }).click();
	await expect(page.getByTestId('where')).toHaveText('Round 2 of 3 · 6 of 24 cards won');
	await endRound(page, 2);
	await expect(page.getByTestId('where')).toHaveText('Round 3 of 3 · 0 of 24 cards won');

	// Round 3: Ana takes one card; the round and the match end.
	await giveCards(page, 'Ana', [['Blue', 1, 0]]);
	await endRound(page, 3);

	// Ana 11 + 3 + 1 = 15, Cleo 14, Ben 9 + 4 = 13: Ana wins on points.
	await expect(page.getByTestId('outcome')).toContainText('Ana wins!');
	await expect(page.getByTestId('outcome')).toContainText('Won on points after three rounds.');
	await expect(page.getByTestId('standing').locator('li').first()).toContainText('Ana');
	await expect(page.getByTestId('pad-total-0')).toContainText('15 pts');
	await expect(page.getByTestId('pad-total-1')).toContainText('13 pts');
	await expect(page.getByTestId('pad-total-2')).toContainText('14 pts');
});

test('a third tick wins at once, in the middle of a trick', async ({ page, context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	await startMatch(page, 'Pass Pass', ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Cards won' }).click();
	// Round 1: Ana collects two complete sets: two ticks.
	await giveCards(page, 'Ana', [
		['Purple', 1, 0],
		['Blue', 1, 0],
		['Green', 1, 0],
		['Yellow', 1, 0],
		['Purple', 2, 0],
		['Blue', 2, 0],
		['Green', 2, 0],
		['Yellow', 2, 0]
	]);
	await expect(page.getByTestId('news-line')).toContainText(
		'Ana ticks 2 Pass Passes at once! 2 of 3.'
	);
	await expect(ticks(page, 0)).toHaveText('2');
	await endRound(page, 1);
	await expect(page.getByTestId('where')).toContainText('Round 2 of 3');

	// Round 2: three colours as cards won, then a trick brings the fourth.
	await giveCards(page, 'Ana', [
		['Purple', 3, 0],
		['Blue', 3, 0],
		['Green', 3, 0]
	]);
	await page.getByRole('button', { name: 'Trick by trick' }).click();
	await playTrick(
		page,
		[
			['Yellow', 10, 0],
			['Blue', 10, 0],
			['Purple', 5, 0]
		],
		'Yellow 10'
	);
	await expect(page.getByTestId('news-line')).toContainText(
		'Ana ticks a third Pass Pass and wins at once!'
	);
	await expect(page.getByTestId('outcome')).toContainText('Ana wins!');
	await expect(page.getByTestId('outcome')).toContainText('Won by a third Pass Pass');
	// The match stopped before Ben's take.
	await expect(points(page, 1)).toHaveText('0');

	// every record of it shows the ticks and says it was won by a third Pass Pass, not a draw
	const ticksLine = 'Pass Pass ticks: Ana 3, Ben 0, Cleo 0.';
	await expect(page.getByTestId('outcome-ticks')).toHaveText(ticksLine);
	await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
	await page.getByRole('button', { name: 'Share the result' }).click();
	await expect(page.getByTestId('shared')).toHaveText('Result copied: paste it anywhere.');
	const text = await page.evaluate(() => navigator.clipboard.readText());
	expect(text.split('\n').slice(0, 3)).toEqual([
		'Pass Pass (cards, Funnyfox): Ana wins!',
		"Won by a third Pass Pass: the match ends at once, and that round's points are not counted.",
		ticksLine
	]);
	const bgstats = await page.getByTestId('bgstats-web').getAttribute('href');
	const play = JSON.parse(new URL(bgstats!).searchParams.get('data')!);
	expect(play.comments).toContain('Won by a third Pass Pass');
	expect(play.comments).toContain(ticksLine);
	expect(play.players.map((player: { winner: boolean }) => player.winner)).toEqual([
		true,
		false,
		false
	]);
	await page.getByRole('link', { name: 'History' }).click();
	await expect(page.getByTestId('history-why').first()).toContainText('Won by a third Pass Pass');
	await expect(page.getByTestId('history-why').first()).toContainText(ticksLine);
});

test('a 4-player team game through a round and its team choice', async ({ page }) => {
	await page.goto('/new?game=pass-pass');
	const seats = page.getByLabel(/Name of the player in seat/);
	await page.getByRole('button', { name: 'Add a player' }).click();
	for (const [index, name] of ['Ana', 'Ben', 'Cleo', 'Dan'].entries()) {
		await seats.nth(index).fill(name);
	}
	await expect(page.getByText('Team 1: seats 1 (Ana), 3 (Cleo)')).toBeVisible();
	await expect(page.getByText('Team 2: seats 2 (Ben), 4 (Dan)')).toBeVisible();
	await page.getByLabel('2 teams of 2').check();
	await page.getByLabel('Who starts').selectOption({ label: 'Ben' });
	await page.getByRole('button', { name: 'Start the match' }).click();
	await expect(page).toHaveURL(/\/match\//);
	await expect(whose(page)).toHaveText('Ben plays a card');
	await expect(page.getByTestId('player-2')).toContainText('Team 1');

	await page.getByRole('button', { name: 'Cards won' }).click();
	await giveCards(page, 'Ana', [
		['Purple', 1, 0],
		['Blue', 1, 0],
		['Green', 1, 0]
	]);
	await giveCards(page, 'Cleo', [
		['Purple', 2, 0],
		['Blue', 2, 0],
		['Green', 2, 0],
		['Yellow', 2, 0],
		['Purple', 3, 0]
	]);
	await expect(page.getByTestId('news-line')).toContainText(
		'Cleo ticks a Pass Pass! Team 1: 1 of 3.'
	);
	await giveCards(page, 'Ben', [
		['Yellow', 1, 0],
		['Yellow', 3, 0]
	]);
	await giveCards(page, 'Dan', [['Blue', 3, 2]]);
	await endRound(page, 1);

	// Each team writes one member: Passpad suggests the most points.
	await expect(page.getByRole('heading', { name: /End of round 1/ })).toBeVisible();
	const team1 = page.getByTestId('team-0');
	const team2 = page.getByTestId('team-1');
	await expect(team1.getByLabel(/Cleo: 5 points, 1 tick(?!s)/)).toBeChecked();
	await expect(team2.getByLabel('Dan: 3 points, 0 ticks')).toBeChecked();
	await team1.getByRole('button', { name: 'Write Cleo for team 1' }).click();
	await expect(team1).toContainText("Cleo's score is written.");
	// Team 2 prefers Ben's line over the suggestion.
	await team2.getByLabel('Ben: 2 points, 0 ticks').check();
	await team2.getByRole('button', { name: 'Write Ben for team 2' }).click();

	await expect(page.getByTestId('where')).toContainText('Round 2 of 3');
	await expect(page.getByTestId('pad-0-0')).toContainText('5 pts');
	await expect(page.getByTestId('pad-0-0')).toContainText('1 ✔');
	await expect(page.getByTestId('pad-0-0')).toContainText('Cleo');
	await expect(page.getByTestId('pad-0-1')).toContainText('2 pts');
	await expect(page.getByTestId('pad-0-1')).toContainText('Ben');
	await expect(page.getByTestId('team-ticks')).toContainText('Team 1: 1 of 3 Pass Passes');
	// one score table, the pad: no second sheet with the same numbers
	await expect(page.getByTestId('pad')).toContainText('Round 1');
	await expect(page.getByTestId('score-sheet')).toHaveCount(0);
});

/** Resolver: each card by colour and value, in play order (French says "3 violet"). */
async function resolve(page: Page, cards: [string, number][], lang: 'en' | 'fr' = 'en') {
	for (const [color, value] of cards) {
		await page.getByRole('button', { name: color, exact: true }).click();
		const card = lang === 'fr' ? `${value} ${color.toLowerCase()}` : `${color} ${value}`;
		await page.getByRole('button', { name: card, exact: true }).click();
	}
}

test('the dispute resolver on the rulebook’s four examples', async ({ page }) => {
	await page.goto('/rules/pass-pass');
	await page.getByRole('link', { name: 'Settle a dispute: resolve one trick' }).click();
	await expect(page.getByRole('heading', { name: 'Settle a dispute' })).toBeVisible();
	await page.getByText('Names (optional)').click();
	for (const [index, name] of ['David', 'Stephanie', 'Alex', 'Fiona'].entries()) {
		await page.getByRole('textbox', { name: `Player ${index + 1}` }).fill(name);
	}
	const why = page.getByTestId('why');
	const again = page.getByRole('button', { name: 'Start again' });

	// Example 1: all purple. Alex (12) first, Stephanie (11) second; she takes the 6 and the 10.
	await resolve(page, [
		['Purple', 10],
		['Purple', 11],
		['Purple', 12],
		['Purple', 6]
	]);
	await expect(page.getByTestId('first-winner')).toHaveText('Alex');
	await expect(page.getByTestId('second-winner')).toHaveText('Stephanie');
	await expect(why).toContainText('Every card is Purple: one group only.');
	await take(page, 'Take Purple 12, played by Alex');
	await expect(page.getByTestId('takes')).toContainText(
		'Stephanie takes the two lowest cards left: Purple 6 + Purple 10.'
	);
	await expect(page.getByTestId('takes')).toContainText('Discarded for the round: Purple 11.');
	await expect(page.getByTestId('takes')).toContainText('Stephanie leads the next trick.');
	await again.click();

	// Example 2: purple 10 + 6 = 16 beats blue 11. David first, Fiona second.
	await resolve(page, [
		['Purple', 10],
		['Blue', 11],
		['Green', 4],
		['Purple', 6]
	]);
	await expect(page.getByTestId('first-winner')).toHaveText('David');
	await expect(page.getByTestId('second-winner')).toHaveText('Fiona');
	await expect(why).toContainText('Purple has the highest total (16), ahead of Blue.');
	await take(page, 'Take Green 4, played by Alex');
	await expect(page.getByTestId('takes')).toContainText(
		'Fiona takes the two lowest cards left: Purple 6 + Purple 10.'
	);
	await expect(page.getByTestId('takes')).toContainText('Discarded for the round: Blue 11.');
	await again.click();

	// Example 3: a lone blue 11 on top; purple 10 beats green 4 + 6 on the higher card.
	await resolve(page, [
		['Purple', 10],
		['Blue', 11],
		['Green', 4],
		['Green', 6]
	]);
	await expect(page.getByTestId('first-winner')).toHaveText('Stephanie');
	await expect(page.getByTestId('second-winner')).toHaveText('David');
	await expect(page.getByTestId('ranking')).toContainText(
		'same total as Green, higher card (against 6)'
	);
	await expect(why).toContainText(
		"The top group has a single card, so the highest card of the next group wins second: David's Purple 10."
	);
	// ... and with Fiona on the green 7, blue 11 ties green 11: the 11 wins, Fiona second.
	await page.getByRole('button', { name: 'Take back the last card' }).click();
	await resolve(page, [['Green', 7]]);
	await expect(page.getByTestId('first-winner')).toHaveText('Stephanie');
	await expect(page.getByTestId('second-winner')).toHaveText('Fiona');
	await expect(why).toContainText(
		'Blue and Green tie on 11; Blue holds the higher card (11 against 7).'
	);
	await again.click();

	// Example 4: purple 10 + 6 ties green 10 + 6, the 10s tie: David played first; Alex second.
	await resolve(page, [
		['Purple', 10],
		['Green', 10],
		['Purple', 6],
		['Green', 6]
	]);
	await expect(page.getByTestId('first-winner')).toHaveText('David');
	await expect(page.getByTestId('second-winner')).toHaveText('Alex');
	await expect(why).toContainText(
		"Purple and Green tie on 16 and on their highest card (10); Purple's was played first."
	);
	// David takes the green 10: the 6s tie, so Alex takes both (no choice), the purple 10 goes.
	await take(page, 'Take Green 10, played by Stephanie');
	await expect(page.getByTestId('takes')).toContainText(
		'Alex takes the two lowest cards left: Purple 6 + Green 6.'
	);
});

test('the resolver offers a choice when equal values tie', async ({ page }) => {
	await page.goto('/resolve');
	await page.getByRole('button', { name: '5', exact: true }).click();
	await resolve(page, [
		['Blue', 12],
		['Blue', 9],
		['Green', 4],
		['Yellow', 4],
		['Purple', 4]
	]);
	await take(page, 'Take Blue 12, played by Player 1');
	await expect(page.getByTestId('takes')).toContainText(
		'Equal values: Player 2 chooses one of these pairs.'
	);
	await expect(page.getByTestId('takes').locator('li')).toHaveCount(3);
});

test.describe('in French', () => {
	test.use({ locale: 'fr-FR' });

	test('the resolver and the match options speak French', async ({ page }) => {
		await page.goto('/new?game=pass-pass');
		await expect(page.getByText('Individuel', { exact: true })).toBeVisible();
		await expect(page.getByText('Le joueur choisi commence le premier pli.')).toBeVisible();

		await page.goto('/resolve');
		await expect(page.getByRole('heading', { name: 'Régler un litige' })).toBeVisible();
		await page.getByRole('button', { name: '3', exact: true }).click();
		await resolve(
			page,
			[
				['Violet', 3],
				['Bleu', 4],
				['Bleu', 5]
			],
			'fr'
		);
		await expect(page.getByText('Premier gagnant', { exact: true })).toBeVisible();
		await expect(page.getByTestId('first-winner')).toHaveText('Joueur 3');
		await expect(page.getByTestId('why')).toContainText(
			'Bleu a le plus gros total (9), devant Violet.'
		);
	});
});
