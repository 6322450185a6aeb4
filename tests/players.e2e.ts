import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';

/**
 * A whole I'll Pass match where whoever reveals a card takes it at once, so seats take in turn
 * clockwise from seat 0; `hands[seat]` are the cards that seat ends with.
 */
async function playHands(page: Page, hands: number[][]) {
	for (let turn = 0; turn < 8; turn++) {
		for (const hand of hands) {
			const card = hand[turn];
			await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
			await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
			await expect(page.getByTestId('face-up')).toHaveCount(0);
		}
	}
	// the screen confirms the last take before anyone leaves the match
	await expect(page.getByTestId('outcome')).toContainText('Match over');
}

const run = [3, 4, 5, 6, 7, 8, 9, 10]; // one run of 8: scores 3 - 11 chips = -8
const odd = [11, 12, 13, 15, 17, 19, 21, 23]; // 11 + 15 + 17 + 19 + 21 + 23 - 11 = 95
const rest = [14, 16, 18, 20, 22, 24, 25, 26]; // 14 + 16 + 18 + 20 + 22 + 24 - 11 = 103

/** A statistic's value in a game's table on a player's page. */
function stat(page: Page, game: string, label: string) {
	return page
		.getByTestId(`stats-${game}`)
		.getByRole('row')
		.filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
		.getByRole('cell');
}

async function openPlayer(page: Page, name: string) {
	await page.goto('/players');
	await page
		.getByTestId('roster')
		.getByRole('link', { name: new RegExp(`^${name} `) })
		.click();
	await expect(page.getByTestId('player-name')).toHaveText(name);
}

test('players: statistics from played matches, rename, merge a duplicate, hide', async ({
	page
}) => {
	test.setTimeout(150_000);

	await test.step('two matches of I’ll Pass, Cleo playing the second as “Cléo”', async () => {
		await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
		await playHands(page, [run, odd, rest]); // Ana wins with -8
		await startMatch(page, "I'll Pass", ['Ben', 'Ana', 'Cléo']);
		await playHands(page, [odd, rest, run]); // Cléo wins with -8, Ana scores 103
	});

	await test.step('the roster counts matches; the statistics add up', async () => {
		await page.getByRole('link', { name: 'Players' }).click();
		const roster = page.getByTestId('roster');
		await expect(roster.getByRole('link')).toHaveText([
			/^Ana\s*2 matches$/,
			/^Ben\s*2 matches$/,
			/^Cleo\s*1 match$/,
			/^Cléo\s*1 match$/
		]);
		await openPlayer(page, 'Ana');
		await expect(stat(page, 'ill-pass', 'Finished matches')).toHaveText('2');
		await expect(stat(page, 'ill-pass', 'Won')).toHaveText('1');
		await expect(stat(page, 'ill-pass', 'Win rate')).toHaveText('50%');
		await expect(stat(page, 'ill-pass', 'Average score')).toHaveText('47.5'); // (-8 + 103) / 2
		await expect(stat(page, 'ill-pass', 'Best score (lowest)')).toHaveText('-8');
		await expect(stat(page, 'ill-pass', 'Longest run')).toHaveText('8');
	});

	await test.step('rename: refused onto another player’s name, else shown everywhere', async () => {
		const name = page.getByLabel('Name', { exact: true });
		await name.fill('ben');
		await page.getByRole('button', { name: 'Rename' }).click();
		await expect(page.getByRole('alert')).toHaveText(
			'Ben is already another player. The same person? Merge the two below instead.'
		);
		await name.fill('Anna');
		await page.getByRole('button', { name: 'Rename' }).click();
		await expect(page.getByTestId('player-message')).toHaveText(
			'Renamed Anna, in every match too.'
		);
		await expect(page.getByTestId('player-name')).toHaveText('Anna');
		await page.getByRole('link', { name: 'History' }).click();
		const history = page.getByTestId('history');
		await expect(history).toContainText('Ben, Anna, Cléo');
		await expect(history).toContainText('Anna, Ben, Cleo');
		await expect(history).toContainText('Won by Anna');
		await expect(history).not.toContainText('Ana,');
	});

	await test.step('merge: refused for two people at one table, else the matches move', async () => {
		await openPlayer(page, 'Ben');
		await page.getByLabel('Merge Ben into').selectOption({ label: 'Anna' });
		await page.getByRole('button', { name: 'Merge…' }).click();
		await page.getByRole('button', { name: 'Merge', exact: true }).click();
		await expect(page.getByRole('alert')).toHaveText(
			'Ben and Anna played at the same table in 2 matches: they are two people, so they cannot be merged.'
		);

		await openPlayer(page, 'Cléo');
		await page.getByLabel('Merge Cléo into').selectOption({ label: 'Cleo' });
		await page.getByRole('button', { name: 'Merge…' }).click();
		await expect(page.getByText('Merge Cléo into Cleo? Every match of Cléo')).toBeVisible();
		await page.getByRole('button', { name: 'Cancel' }).click();
		await expect(page.getByRole('button', { name: 'Merge', exact: true })).toHaveCount(0);
		await page.getByRole('button', { name: 'Merge…' }).click();
		await page.getByRole('button', { name: 'Merge', exact: true }).click();
		await expect(page.getByTestId('player-name')).toHaveText('Cleo');
		await expect(page.getByTestId('player-message')).toHaveText(
			"Merged: the matches of Cléo are now Cleo's."
		);
		await expect(stat(page, 'ill-pass', 'Finished matches')).toHaveText('2');
		await expect(stat(page, 'ill-pass', 'Won')).toHaveText('1');
		await expect(stat(page, 'ill-pass', 'Average score')).toHaveText('47.5'); // 103 then -8
		await expect(stat(page, 'ill-pass', 'Longest run')).toHaveText('8');

		await page.getByRole('link', { name: 'All players' }).click();
		await expect(page.getByTestId('roster').getByRole('link')).toHaveCount(3);
		const board = page.getByTestId('leaderboard').getByRole('table', { name: "I'll Pass" });
		await expect(board.getByRole('row')).toHaveText([
			/Player\s*Won\s*Played\s*Win rate/,
			/^Anna\s*1\s*2\s*50%$/,
			/^Cleo\s*1\s*2\s*50%$/,
			/^Ben\s*0\s*2\s*0%$/
		]);
	});

	await test.step('hide: not offered at a new match, listed only on demand', async () => {
		await openPlayer(page, 'Ben');
		await page.getByRole('button', { name: 'Hide from new matches' }).click();
		await expect(page.getByText('Hidden: not offered at a new match.')).toBeVisible();

		await page.goto('/new?game=ill-pass');
		await expect(page.getByRole('button', { name: '+ Anna' })).toBeVisible();
		await expect(page.getByRole('button', { name: '+ Cleo' })).toBeVisible();
		await expect(page.getByRole('button', { name: '+ Ben' })).toHaveCount(0);

		await page.goto('/players');
		const roster = page.getByTestId('roster');
		await expect(roster.getByRole('link')).toHaveCount(2);
		await page.getByLabel('Show hidden players (1)').check();
		await expect(roster.getByRole('link', { name: /^Ben hidden/ })).toBeVisible();
	});

	await test.step('in French, the statistics are named in French', async () => {
		await page.goto('/settings');
		await page.getByTestId('language').selectOption('fr');
		await expect(page.getByRole('link', { name: 'Joueurs' })).toBeVisible();
		await page.getByRole('link', { name: 'Joueurs' }).click();
		await page
			.getByTestId('roster')
			.getByRole('link', { name: /^Anna / })
			.click();
		await expect(stat(page, 'ill-pass', 'Plus longue suite')).toHaveText('8');
		await expect(stat(page, 'ill-pass', 'Score moyen')).toHaveText('47,5');
	});
});
