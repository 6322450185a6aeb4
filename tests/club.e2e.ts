import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { enterIllPass, inReach, noAxeViolations } from './evening-kit';
import { startLiveApp } from './live';
import { boardGroup } from './board-group.mjs';

// The club between phones (docs/evening.md, "One evening on every phone"; docs/ratings.md, "A
// group's switch"): two members' phones and the group's board against a real nats-server and
// the app served beside it. One phone switches the group's ratings on and starts an evening;
// the other shows both, starts a table from the same draw and enters its match; the first
// phone's standings and the board follow, the board with the group's ratings.

let app: Awaited<ReturnType<typeof startLiveApp>>;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/club';
const GUESTS = ['Ana', 'Ben', 'Chloé', 'Dan', 'Eva', 'Fred'];

test.describe.configure({ mode: 'serial', timeout: 240_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
	mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
	await app?.stop();
});

interface Look {
	width?: number;
	height?: number;
	dark?: boolean;
	french?: boolean;
}

async function open(browser: Browser, name: string, look: Look = {}): Promise<Page> {
	const width = look.width ?? 360;
	const context = await browser.newContext({
		baseURL: app.origin,
		viewport: { width, height: look.height ?? 640 },
		isMobile: width < 600,
		hasTouch: width < 1000,
		locale: look.french ? 'fr-FR' : 'en-GB',
		colorScheme: look.dark ? 'dark' : 'light',
		// the test proxy tells phones apart by it (tests/live.ts)
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	return page;
}

/** A member's phone opened by its link, caught up with the group. */
async function member(browser: Browser, name: string, link: string, look: Look = {}) {
	const page = await open(browser, name, look);
	await page.goto(link);
	const upToDate = look.french ? 'À jour avec le groupe.' : 'Up to date with the group.';
	await expect(page.getByTestId('group-state')).toContainText(upToDate, { timeout: 30_000 });
	return page;
}

const memberLink = (group: string, name: string, user: string, pass: string) =>
	`${app.origin}/group#${new URLSearchParams({ g: group, n: name, u: user, p: pass })}`;

/** A group made by the server, its first member Ana's phone (English) and Ben's (French, dark). */
async function club(browser: Browser, name: string) {
	const group = await boardGroup(app.live, name);
	const invited = await app.live.invite(group.group, 'Ben');
	const ana = await member(browser, 'ana', group.memberLink(app.origin));
	const ben = await member(
		browser,
		'ben',
		memberLink(group.group, group.name, invited.member.user, invited.member.pass),
		{ french: true, dark: true }
	);
	return { group, ana, ben };
}

/** Ana starts an evening of six guests, two rounds of I'll Pass: two tables of three. */
async function sixGuests(ana: Page) {
	await ana.goto('/group');
	await ana.getByRole('link', { name: 'Start an evening' }).click();
	await ana.getByLabel('Rounds').fill('2');
	for (const name of GUESTS) {
		await ana.getByPlaceholder("A guest's name").fill(name);
		await ana.getByRole('button', { name: 'Add the guest' }).click();
	}
	await expect(ana.getByText('6 players here.')).toBeVisible();
	await ana.getByRole('button', { name: 'Draw the tables' }).click();
	await expect(ana.getByRole('heading', { name: /^Round 1 of 2: I'll Pass/ })).toBeVisible();
}

/** Ben's phone opens the group's evening from the group's page. */
async function benOpens(ben: Page) {
	await ben.goto('/group');
	await ben.getByRole('link', { name: /^Soirée du / }).click({ timeout: 30_000 });
	await expect(ben.getByRole('heading', { name: /^Tour 1 sur 2 : / })).toBeVisible();
}

test("club: the group's ratings switch and an evening reach the other member's phone and the board; a table started there from the same draw moves the standings everywhere", async ({
	browser
}) => {
	const { group, ana, ben } = await club(browser, 'Club du jeudi');
	const board = await open(browser, 'board', { width: 1280, height: 720 });
	await board.goto(group.link(app.origin));
	await expect(board.getByTestId('board-connection')).toHaveAttribute('data-state', 'online', {
		timeout: 30_000
	});

	// Ana switches ratings on for the group: Ben's switch follows, his own record's does not
	await ana.goto('/settings');
	await ana.getByRole('checkbox', { name: 'Rate the matches of Club du jeudi' }).check();
	await ben.goto('/settings');
	await expect(
		ben.getByRole('checkbox', { name: 'Coter les parties de Club du jeudi' })
	).toBeChecked({ timeout: 30_000 });
	await expect(
		ben.getByRole('checkbox', { name: 'Coter les parties de ce téléphone' })
	).not.toBeChecked();
	await ben.screenshot({ path: `${SHOTS}/settings-360-fr-dark.png`, fullPage: true });
	await noAxeViolations(ben);

	// Ana starts an evening of six: two tables of three
	await sixGuests(ana);
	const anaTables = ana.getByTestId('evening-round').getByTestId('evening-table');
	await expect(anaTables).toHaveCount(2);
	const drawn = await anaTables.locator('.seat').allTextContents();

	// Ben's phone has the same evening, the same draw
	await benOpens(ben);
	const benTables = ben.getByTestId('evening-round').getByTestId('evening-table');
	await expect(benTables.locator('.seat')).toHaveText(drawn);
	await inReach(ben, ben.getByRole('button', { name: 'Lancer la table 2' }));
	await noAxeViolations(ben);
	await ben.screenshot({ path: `${SHOTS}/evening-360-fr-dark.png`, fullPage: true });

	// Ben starts table 2 from the draw and enters its match on the score pad
	await ben.getByRole('button', { name: 'Lancer la table 2' }).click();
	await expect(ben).toHaveURL(/\/match\//);
	await enterIllPass(ben, 3, 7);

	// Ana's evening says the table started and counts the match; so does the board, with ratings
	await expect(ana.getByTestId('evening-standings').locator('tbody tr')).toHaveCount(3, {
		timeout: 30_000
	});
	await expect(ana.getByRole('button', { name: 'Start table 2' })).toHaveCount(0);
	await noAxeViolations(ana);
	await ana.screenshot({ path: `${SHOTS}/evening-360-en-light.png`, fullPage: true });

	await expect(board.getByTestId('board-standings').locator('tbody tr')).toHaveCount(3, {
		timeout: 30_000
	});
	// the board shows the same draw, from the evening the group shares
	const boardTables = board.getByTestId('board-round-table');
	await expect(board.getByTestId('board-round')).toContainText("Round 1 of 2: I'll Pass");
	await expect(boardTables).toHaveCount(2);
	for (const [at, table] of (await anaTables.all()).entries()) {
		const names = await table.locator('.seat').allTextContents();
		await expect(boardTables.nth(at)).toContainText(`Table ${at + 1}`);
		for (const name of names) await expect(boardTables.nth(at)).toContainText(name);
	}
	const ratings = board.getByTestId('board-ratings-ill-pass');
	await expect(ratings.locator('tbody tr')).toHaveCount(3);
	await expect(ratings.getByRole('heading', { name: "Ratings · I'll Pass" })).toBeVisible();
	// read across the room: the names at least 20 px high at 1280x720
	const size = await ratings
		.locator('tbody th')
		.first()
		.evaluate((cell) => parseFloat(getComputedStyle(cell).fontSize));
	expect(size).toBeGreaterThanOrEqual(20);
	await noAxeViolations(board);
	await board.screenshot({ path: `${SHOTS}/board-1280-en-light.png` });

	// a board opened now, in French and dark at 1920x1080, reads the same from the group's record
	const tv = await open(browser, 'tv', { width: 1920, height: 1080, french: true, dark: true });
	await tv.goto(group.link(app.origin));
	await expect(tv.getByTestId('board-ratings-ill-pass').locator('tbody tr')).toHaveCount(3, {
		timeout: 30_000
	});
	await expect(tv.getByTestId('board-standings').locator('tbody tr')).toHaveCount(3);
	await noAxeViolations(tv);
	await tv.screenshot({ path: `${SHOTS}/board-1920-fr-dark.png` });

	// Ben's phone on a tablet: the evening with the finished table
	await ben.goBack();
	await ben.setViewportSize({ width: 820, height: 1180 });
	await expect(ben.getByTestId('evening-standings').locator('tbody tr')).toHaveCount(3);
	await noAxeViolations(ben);
	await ben.screenshot({ path: `${SHOTS}/evening-820-fr-dark.png`, fullPage: true });
});

test('club: two phones drawing round 2 of one evening at once see a conflict on both, each keeping its own draw; kept once, both show the same round', async ({
	browser
}) => {
	const { ana, ben } = await club(browser, 'Club du mardi');
	await sixGuests(ana);
	await benOpens(ben);

	// both phones cut off; each draws round 2, Ben with Fred gone home
	app.proxy.refuse((agent) => /passpad-(ana|ben)$/.test(agent));
	await ana.getByRole('button', { name: 'Draw round 2' }).click();
	await expect(ana.getByRole('heading', { name: /^Round 2 of 2: / })).toBeVisible();
	await ben.locator('summary', { hasText: 'Qui est là' }).click();
	await ben.getByRole('checkbox', { name: 'Fred' }).uncheck();
	await ben.getByRole('button', { name: 'Tirer le tour 2' }).click();
	await expect(ben.getByRole('heading', { name: /^Tour 2 sur 2 : / })).toBeVisible();
	const anaTables = ana.getByTestId('evening-round').getByTestId('evening-table');
	const benTables = ben.getByTestId('evening-round').getByTestId('evening-table');
	await expect(anaTables).toHaveCount(2);
	await expect(benTables).toHaveCount(1);

	// back: a conflict on both phones, said in the players' words; nothing merged
	app.proxy.refuse(() => false);
	await ana.getByRole('link', { name: 'Back to the group' }).click();
	await ben.getByRole('link', { name: 'Retour au groupe' }).click();
	const onAna = ana.getByTestId('group-conflict');
	const onBen = ben.getByTestId('group-conflict');
	await expect(onAna).toContainText(
		/The evening of .* was changed on this phone and in the group\./,
		{
			timeout: 30_000
		}
	);
	await expect(onBen).toContainText(
		/La soirée du .* a été modifiée sur ce téléphone et dans le groupe\./,
		{
			timeout: 30_000
		}
	);
	await expect(onAna).toContainText('This phone: 2 rounds drawn, 0 tables started; round 2: ');
	await noAxeViolations(ben);
	await ben.screenshot({ path: `${SHOTS}/conflict-360-fr-dark.png`, fullPage: true });
	await ana.screenshot({ path: `${SHOTS}/conflict-360-en-light.png`, fullPage: true });

	// Ana keeps the group's: the other phone's draw (her conflict's other side, whichever phone
	// reached the group first), so both phones agree, no conflict left
	await onAna.getByRole('button', { name: "Keep the group's" }).click();
	await expect(onAna).toHaveCount(0, { timeout: 30_000 });
	await expect(onBen).toHaveCount(0, { timeout: 30_000 });
	await ana.goBack();
	await ben.goBack();
	await expect(anaTables).toHaveCount(1, { timeout: 30_000 });
	// Ben's round shown before it is read (read once, the page just back, it could be none yet)
	await expect(benTables).toHaveCount(1, { timeout: 30_000 });
	await expect(benTables.locator('.seat').first()).toBeVisible();
	await expect(anaTables.locator('.seat')).toHaveText(
		await benTables.locator('.seat').allTextContents(),
		{
			timeout: 30_000
		}
	);
});
