import { expect, test, type Browser, type Page } from '@playwright/test';
import { enterIllPass, inReach, noAxeViolations } from './evening-kit';

// A club evening (docs/evening.md) on a member's phone, offline: the group and its roster are
// written straight into the phone's database, as a phone that joined keeps them.

const GROUP = 'clubeve42';
const NAMES = ['Ana', 'Ben', 'Chloé', 'Dan', 'Eva', 'Fred', 'Gus'];
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/evening';

async function phone(
	browser: Browser,
	options: { width?: number; height?: number; dark?: boolean; french?: boolean } = {}
): Promise<Page> {
	const context = await browser.newContext({
		viewport: { width: options.width ?? 360, height: options.height ?? 640 },
		isMobile: (options.width ?? 360) < 600,
		hasTouch: true,
		locale: options.french ? 'fr-FR' : 'en-GB',
		colorScheme: options.dark ? 'dark' : 'light'
	});
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`page: ${error.message}`));
	// the group's server is never reached: the evening works offline
	await page.route('**/*', (route) =>
		route.request().url().startsWith('ws') ? route.abort() : route.fallback()
	);
	await page.goto('/history');
	await expect(page.locator('h1')).toBeVisible();
	await page.evaluate(
		async ([group, names]) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const request = indexedDB.open('passpad');
				request.onsuccess = () => resolve(request.result);
				request.onerror = () => reject(request.error);
			});
			const tx = db.transaction(['groups', 'players'], 'readwrite');
			tx.objectStore('groups').put({
				id: group,
				name: 'Jeudi au club',
				server: 'ws://127.0.0.1:9',
				user: `${group}-mabcdefgh`,
				pass: 'a'.repeat(24),
				role: 'member',
				left: false,
				joinedAt: Date.now()
			});
			for (const name of names)
				tx.objectStore('players').put({
					id: crypto.randomUUID(),
					name,
					nameKey: name.toLowerCase(),
					hidden: false,
					createdAt: 1,
					colour: null
				});
			await new Promise((resolve) => (tx.oncomplete = resolve));
			db.close();
		},
		[GROUP, NAMES] as const
	);
	return page;
}

test.describe.configure({ timeout: 120_000 });

test("evening: 7 players, 2 rounds of I'll Pass; a table started from the draw, its match entered, the standings follow", async ({
	browser
}) => {
	const page = await phone(browser);
	await page.goto('/group');
	await page.getByRole('link', { name: 'Start an evening' }).click();
	await expect(page.getByRole('heading', { name: 'Start an evening' })).toBeVisible();
	await page.getByLabel('Rounds').fill('2');
	for (const name of NAMES) await page.getByRole('checkbox', { name }).check();
	await expect(page.getByText('7 players here.')).toBeVisible();
	await inReach(page, page.getByRole('button', { name: 'Draw the tables' }));
	await page.screenshot({ path: `${SHOTS}/setup-360-en-light.png`, fullPage: true });
	await page.getByRole('button', { name: 'Draw the tables' }).click();

	await expect(page.getByRole('heading', { name: /^Round 1 of 2: I'll Pass/ })).toBeVisible();
	const tables = page.getByTestId('evening-round').getByTestId('evening-table');
	await expect(tables).toHaveCount(2);
	// 7 at I'll Pass: a table of 4 and a table of 3, everyone seated once
	const seated = await tables.locator('.seat').allTextContents();
	expect(seated).toHaveLength(7);
	await expect(tables.nth(0).locator('.seat')).toHaveCount(4);
	await expect(tables.nth(1).locator('.seat')).toHaveCount(3);
	await expect(tables.nth(0).getByText('starts')).toHaveCount(1);
	await inReach(page, page.getByRole('button', { name: 'Start table 1' }));
	await inReach(page, page.getByRole('button', { name: 'Start table 2' }));
	await noAxeViolations(page);
	await page.screenshot({ path: `${SHOTS}/round-360-en-light.png`, fullPage: true });
	const evening = page.url();

	// a swap by hand: table 1's first player and table 2's first change seats
	const [one, two] = [
		await tables.nth(0).locator('.seat').first().textContent(),
		await tables.nth(1).locator('.seat').first().textContent()
	];
	await page.getByText('Swap two players').click();
	await page.getByRole('combobox', { name: 'Player', exact: true }).selectOption({ label: one! });
	await page.getByRole('combobox', { name: 'Swap with' }).selectOption({ label: two! });
	await page.getByRole('button', { name: 'Swap', exact: true }).click();
	await expect(tables.nth(0).locator('.seat').first()).toHaveText(two!);
	await expect(tables.nth(1).locator('.seat').first()).toHaveText(one!);

	// table 2's match: seats filled from the draw, the score pad ready
	const names = (await tables.nth(1).locator('.seat').allTextContents()).map((text) =>
		text.replace(/·.*$/, '').trim()
	);
	await page.getByRole('button', { name: 'Start table 2' }).click();
	await expect(page).toHaveURL(/\/match\//);
	for (const name of names) await expect(page.getByText(name).first()).toBeVisible();
	const stored = await page.evaluate(async (id) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open('passpad');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const row = await new Promise<{
			group: string;
			config: { evening: unknown };
			seats: { name: string }[];
		}>((resolve) => {
			const request = db.transaction('matches').objectStore('matches').get(id);
			request.onsuccess = () => resolve(request.result);
		});
		db.close();
		return row;
	}, new URL(page.url()).pathname.split('/').pop()!);
	expect(stored.group).toBe(GROUP);
	expect(stored.seats.map((seat) => seat.name)).toEqual(names);
	expect(stored.config.evening).toMatchObject({ round: 1, table: 2, scale: { first: 7, last: 1 } });
	await enterIllPass(page, 3, 12);

	await page.goto(evening);
	const standings = page.getByTestId('evening-standings');
	await expect(standings.locator('tbody tr')).toHaveCount(3);
	const points = await standings.locator('tbody tr td.points').allTextContents();
	expect(points.map(Number).sort((a, b) => b - a)).toEqual([7, 4, 1]);
	await expect(tables.nth(1)).toContainText('Finished.');
	await expect(page.getByTestId('evening-season').locator('tbody tr')).toHaveCount(3);
	await noAxeViolations(page);
	await page.screenshot({ path: `${SHOTS}/standings-360-en-light.png`, fullPage: true });

	// round 2, drawn for whoever is here: Hugo arrives late, a guest
	await page.locator('summary', { hasText: 'Who is here' }).click();
	await page.getByPlaceholder("A guest's name").fill('Hugo');
	await page.getByRole('button', { name: 'Add the guest' }).click();
	await expect(page.getByText('8 players here.')).toBeVisible();
	await page.getByRole('button', { name: 'Draw round 2' }).click();
	await expect(page.getByRole('heading', { name: /^Round 2 of 2: I'll Pass/ })).toBeVisible();
	await expect(tables).toHaveCount(2);
	await expect(tables.nth(0).locator('.seat')).toHaveCount(4);
	await expect(tables.nth(1).locator('.seat')).toHaveCount(4);
	await expect(tables.locator('.seat', { hasText: 'Hugo' })).toHaveCount(1);
	await expect(page.getByText("That was the evening's last round.")).toBeVisible();
	await inReach(page, page.getByRole('button', { name: 'Start table 1' }));
});

for (const look of [
	{ french: true, dark: true, width: 360, height: 640, name: 'fr-dark-360' },
	{ french: false, dark: true, width: 820, height: 1180, name: 'en-dark-tablet' },
	{ french: true, dark: false, width: 820, height: 1180, name: 'fr-light-tablet' }
])
	test(`evening: the draw read at ${look.name}, axe 0`, async ({ browser }) => {
		const page = await phone(browser, look);
		await page.goto(`/group/evening?g=${GROUP}`);
		const labels = look.french
			? { players: '7 joueurs présents.', draw: 'Tirer les tables', start: 'Lancer la table 1' }
			: { players: '7 players here.', draw: 'Draw the tables', start: 'Start table 1' };
		for (const name of NAMES) await page.getByRole('checkbox', { name }).check();
		await expect(page.getByText(labels.players)).toBeVisible();
		await page.getByRole('button', { name: labels.draw }).click();
		await expect(page.getByTestId('evening-table')).toHaveCount(2);
		await inReach(page, page.getByRole('button', { name: labels.start }));
		await noAxeViolations(page);
		await page.screenshot({ path: `${SHOTS}/round-${look.name}.png`, fullPage: true });
	});
