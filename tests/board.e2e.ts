import { expect, test, type Browser, type Page } from '@playwright/test';
import { jetstream } from '@nats-io/jetstream';
import AxeBuilder from '@axe-core/playwright';
import { playIllPass, startMatch } from './helpers';
import { startLiveApp } from './live';
import { boardGroup } from './board-group.mjs';
import { matchSubject } from '../src/lib/live/names.js';

// The live board (docs/group.md, "The board"): a TV's browser context at 1920x1080 follows the
// group's open tables while two pen phones enter, against a real nats-server with the app
// served beside it. The group and its board credential are made by tests/board-group.mjs
// through the server's admin connection (to become startLive's createGroup once the server
// provisions groups itself).

let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterAll(async () => {
	await app?.stop();
});

/** A pen phone: the host link kept, an I'll Pass match started and played live. */
async function penPhone(browser: Browser, name: string, names: string[]) {
	const context = await browser.newContext({
		baseURL: app.origin,
		viewport: { width: 360, height: 640 },
		isMobile: true,
		hasTouch: true,
		locale: 'en-GB',
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
	const page = await context.newPage();
	await page.goto(app.hostLink);
	await expect(page.getByRole('status')).toContainText('can now open live tables');
	await startMatch(page, "I'll Pass", names);
	await page.getByRole('button', { name: 'Play live' }).click();
	await expect(page.getByTestId('live-state')).toContainText('This phone has the pen');
	const link = new URLSearchParams(
		(await page.getByTestId('live-link').first().getAttribute('href'))!.split('#')[1]
	);
	return { context, page, names, table: link.get('t')!, match: link.get('m')! };
}
type Pen = Awaited<ReturnType<typeof penPhone>>;

const registration = (pen: Pen, open: boolean) => ({
	table: pen.table,
	match: pen.match,
	game: 'ill-pass',
	names: pen.names,
	open
});

/** The phone's score sheet totals, as its screen shows them. */
async function totals(page: Page): Promise<string[]> {
	return page.getByTestId('score-sheet').locator('tfoot td').allInnerTexts();
}

test('board: a TV at 1920x1080 shows two live tables updating as two pen phones enter; a table that closes leaves', async ({
	browser
}) => {
	const ana = await penPhone(browser, 'ana', ['Ana', 'Ben', 'Cleo']);
	const dan = await penPhone(browser, 'dan', ['Dan', 'Eve', 'Fay', 'Gus']);
	const group = await boardGroup(app.live, [ana.table, dan.table]);
	await group.register(registration(ana, true));
	await group.register(registration(dan, true));

	const tv = await browser.newContext({
		baseURL: app.origin,
		viewport: { width: 1920, height: 1080 },
		locale: 'en-GB',
		userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130 passpad-tv'
	});
	const board = await tv.newPage();
	board.on('pageerror', (error) => console.log(`board: ${error.message}`));
	await board.goto(group.link(app.origin));
	// the credential leaves the address bar at once
	await expect(board).toHaveURL(/\/board$/);
	await expect(board.getByRole('heading', { level: 1 })).toHaveText('Live tables · Club');
	await expect(board.getByTestId('board-connection')).toContainText('2 tables live');
	const anaCard = board.locator(`[data-table="${ana.table}"]`);
	const danCard = board.locator(`[data-table="${dan.table}"]`);
	await expect(anaCard.getByTestId('board-sides')).toContainText('Ana');
	await expect(danCard.getByTestId('board-sides')).toContainText('Gus');
	await expect(anaCard.getByTestId('board-turn')).toHaveText("Ana's turn");

	// each entry on a pen phone shows on its table's card: the news line, whose turn, the score
	await playIllPass(ana.page, [3, 'pass']);
	await expect(anaCard.getByTestId('board-news')).toHaveText(
		await ana.page.getByTestId('news-line').innerText()
	);
	await expect(anaCard.getByTestId('board-turn')).toHaveText("Ben's turn");
	await playIllPass(dan.page, [12, 'pass', 'take']);
	await expect(danCard.getByTestId('board-news')).toHaveText(
		await dan.page.getByTestId('news-line').innerText()
	);
	await expect(danCard.getByTestId('board-total')).toHaveText(await totals(dan.page));
	await playIllPass(ana.page, ['take', 20]);
	await expect(anaCard.getByTestId('board-total')).toHaveText(await totals(ana.page));
	await expect(anaCard.getByTestId('board-news')).toHaveText(
		await ana.page.getByTestId('news-line').innerText()
	);
	// the other card did not move meanwhile
	await expect(danCard.getByTestId('board-total')).toHaveText(await totals(dan.page));

	// two cards side by side, the whole board on the screen, large type, nothing to scroll
	await expect(board.getByTestId('board-grid')).toHaveAttribute('data-columns', '2');
	const fits = await board.evaluate(() => ({
		scroll: document.documentElement.scrollHeight - innerHeight,
		name: parseFloat(getComputedStyle(document.querySelector('.sides .name')!).fontSize)
	}));
	expect(fits.scroll).toBeLessThanOrEqual(0);
	expect(fits.name).toBeGreaterThanOrEqual(40);
	expect((await new AxeBuilder({ page: board }).analyze()).violations).toEqual([]);

	// a table that closes leaves the board; the other stays
	await group.register(registration(ana, false));
	await expect(anaCard).toHaveCount(0);
	await expect(danCard).toBeVisible();
	await expect(board.getByTestId('board-connection')).toContainText('1 table live');
	await expect(board.getByTestId('board-grid')).toHaveAttribute('data-columns', '1');

	// the board wrote nothing on this device: no match kept here
	const matches = await board.evaluate(
		() =>
			new Promise<string[]>((done) => {
				const request = indexedDB.databases();
				void request.then((list) => done(list.map((db) => db.name ?? '')));
			})
	);
	expect(matches).toEqual([]);

	// a reload finds the board again: the credential was kept in this browser
	await board.reload();
	await expect(danCard.getByTestId('board-total')).toHaveText(await totals(dan.page));
	await Promise.all([ana.context, dan.context, tv].map((context) => context.close()));
});

test('board: a hostile message on a table is refused by the board, and the cut board resumes', async ({
	browser
}) => {
	const eve = await penPhone(browser, 'eve', ['Eve', 'Fay', 'Gus']);
	const group = await boardGroup(app.live, [eve.table]);
	await group.register(registration(eve, true));
	const tv = await browser.newContext({
		baseURL: app.origin,
		viewport: { width: 1920, height: 1080 },
		locale: 'fr-FR',
		colorScheme: 'dark',
		userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130 passpad-tv2'
	});
	const board = await tv.newPage();
	await board.goto(group.link(app.origin));
	const card = board.locator(`[data-table="${eve.table}"]`);
	await playIllPass(eve.page, [7, 'pass']);
	await expect(card.getByTestId('board-turn')).toHaveText('À Fay de jouer');
	const before = await card.getByTestId('board-total').allInnerTexts();
	const news = await card.getByTestId('board-news').innerText();

	// not an entry at all, straight onto the match's subject with the server's own rights
	await jetstream(app.live.nc).publish(matchSubject(eve.table, eve.match), '{"v":1,"evil":true}');
	await expect(card.getByTestId('board-refused')).toContainText(
		"n'était pas un coup de Passpad : ignoré, rien n'a changé."
	);
	await expect(card.getByTestId('board-total')).toHaveText(before);
	await expect(card.getByTestId('board-news')).toHaveText(news);
	// in French and dark, the refusal shown: still no accessibility violation
	expect((await new AxeBuilder({ page: board }).analyze()).violations).toEqual([]);
	// and a message on the group's table subjects that is no table
	await jetstream(app.live.nc).publish(`passpad.g.${group.group}.table.${eve.table}`, 'nonsense');
	await expect(board.getByTestId('board-bad-table')).toBeVisible();
	await expect(card).toBeVisible();

	// play goes on after it, and the board follows
	await playIllPass(eve.page, ['take']);
	await expect(card.getByTestId('board-refused')).toHaveCount(0);
	await expect(card.getByTestId('board-total')).toHaveText(await totals(eve.page));

	// the board's connection cut for real: it says so, and catches up when it is back
	app.proxy.refuse((agent) => agent.includes('passpad-tv2'));
	await expect(board.getByTestId('board-offline')).toContainText('Connexion perdue');
	await playIllPass(eve.page, [30, 'pass']);
	app.proxy.refuse(() => false);
	await expect(board.getByTestId('board-offline')).toHaveCount(0, { timeout: 20_000 });
	// the entries made meanwhile, in the board's own language
	await expect(card.getByTestId('board-news')).toHaveText(/^Gus a passé sur le 30/, {
		timeout: 20_000
	});
	await expect(card.getByTestId('board-total')).toHaveText(await totals(eve.page));

	// a link whose password the server refuses (revoked, or mistyped) says so, and is forgotten
	const wrong = new URL(group.link(app.origin));
	const fields = new URLSearchParams(wrong.hash.slice(1));
	fields.set('p', 'x'.repeat(32));
	await board.goto(`${wrong.pathname}#${fields}`);
	await expect(board.getByTestId('board-refused-credential')).toContainText(
		'Le serveur a refusé le lien de ce tableau'
	);
	await board.getByRole('button', { name: 'Oublier ce tableau ici' }).click();
	await board.reload();
	await expect(board.getByRole('alert')).toContainText('Ce lien de tableau est incomplet');
	await Promise.all([eve.context, tv].map((context) => context.close()));
});
