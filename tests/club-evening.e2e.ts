import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { axe } from './axe';
import { enterIllPass, inReach } from './evening-kit';
import { startLiveApp } from './live';
import { boardGroup } from './board-group.mjs';

// A club evening played for real (docs/evening.md): three members' phones and the group's board
// against a real nats-server. Nine players, two rounds: I'll Pass (tables of five and four), then
// the dominoes, Pass-Pass (two tables of four, one player sitting out). The tables are drawn on
// one phone, each table's match started from the draw on a member's phone and entered on its
// score pad; the standings are the same on every phone and on the board after each round,
// also after a phone cut off during round 2 (its table entered offline) comes back.

let app: Awaited<ReturnType<typeof startLiveApp>>;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/club-evening';
const GUESTS = ['Ana', 'Ben', 'Chloé', 'Dan', 'Eva', 'Fred', 'Gus', 'Hugo', 'Inès'];

test.describe.configure({ mode: 'serial', timeout: 300_000 });
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
		// a TV's own pixels: the board's screenshots stay a readable size
		deviceScaleFactor: width >= 1000 ? 1 : 2.625,
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

/** No axe violation on the screen as it stands (tests/axe.ts). */
async function noViolations(page: Page) {
	const { violations } = await axe(page).analyze();
	expect(
		violations.map((one) => `${one.id}: ${one.nodes.map((node) => node.target).join(' ')}`)
	).toEqual([]);
}

/** The standings as a person reads them: each row's rank, name, points, wins and tables. */
function standingsOf(page: Page, testid: 'evening-standings' | 'board-standings') {
	return page
		.getByTestId(testid)
		.locator('tbody tr')
		.evaluateAll((rows) =>
			rows.map((row) =>
				[...row.children].map((cell) => (cell.textContent ?? '').trim()).join(' | ')
			)
		);
}

/** Tables played, summed over the players (a table of three adds 3, of four 4). */
async function seatsPlayed(page: Page, testid: 'evening-standings' | 'board-standings') {
	const rows = await standingsOf(page, testid);
	return rows.map((row) => Number(row.split(' | ').at(-1))).reduce((sum, one) => sum + one, 0);
}

/**
 * Every player's name in the standings on one line: a short name (Chloé) broken letter by
 * letter is not read at a glance (the French headings are wider than the English).
 */
async function namesWhole(page: Page, testid: 'evening-standings' | 'board-standings') {
	const broken = await page
		.getByTestId(testid)
		.locator('tbody th')
		.evaluateAll((cells) =>
			cells
				.filter((cell) => {
					const range = document.createRange();
					range.selectNodeContents(cell);
					return range.getClientRects().length > 1;
				})
				.map((cell) => cell.textContent)
		);
	expect(broken).toEqual([]);
}

/** A Pass-Pass match of the evening entered on its score pad, deal by deal, to its end. */
async function enterDominoes(page: Page, seed: number) {
	const log = page.getByTestId('log').locator('summary');
	for (let deal = 0; deal < 7; deal++) {
		const before = Number((await log.textContent())?.match(/\((\d+)\)/)?.[1] ?? 0);
		await page.locator(`[data-out="${(seed + deal) % 4}"]`).click();
		await page.locator('[data-total]').fill(String(10 + ((seed * 7 + deal * 5) % 30)));
		await page.locator('[data-tally]').click();
		await expect(log).toContainText(`(${before + 1})`);
	}
	await expect(page.getByTestId('outcome')).toBeVisible();
}

/** The standings of every phone and the board read the same as the first phone's. */
async function sameEverywhere(phones: Page[], board: Page, seats: number) {
	const [first, ...others] = phones;
	await expect.poll(() => seatsPlayed(first, 'evening-standings'), { timeout: 30_000 }).toBe(seats);
	const expected = await standingsOf(first, 'evening-standings');
	for (const phone of others)
		await expect
			.poll(() => standingsOf(phone, 'evening-standings'), { timeout: 30_000 })
			.toEqual(expected);
	await expect
		.poll(() => standingsOf(board, 'board-standings'), { timeout: 30_000 })
		.toEqual(expected);
	return expected;
}

test("club evening: 9 players, I'll Pass then Pass-Pass, on three phones and the board; a phone cut off in round 2 and back, the standings the same everywhere", async ({
	browser
}) => {
	const group = await boardGroup(app.live, 'Club du vendredi');
	const [ben, cleo] = await Promise.all(
		['Ben', 'Cleo'].map((label) => app.live.invite(group.group, label))
	);
	const ana = await member(browser, 'ana', group.memberLink(app.origin));
	const benPhone = await member(
		browser,
		'ben',
		memberLink(group.group, group.name, ben.member.user, ben.member.pass),
		{ french: true, dark: true }
	);
	const cleoPhone = await member(
		browser,
		'cleo',
		memberLink(group.group, group.name, cleo.member.user, cleo.member.pass),
		{ dark: true }
	);
	const board = await open(browser, 'board', { width: 1920, height: 1080 });
	await board.goto(group.link(app.origin));
	await expect(board.getByTestId('board-connection')).toHaveAttribute('data-state', 'online', {
		timeout: 30_000
	});

	// Ana starts the evening: nine here, two rounds of I'll Pass to begin with
	await ana.goto('/group');
	await ana.getByRole('link', { name: 'Start an evening' }).click();
	await ana.getByLabel('Rounds').fill('2');
	for (const name of GUESTS) {
		await ana.getByPlaceholder("A guest's name").fill(name);
		await ana.getByRole('button', { name: 'Add the guest' }).click();
	}
	await expect(ana.getByText('9 players here.')).toBeVisible();
	await inReach(ana, ana.getByRole('button', { name: 'Draw the tables' }));
	await noViolations(ana);
	await ana.getByRole('button', { name: 'Draw the tables' }).click();
	await expect(ana.getByRole('heading', { name: /^Round 1 of 2: I'll Pass/ })).toBeVisible();
	const anaTables = ana.getByTestId('evening-round').getByTestId('evening-table');
	// nine at I'll Pass: the fewest tables, larger first (docs/evening.md, "Tables")
	await expect(anaTables).toHaveCount(2);
	await expect(anaTables.nth(0).locator('.seat')).toHaveCount(5);
	await expect(anaTables.nth(1).locator('.seat')).toHaveCount(4);
	const drawn = await anaTables.locator('.seat').allTextContents();
	expect([...drawn].sort()).toEqual([...GUESTS].sort());

	// the other phones open the same evening, the same draw
	await benPhone.goto('/group');
	await benPhone.getByRole('link', { name: /^Soirée du / }).click({ timeout: 30_000 });
	await expect(benPhone.getByRole('heading', { name: /^Tour 1 sur 2 : / })).toBeVisible();
	await cleoPhone.goto('/group');
	await cleoPhone.getByRole('link', { name: /^Evening of / }).click({ timeout: 30_000 });
	await expect(cleoPhone.getByRole('heading', { name: /^Round 1 of 2: / })).toBeVisible();
	for (const phone of [benPhone, cleoPhone])
		await expect(
			phone.getByTestId('evening-round').getByTestId('evening-table').locator('.seat')
		).toHaveText(drawn);
	await noViolations(benPhone);

	// round 1: Ana and Ben each start one table from the draw, Ben once he has read Ana's
	// (one version of the evening over another, never two at once: docs/evening.md)
	const round1: [Page, string][] = [
		[ana, 'Start table 1'],
		[benPhone, 'Lancer la table 2']
	];
	const started: Page[] = [];
	for (const [at, [phone, start]] of round1.entries()) {
		await inReach(phone, phone.getByRole('button', { name: start }));
		await phone.getByRole('button', { name: start }).click();
		await expect(phone).toHaveURL(/\/match\//);
		started.push(phone);
		// the next phone waits for this table's start to reach it
		const next = round1[at + 1];
		if (next) {
			const table = at + 1;
			const label = next[0] === benPhone ? `Ouvrir la table ${table}` : `Open table ${table}`;
			await expect(next[0].getByRole('link', { name: label })).toBeVisible({ timeout: 30_000 });
		}
	}
	for (const [at, phone] of started.entries()) {
		await enterIllPass(phone, at === 0 ? 5 : 4, 31 + at);
		await phone.goBack();
		await expect(phone.getByTestId('evening-round')).toBeVisible();
	}
	const afterRound1 = await sameEverywhere([ana, benPhone, cleoPhone], board, 9);
	expect(afterRound1).toHaveLength(9);
	await noViolations(board);

	// round 2, drawn on Ana's phone: Pass-Pass, two tables of four, one sits out
	await ana.getByRole('combobox', { name: 'Game of round 2' }).selectOption('dominoes');
	await inReach(ana, ana.getByRole('button', { name: 'Draw round 2' }));
	await ana.getByRole('button', { name: 'Draw round 2' }).click();
	await expect(ana.getByRole('heading', { name: /^Round 2 of 2: Pass-Pass/ })).toBeVisible();
	await expect(anaTables).toHaveCount(2);
	for (const at of [0, 1]) await expect(anaTables.nth(at).locator('.seat')).toHaveCount(4);
	await expect(ana.getByTestId('evening-out')).toBeVisible();
	await expect(cleoPhone.getByRole('heading', { name: /^Round 2 of 2: Pass-Pass/ })).toBeVisible({
		timeout: 30_000
	});
	await expect(benPhone.getByRole('heading', { name: /^Tour 2 sur 2 : Pass-Pass/ })).toBeVisible({
		timeout: 30_000
	});
	const drawn2 = await anaTables.locator('.seat').allTextContents();
	await expect(
		benPhone.getByTestId('evening-round').getByTestId('evening-table').locator('.seat')
	).toHaveText(drawn2);

	// Cleo starts table 2, then her phone is cut off: its match is entered offline
	await inReach(cleoPhone, cleoPhone.getByRole('button', { name: 'Start table 2' }));
	await cleoPhone.getByRole('button', { name: 'Start table 2' }).click();
	await expect(cleoPhone).toHaveURL(/\/match\//);
	await expect(benPhone.getByRole('link', { name: 'Ouvrir la table 2' })).toBeVisible({
		timeout: 30_000
	});
	await cleoPhone.context().setOffline(true);
	// setOffline leaves an open WebSocket open (tests/live.ts): the proxy cuts it as a network would
	app.proxy.refuse((agent) => agent.endsWith('passpad-cleo'));
	await enterDominoes(cleoPhone, 1);
	await cleoPhone.goBack();
	await expect(cleoPhone.getByTestId('evening-round')).toBeVisible();

	// meanwhile Ben starts table 1 and enters it: Ana and the board count it, Cleo cannot yet
	await inReach(benPhone, benPhone.getByRole('button', { name: 'Lancer la table 1' }));
	await benPhone.getByRole('button', { name: 'Lancer la table 1' }).click();
	await expect(benPhone).toHaveURL(/\/match\//);
	await enterDominoes(benPhone, 2);
	await benPhone.goBack();
	await expect(benPhone.getByTestId('evening-round')).toBeVisible();
	await expect.poll(() => seatsPlayed(ana, 'evening-standings'), { timeout: 30_000 }).toBe(13);
	await expect.poll(() => seatsPlayed(board, 'board-standings'), { timeout: 30_000 }).toBe(13);
	// Cleo's phone counts her own table, not Ben's: 13 seats too, other players
	expect(await seatsPlayed(cleoPhone, 'evening-standings')).toBe(13);
	expect(await standingsOf(cleoPhone, 'evening-standings')).not.toEqual(
		await standingsOf(ana, 'evening-standings')
	);

	// Cleo's phone back: both tables counted, the same standings on every phone and the board
	await cleoPhone.context().setOffline(false);
	app.proxy.refuse(() => false);
	const afterRound2 = await sameEverywhere([ana, benPhone, cleoPhone], board, 17);
	expect(afterRound2).toHaveLength(9);
	for (const phone of [ana, benPhone, cleoPhone])
		await expect(phone.getByTestId('evening-round').getByTestId('evening-table')).toHaveCount(2);

	// the evening at round 2 and the board, EN and FR, light and dark, axe 0
	await expect(ana.getByText("That was the evening's last round.")).toBeVisible();
	for (const [phone, name] of [
		[ana, 'en'],
		[benPhone, 'fr'],
		[cleoPhone, 'en-cleo']
	] as const) {
		for (const scheme of ['light', 'dark'] as const) {
			await phone.emulateMedia({ colorScheme: scheme });
			await noViolations(phone);
			await namesWhole(phone, 'evening-standings');
			await phone.screenshot({
				path: `${SHOTS}/evening-round2-360-${name}-${scheme}.png`,
				fullPage: true
			});
		}
	}
	const tv = await open(browser, 'tv', { width: 1920, height: 1080, french: true, dark: true });
	await tv.goto(group.link(app.origin));
	await expect
		.poll(() => standingsOf(tv, 'board-standings'), { timeout: 30_000 })
		.toEqual(afterRound2);
	await expect(tv.getByTestId('board-round')).toContainText('Tour 2 sur 2');
	await expect(board.getByTestId('board-round')).toContainText('Round 2 of 2');
	for (const [screen, name] of [
		[board, 'en'],
		[tv, 'fr']
	] as const) {
		for (const scheme of ['light', 'dark'] as const) {
			await screen.emulateMedia({ colorScheme: scheme });
			await noViolations(screen);
			await namesWhole(screen, 'board-standings');
			await screen.screenshot({ path: `${SHOTS}/board-1920-${name}-${scheme}.png` });
		}
	}
});
