import { expect, test } from '@playwright/test';
import { playIllPass, startMatch, waitForServiceWorker, type IllPassStep } from './helpers';
import { matchOf, storedLog, storedMatch } from './stored';

test('a finished match goes to BG Stats as a play: lowest score wins, ranks, the starter', async ({
	page
}) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo'], { start: 'Ben' });
	// Ben reveals 10 and takes it; then every card is taken at once by whoever reveals it
	const cards = [
		10, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26
	];
	await playIllPass(
		page,
		cards.flatMap((card): IllPassStep[] => [card, 'take'])
	);
	await expect(page.getByTestId('outcome')).toContainText('Match over');

	const app = page.getByRole('link', { name: 'Send to BG Stats' });
	await expect(app).toBeVisible();
	const href = (await app.getAttribute('href'))!;
	expect(href.startsWith('bgstats://app.bgstatsapp.com/createPlay.html?data=')).toBe(true);
	const web = await page.getByTestId('bgstats-web').getAttribute('href');
	expect(web).toBe(href.replace('bgstats://', 'https://'));

	const play_ = JSON.parse(new URL(web!).searchParams.get('data')!);
	// the score sheet's totals, as the screen shows them
	const totals = await Promise.all(
		[0, 1, 2].map(async (seat) => Number(await page.getByTestId(`score-${seat}`).textContent()))
	);
	const best = Math.min(...totals);
	expect(play_).toMatchObject({
		sourceName: 'Passpad',
		sourcePlayId: matchOf(page),
		location: '',
		// how it was won: this deal of cards ends in a tie for the lowest score
		comments: 'Equal lowest scores: a shared victory.',
		game: {
			name: "I'll Pass",
			highestWins: false,
			noPoints: false,
			sourceGameId: 'ill-pass'
		}
	});
	expect(play_.playDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
	// the time played, in whole minutes, as this phone measured it
	const { playedMs } = await storedMatch<{ playedMs: number }>(page, matchOf(page));
	expect(play_.durationMin).toBe(Math.round(playedMs / 60_000));
	expect(play_.players.map((player: { name: string }) => player.name)).toEqual([
		'Ana',
		'Ben',
		'Cleo'
	]);
	expect(play_.players.map((player: { score: number }) => player.score)).toEqual(totals);
	expect(play_.players.map((player: { startPlayer: boolean }) => player.startPlayer)).toEqual([
		false,
		true,
		false
	]);
	for (const [seat, player] of play_.players.entries()) {
		expect(player.winner).toBe(totals[seat] === best);
		// rank: one more than the players with a lower (better) score
		expect(player.rank).toBe(1 + totals.filter((total) => total < totals[seat]).length);
		expect(player.team).toBe('');
	}
});

test('hand a match to another phone: it takes over, plays on, and the first phone lets it go', async ({
	page,
	browser
}) => {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo', 'Dan'], { start: 'Ana' });
	await playIllPass(page, [20, 'pass', 'pass', 'take', 7, 'take', 31]);
	const id = matchOf(page);

	await page.getByRole('button', { name: 'Hand over to another phone' }).click();
	await expect(page.getByRole('img', { name: 'QR code of the link to this match' })).toBeVisible();
	const link = (await page.getByTestId('handover-link').getAttribute('href'))!;
	expect(new URL(link).pathname).toBe('/take');
	// the copy button puts the same link on the clipboard
	await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
	await page.getByRole('button', { name: 'Copy the link' }).click();
	await expect(page.getByText('Link copied.')).toBeVisible();
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

	// the other phone: its own browser, nothing shared but the link
	const other = await browser.newContext();
	const phone = await other.newPage();
	await phone.goto(link);
	await expect(
		phone.getByText("Take over this match: I'll Pass, Ana, Ben, Cleo, Dan, 7 actions?")
	).toBeVisible();
	await phone.getByRole('button', { name: 'Take over', exact: true }).click();
	await expect(phone).toHaveURL(new RegExp(`/match/${id}$`));
	await expect(phone.getByTestId('face-up')).toHaveText('31');
	await expect(phone.getByTestId('chips-1')).toHaveText('10');
	// play goes on there
	await playIllPass(phone, ['pass', 'take', 12, 'take']);

	// the first phone marks its copy as handed over
	await page.getByRole('button', { name: 'Done: the other phone has it' }).click();
	await expect(page.getByTestId('handed')).toContainText('Handed over to another phone on');
	await expect(page.getByRole('button', { name: 'Hand over to another phone' })).toHaveCount(0);

	// the logs agree: the first phone's is where the second phone's began
	const first = await storedLog(page, id);
	const second = await storedLog(phone, id);
	expect(first).toHaveLength(7);
	expect(second).toHaveLength(11);
	expect(second.slice(0, 7)).toEqual(first);

	// the handed match is no longer one to continue on the first phone; it is on the other
	await page.goto('/');
	await expect(page.getByRole('heading', { name: 'New match' })).toBeVisible();
	await expect(page.getByRole('region', { name: 'Continue a match' })).toHaveCount(0);
	await phone.goto('/');
	await expect(
		phone.getByRole('region', { name: 'Continue a match' }).getByRole('link')
	).toContainText('Ana, Ben, Cleo, Dan');

	// and handed back: the first phone's handed copy is replaced by the longer log
	await phone.goto(`/match/${id}`);
	await phone.getByRole('button', { name: 'Hand over to another phone' }).click();
	await expect(phone.getByTestId('handover-link')).toBeVisible();
	const back = (await phone.getByTestId('handover-link').getAttribute('href'))!;
	// offline: the service worker serves /take like any screen, and nothing goes over the network
	await waitForServiceWorker(page);
	await page.context().setOffline(true);
	await page.goto(back);
	await expect(
		page.getByText("Take over this match: I'll Pass, Ana, Ben, Cleo, Dan, 11 actions?")
	).toBeVisible();
	await expect(
		page.getByText(/This phone's copy, handed over on .*, will be replaced/)
	).toBeVisible();
	await page.getByRole('button', { name: 'Take over', exact: true }).click();
	await expect(page).toHaveURL(new RegExp(`/match/${id}$`));
	await expect(page.getByTestId('handed')).toHaveCount(0);
	expect(await storedLog(page, id)).toEqual(second);
	await page.context().setOffline(false);
	await other.close();
});

test('a damaged hand-over link is refused and nothing is taken', async ({ page }) => {
	await page.goto('/take#1ABCDEFGH');
	await expect(page.getByRole('alert')).toContainText('This link does not hold a whole match');
	await expect(page.getByRole('button', { name: 'Take over', exact: true })).toHaveCount(0);
});
