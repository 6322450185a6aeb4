import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { jetstream } from '@nats-io/jetstream';
import { abandonHere, playIllPass, startMatch } from './helpers';
import { phoneContext, startLiveApp } from './live';
import { storedRows, storeRow } from './stored';
import { boardGroup } from './board-group.mjs';
import { matchSubject } from '../src/lib/wire/names.js';
import { axe } from './axe';

// The live board (docs/group.md, "The board"): a TV's browser context at 1920x1080 follows the
// group's open tables while pen phones enter, against a real nats-server with the app served
// beside it. The group, its tables and their closing are the server's own provisioning
// (tests/board-group.mjs), so the board reads with the permissions the product gives it.

let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterAll(async () => {
	await app?.stop();
});

type Group = Awaited<ReturnType<typeof boardGroup>>;

/**
 * A player's phone holding the pen of a new I'll Pass table of the group: the table opened as a
 * member's request opens it, its start written naming this phone (its device id) as the pen,
 * and the phone's players' link opened (/follow), as a phone that started the match live and
 * was reloaded.
 */
async function penPhone(browser: Browser, group: Group, name: string, names: string[]) {
	const by = `pen-${name}-phone`;
	const context = await phoneContext(browser, app.origin, name);
	// a match id in the form Passpad makes them, as the phone's own database keeps it
	const match = randomUUID();
	const table = await group.open({ match, game: 'ill-pass', names });
	const start = {
		v: 1,
		id: `start-${name}-${Date.now()}`,
		match,
		pos: 0,
		prev: null,
		by,
		at: Date.now(),
		change: {
			kind: 'start',
			game: 'ill-pass',
			config: { start: 0, takerReveals: false },
			names,
			createdAt: Date.now(),
			pen: names[0]
		}
	};
	await jetstream(app.live.nc).publish(matchSubject(table.table, match), JSON.stringify(start), {
		msgID: start.id
	});
	const page = await context.newPage();
	// the phone's id kept where the app keeps it (settings, schema v9), once the app made its
	// database (the group's page opens it at once)
	await page.goto('/group');
	await expect
		.poll(() =>
			page.evaluate(async () =>
				(await indexedDB.databases()).some((db) => db.name === 'passpad' && db.version! >= 90)
			)
		)
		.toBe(true);
	await storeRow(page, 'settings', { key: 'live.device', value: by });
	const link = { t: table.table, m: match, u: table.writer.user, p: table.writer.pass, r: 'w' };
	await page.goto(`/follow#${new URLSearchParams(link)}`);
	// joining is slow but sure on a loaded machine (the live code loaded, the server's
	// handshake, the table read and kept on this phone): 20 s, as tests/follow.e2e.ts allows it
	await expect(page).toHaveURL(new RegExp(`/match/${match}$`), { timeout: 20_000 });
	await expect(page.getByTestId('live-state')).toContainText('This phone has the pen');
	return { context, page, names, table: table.table, match };
}

async function tvContext(
	browser: Browser,
	options: { locale: string; dark?: boolean; agent: string }
) {
	return browser.newContext({
		baseURL: app.origin,
		viewport: { width: 1920, height: 1080 },
		locale: options.locale,
		colorScheme: options.dark ? 'dark' : 'light',
		userAgent: `Mozilla/5.0 (X11; Linux x86_64) Chrome/130 ${options.agent}`
	});
}

/** The phone's score sheet totals, as its screen shows them. */
async function totals(page: Page): Promise<string[]> {
	return page.getByTestId('score-sheet').locator('tfoot td').allInnerTexts();
}

test('board: a TV at 1920x1080 connected before any table opens shows two tables of the group as they open, updating as their pen phones enter; a table closed leaves with no error worded', async ({
	browser
}) => {
	const group = await boardGroup(app.live);
	const tv = await tvContext(browser, { locale: 'en-GB', agent: 'passpad-tv' });
	const board = await tv.newPage();
	const errors: string[] = [];
	board.on('pageerror', (error) => errors.push(error.message));
	await board.goto(group.link(app.origin));
	// the credential leaves the address bar at once
	await expect(board).toHaveURL(/\/board$/);
	await expect(board.getByRole('heading', { level: 1 })).toHaveText('Live tables · Club');
	await expect(board.getByTestId('board-empty')).toBeVisible();

	// tables opened after the board connected: the server's reload gives the board their
	// streams (docs/group.md, "Credentials and permissions"), and their cards come
	const ana = await penPhone(browser, group, 'ana', ['Ana', 'Ben', 'Cleo']);
	const dan = await penPhone(browser, group, 'dan', ['Dan', 'Eve', 'Fay', 'Gus']);
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
	expect((await axe(board).analyze()).violations).toEqual([]);

	// a table the group closes leaves the board: its record says so before the reload takes
	// its stream from the board's permissions, so nothing is refused and nothing is worded
	await group.close(ana.table);
	await expect(anaCard).toHaveCount(0);
	await expect(danCard).toBeVisible();
	await expect(board.getByTestId('board-connection')).toContainText('1 table live');
	await expect(board.getByTestId('board-grid')).toHaveAttribute('data-columns', '1');
	await expect(board.getByRole('alert')).toHaveCount(0);
	await expect(board.getByTestId('board-refused')).toHaveCount(0);
	// the table that stays goes on updating after that reload
	await playIllPass(dan.page, [5]);
	await expect(danCard.getByTestId('board-news')).toHaveText(
		await dan.page.getByTestId('news-line').innerText()
	);
	await expect(danCard.getByTestId('board-total')).toHaveText(await totals(dan.page));
	await expect(board.getByRole('alert')).toHaveCount(0);
	// the closed table's own phone keeps following it
	await expect(ana.page.getByTestId('live-state')).toContainText('This phone has the pen');

	// the board wrote nothing of the record on this device: no match kept here, its link only
	expect(await storedRows(board, 'matches')).toEqual([]);
	expect(await storedRows(board, 'logs')).toEqual([]);

	// a reload finds the board again: the credential was kept in this browser
	await board.reload();
	await expect(danCard.getByTestId('board-total')).toHaveText(await totals(dan.page));
	await expect(anaCard).toHaveCount(0);
	expect(errors).toEqual([]);
	await Promise.all([ana.context, dan.context, tv].map((context) => context.close()));
});

test('board: a hostile message on a table is refused by the board, and the cut board resumes', async ({
	browser
}) => {
	// a table open before the board connects
	const group = await boardGroup(app.live);
	const eve = await penPhone(browser, group, 'eve', ['Eve', 'Fay', 'Gus']);
	const tv = await tvContext(browser, { locale: 'fr-FR', dark: true, agent: 'passpad-tv2' });
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
	expect((await axe(board).analyze()).violations).toEqual([]);
	// and a message on the group's table subjects that is no table
	await (
		await app.live.groupWriter(group.group)
	).publish(`passpad.g.${group.group}.table.${eve.table}`, 'nonsense');
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
	// the refusal as a person sees it: phone and tablet, light and dark
	for (const [width, height] of [
		[360, 640],
		[820, 1180]
	]) {
		await board.setViewportSize({ width, height });
		for (const scheme of ['light', 'dark'] as const) {
			await board.emulateMedia({ colorScheme: scheme });
			await board.screenshot({
				path: `test-results/shots/board/refused-${width}-fr-${scheme}.png`
			});
		}
	}
	await board.getByRole('button', { name: 'Oublier ce tableau ici' }).click();
	await board.reload();
	await expect(board.getByRole('alert')).toContainText('Ce lien de tableau est incomplet');
	await Promise.all([eve.context, tv].map((context) => context.close()));
});

test('board: a member phone plays a match of the group live with its own credential; the board shows it, and it leaves when the match ends or live play stops', async ({
	browser
}) => {
	const group = await boardGroup(app.live, 'Thursday club');
	const tv = await tvContext(browser, { locale: 'en-GB', agent: 'passpad-tv3' });
	const board = await tv.newPage();
	const errors: string[] = [];
	board.on('pageerror', (error) => errors.push(error.message));
	await board.goto(group.link(app.origin));
	await expect(board.getByTestId('board-empty')).toBeVisible();

	// a member's phone, with no host link: the group's link only
	const context = await phoneContext(browser, app.origin, 'member');
	const phone = await context.newPage();
	await phone.goto(group.memberLink(app.origin));
	await expect(phone.getByTestId('group-joined')).toContainText('Thursday club');
	await startMatch(phone, "I'll Pass", ['Ana', 'Ben', 'Cleo'], {
		setup: (page) => page.getByRole('radio', { name: 'Thursday club' }).check()
	});
	await phone.getByRole('button', { name: 'Play live' }).click();
	await expect(phone.getByTestId('live-state')).toContainText('This phone has the pen');
	const table = new URLSearchParams(
		(await phone.getByTestId('live-link').first().getAttribute('href'))!.split('#')[1]
	).get('t')!;

	// the table is the group's: the board shows it and follows the pen phone
	const card = board.locator(`[data-table="${table}"]`);
	await expect(card.getByTestId('board-sides')).toContainText('Cleo');
	await playIllPass(phone, [4, 'pass', 'take']);
	await expect(card.getByTestId('board-news')).toHaveText(
		await phone.getByTestId('news-line').innerText()
	);
	await expect(card.getByTestId('board-total')).toHaveText(await totals(phone));

	// the match ends here (abandoned): the phone closes the group's table, the card leaves
	await abandonHere(phone);
	await expect(card).toHaveCount(0);
	await expect(board.getByTestId('board-empty')).toBeVisible();
	await expect(board.getByRole('alert')).toHaveCount(0);

	// another match of the group live, then live play stopped on the phone: it leaves too
	await startMatch(phone, "I'll Pass", ['Dan', 'Eve', 'Fay'], {
		setup: (page) => page.getByRole('radio', { name: 'Thursday club' }).check()
	});
	await phone.getByRole('button', { name: 'Play live' }).click();
	await expect(phone.getByTestId('live-state')).toContainText('This phone has the pen');
	const second = board.locator(
		`[data-table="${new URLSearchParams((await phone.getByTestId('live-link').first().getAttribute('href'))!.split('#')[1]).get('t')}"]`
	);
	await expect(second.getByTestId('board-sides')).toContainText('Fay');
	await phone.getByRole('button', { name: 'Stop playing live' }).click();
	await expect(second).toHaveCount(0);
	await expect(board.getByRole('alert')).toHaveCount(0);
	expect(errors).toEqual([]);
	await Promise.all([context, tv].map((one) => one.close()));
});
