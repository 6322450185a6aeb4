import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { connect } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { axe } from './axe';
import { startMatch } from './helpers';
import { startLiveApp } from './live';
import {
	groupStreamOf,
	inboxOf,
	memberSubject,
	playerSubject,
	recordSubject
} from '../src/lib/wire/names.js';
import { illPassVersion, playerVersion } from '../src/lib/group/fixtures';

// A group's record (docs/group.md): phones as browser contexts against a real nats-server and
// the app served beside it, as `npm run server` does.

let app: Awaited<ReturnType<typeof startLiveApp>>;
/** Screens to check by eye, kept out of the repository. */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/group';
/**
 * How often a screen that reloads to read storage is asked again while a change travels
 * between phones: soon at first (a change usually lands within a second), then each second,
 * not a whole second's wait for each change that arrives sooner.
 */
const POLL = [250, 500, 1000];
/** This test's phones, closed when it ends: a phone left open keeps syncing beside the next test. */
const phones = new Set<BrowserContext>();

// Each test has its own server (a few seconds to start) and its own phones: nothing one test
// writes or cuts off is met by another, so the tests run side by side like the other files'
// instead of one after the other at the end of the run.
test.describe.configure({ mode: 'parallel', timeout: 180_000 });
test.beforeEach(async () => {
	app = await startLiveApp();
});
test.afterEach(async () => {
	await Promise.all([...phones].map((context) => context.close()));
	phones.clear();
	await app?.stop();
});

async function phone(
	browser: Browser,
	name: string,
	options: { width?: number; height?: number; dark?: boolean; french?: boolean } = {}
): Promise<Page> {
	const context = await browser.newContext({
		baseURL: app.origin,
		viewport: { width: options.width ?? 360, height: options.height ?? 640 },
		isMobile: true,
		hasTouch: true,
		locale: options.french ? 'fr-FR' : 'en-GB',
		colorScheme: options.dark ? 'dark' : 'light',
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
	phones.add(context);
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	return page;
}

/** A phone with the host link makes a group on the group's page. */
async function founder(browser: Browser, name: string, options = {}) {
	const page = await phone(browser, name, options);
	await page.goto(app.hostLink);
	await expect(page.getByRole('status')).not.toBeEmpty();
	await page.goto('/group');
	return page;
}

test('group: a group made with the host link, a member invited by its link, a match recorded for the group reaches the other phone', async ({
	browser
}) => {
	const ana = await founder(browser, 'ana');
	await ana.getByLabel("The group's name").fill('Jeudi au club');
	await ana.getByLabel("This phone's owner").fill('Ana');
	await ana.getByRole('button', { name: 'Create a group' }).click();
	await expect(ana.getByText('Jeudi au club is made')).toBeVisible();
	await expect(ana.getByRole('img', { name: "QR code of the board's link" })).toBeVisible();
	await expect(ana.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });

	await ana.getByLabel('Whose phone is it?').fill('Ben');
	await ana.getByRole('button', { name: 'Invite' }).click();
	await expect(ana.getByRole('img', { name: 'QR code of the invitation link' })).toBeVisible();
	const link = (await ana.locator('a[href*="/group#"]').getAttribute('href'))!;
	expect(link).toContain('/group#');

	const ben = await phone(browser, 'ben');
	await ben.goto(link);
	await expect(ben.getByTestId('group-joined')).toContainText('Jeudi au club');
	// the credential never stays in the address bar
	expect(ben.url()).not.toContain('#');
	await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	await expect(ana.getByRole('button', { name: 'Remove Ben' })).toBeVisible({ timeout: 20_000 });

	await startMatch(ana, "I'll Pass", ['Ana', 'Ben', 'Chloé'], {
		setup: async (page) => {
			await page.getByRole('radio', { name: 'Jeudi au club' }).check();
		}
	});
	const id = ana.url().split('/match/')[1];
	await everyHistory([ben], id, 1);

	// the next match's setup offers the same group first (the last chosen)
	await ana.goto('/new');
	await expect(ana.getByRole('radio', { name: 'Jeudi au club' })).toBeChecked();
	mkdirSync(SHOTS, { recursive: true });
	await ana.screenshot({ path: `${SHOTS}/new-record-for-360-light-en.png`, fullPage: true });

	expect((await axe(ana).include('main').analyze()).violations).toEqual([]);
});

/** A group made by Ana's phone, Ben's phone invited and joined. */
async function twoMembers(browser: Browser, name: string) {
	const ana = await founder(browser, 'ana');
	await ana.getByLabel("The group's name").fill(name);
	await ana.getByRole('button', { name: 'Create a group' }).click();
	await expect(ana.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	await ana.getByLabel('Whose phone is it?').fill('Ben');
	await ana.getByRole('button', { name: 'Invite' }).click();
	const link = (await ana.locator('a[href*="/group#"]').getAttribute('href'))!;
	const ben = await phone(browser, 'ben');
	await ben.goto(link);
	await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	return { ana, ben };
}

async function rename(page: Page, player: string, name: string) {
	await page.goto(player);
	await page.getByLabel('Name', { exact: true }).fill(name);
	await page.getByRole('button', { name: 'Rename' }).click();
	await expect(page.getByTestId('player-name')).toHaveText(name);
}

test('group: a player renamed two ways while offline is a conflict shown on both phones, settled once for both', async ({
	browser
}) => {
	const { ana, ben } = await twoMembers(browser, 'Famille');
	await startMatch(ana, "I'll Pass", ['Léa', 'Sam', 'Noor'], {
		setup: async (page) => {
			await page.getByRole('radio', { name: 'Famille' }).check();
		}
	});
	await ana.goto('/players');
	await ana.getByRole('link', { name: /Léa/ }).first().click();
	await expect(ana).toHaveURL(/\/players\//);
	const player = new URL(ana.url()).pathname;
	await expect
		.poll(
			async () => {
				await ben.goto(player);
				// counted once the page has read storage: the player, or its "not on this device"
				await expect(
					ben.getByTestId('player-name').or(ben.getByRole('alert')).first()
				).toBeVisible();
				return ben.getByTestId('player-name').count();
			},
			{ timeout: 30_000, intervals: POLL }
		)
		.toBe(1);

	// both phones lose the network and rename Léa, each its own way
	app.proxy.refuse((agent) => /passpad-(ana|ben)/.test(agent));
	await rename(ana, player, 'Léa M.');
	await rename(ben, player, 'Léa B.');
	// Ana's phone comes back first, then Ben's; her rename counted as waiting while she is cut
	// off, so its count going is her rename sent (not a page that has not counted yet)
	await ana.goto('/group');
	// counted once the page's sync has started with no answer from the server (a loaded machine
	// takes more than the default few seconds to start it)
	await expect(ana.getByTestId('group-pending')).toHaveText('1 change not yet sent to the group.', {
		timeout: 20_000
	});
	app.proxy.refuse((agent) => agent.includes('passpad-ben'));
	await expect(ana.getByTestId('group-pending')).toHaveCount(0, { timeout: 30_000 });
	app.proxy.refuse(() => false);
	// each phone's screen shows it as it comes (Ben's player page is still open)
	await ana.goto(player);
	for (const page of [ben, ana]) {
		await expect(page.getByTestId('group-conflict-note')).toBeVisible({ timeout: 30_000 });
	}
	// nothing decided in silence
	await expect(ana.getByTestId('player-name')).toHaveText('Léa M.');
	await ben.goto(player);
	await expect(ben.getByTestId('player-name')).toHaveText('Léa B.');

	mkdirSync(SHOTS, { recursive: true });
	await ben.screenshot({ path: `${SHOTS}/player-conflict-360-light-en.png`, fullPage: true });
	await ben.getByRole('link', { name: "Open the group's page" }).click();
	await expect(ben.getByTestId('group-conflict')).toContainText(
		'A player renamed two ways: “Léa B.” on this phone, “Léa M.” in the group.'
	);
	await ben.screenshot({ path: `${SHOTS}/group-conflict-360-light-en.png`, fullPage: true });
	expect((await axe(ben).include('main').analyze()).violations).toEqual([]);
	await ben.getByRole('button', { name: "Keep the group's" }).click();
	await expect(ben.getByText('Settled')).toBeVisible();
	// Ana's player page, open all along, sees the conflict settled; the name reads the same
	await expect(ana.getByTestId('group-conflict-note')).toHaveCount(0, { timeout: 30_000 });
	for (const page of [ben, ana]) {
		await page.goto(player);
		await expect(page.getByTestId('player-name')).toHaveText('Léa M.');
		await expect(page.getByTestId('group-conflict-note')).toHaveCount(0);
	}
});

test('group: screens at 360x640 and 820x1180, light and dark, English and French', async ({
	browser
}) => {
	const dir = SHOTS;
	mkdirSync(dir, { recursive: true });
	// a group made in each language, then its screen seen at each size and theme, the page's
	// size and colour scheme changed as it stands (its colours are CSS light-dark(), src/app.css,
	// so they follow at once): one phone a language instead of one a look, each look still
	// checked and shot
	for (const french of [false, true]) {
		const page = await founder(browser, french ? 'shot-fr' : 'shot-en', { french });
		const lang = french ? 'fr' : 'en';
		await page
			.getByRole('textbox')
			.first()
			.fill(french ? 'Club du jeudi' : 'Thursday club');
		await page.getByRole('button', { name: french ? 'Créer un groupe' : 'Create a group' }).click();
		await expect(page.getByTestId('group-card')).toBeVisible();
		await expect(page.getByTestId('group-state')).toContainText(french ? 'À jour' : 'Up to date', {
			timeout: 20_000
		});
		for (const dark of [false, true]) {
			for (const [width, height] of [
				[360, 640],
				[820, 1180]
			]) {
				await page.setViewportSize({ width, height });
				await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
				await expect(page.getByTestId('group-card')).toBeVisible();
				// nothing wider than the screen: no sideways scrolling at 360 px nor on a tablet
				expect(
					await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
				).toBeLessThanOrEqual(0);
				const shot = `${dir}/group-${width}-${dark ? 'dark' : 'light'}-${lang}.png`;
				await page.screenshot({ path: shot, fullPage: true });
				expect((await axe(page).include('main').analyze()).violations).toEqual([]);
			}
		}
		await page.context().close();
	}
});

/**
 * Publishes `count` finished I'll Pass matches and their three players to the group with a
 * member's link, as that member's phone would have written them over time (docs/group.md, "On the phone: the wire").
 */
async function publishRecord(writer: string, count: number) {
	const { g: group, ...credential } = linkFields(writer);
	const nc = await asMember(credential);
	const js = jetstream(nc, { timeout: 30_000 });
	const by = 'phone-writer-01';
	const seats = ['Ana', 'Ben', 'Cleo'].map((name) => ({ player: crypto.randomUUID(), name }));
	for (const [at, seat] of seats.entries()) {
		await js.publish(
			playerSubject(group, seat.player),
			JSON.stringify(playerVersion(by, seat, at))
		);
	}
	let flight: Promise<unknown>[] = [];
	for (let seed = 1; seed <= count; seed++) {
		const id = crypto.randomUUID();
		const at = Date.UTC(2025, 0, 1) + seed * 3_600_000;
		const version = illPassVersion(by, id, seats, { seed, at, span: 60_000 });
		flight.push(js.publish(recordSubject(group, id), JSON.stringify(version)));
		if (flight.length === 100) flight = (await Promise.all(flight), []);
	}
	await Promise.all(flight);
	await nc.close();
}

/** Every text the group's state line showed on this page, in order (kept from the first paint). */
async function keepStates(page: Page) {
	await page.addInitScript(() => {
		const said: string[] = [];
		(window as unknown as { groupStates: string[] }).groupStates = said;
		const note = () => {
			const text = document.querySelector('[data-testid="group-state"]')?.textContent;
			const line = text?.replace(/\s+/g, ' ').trim();
			if (line && said.at(-1) !== line) said.push(line);
		};
		new MutationObserver(note).observe(document, {
			subtree: true,
			childList: true,
			characterData: true
		});
	});
	return () => page.evaluate(() => (window as unknown as { groupStates: string[] }).groupStates);
}

test('group: a phone joining a record of a few hundred versions says how far it has caught up, then that it is up to date', async ({
	browser
}) => {
	const ana = await founder(browser, 'ana');
	await ana.getByLabel("The group's name").fill('Club des 600');
	await ana.getByRole('button', { name: 'Create a group' }).click();
	await expect(ana.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	/** A new invitation's link, from Ana's group page. */
	const links: string[] = [];
	const invitation = async (label: string) => {
		await ana.getByLabel('Whose phone is it?').fill(label);
		await ana.getByRole('button', { name: 'Invite' }).click();
		// its member's record written to the group (read back by Ana's phone, after the 600
		// matches published before it: a minute on a busy machine), then its link
		await expect(ana.getByRole('button', { name: `Remove ${label}` })).toBeVisible({
			timeout: 60_000
		});
		const link = ana.locator('a[href*="/group#"]');
		await expect.poll(() => link.getAttribute('href')).not.toBe(links.at(-1) ?? null);
		links.push((await link.getAttribute('href'))!);
		return links.at(-1)!;
	};
	const writer = await invitation('Writer');
	const group = linkFields(writer).g;
	// 600 matches: more than one batch of 500, so the figure moves before the end
	await publishRecord(writer, 600);
	mkdirSync(SHOTS, { recursive: true });

	for (const lang of ['en', 'fr']) {
		const french = lang === 'fr';
		const link = await invitation(french ? 'Élise' : 'Dan');
		// what the phone's first read brings: the newest version of each thing, members too
		const total = (await onServer(group)).subjects.length;
		expect(total).toBeGreaterThan(600);
		const page = await phone(browser, french ? 'elise' : 'dan', { french });
		const states = await keepStates(page);
		await page.goto(link);
		const progress = page.getByTestId('group-progress');
		// seen by eye while it catches up: each size and theme, nothing wider than the screen
		await expect(progress).toBeVisible({ timeout: 30_000 });
		expect((await axe(page).include('main').analyze()).violations).toEqual([]);
		for (const [width, height] of [
			[360, 640],
			[820, 1180]
		]) {
			for (const dark of [false, true]) {
				await page.setViewportSize({ width, height });
				await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
				const look = `${width}-${dark ? 'dark' : 'light'}-${lang}`;
				expect(
					await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
				).toBeLessThanOrEqual(0);
				await page.screenshot({ path: `${SHOTS}/group-catching-up-${look}.png`, fullPage: true });
			}
		}
		await expect(page.getByTestId('group-state')).toContainText(
			french ? 'À jour avec le groupe.' : 'Up to date with the group.',
			{ timeout: 120_000 }
		);
		await expect(progress).toHaveCount(0);
		const said = await states();
		// the figures as the phone wrote its batches: none taken yet, then the first 500 (the
		// next one's figure may be overtaken by the end), in the language's own numbers
		const figure = (taken: number) =>
			french
				? `Mise à jour depuis le groupe. ${taken} sur ${total} versions enregistrées sur ce téléphone.`
				: `Catching up with the group. ${taken} of ${total} versions saved on this phone.`;
		expect(said).toContain(figure(0));
		expect(said).toContain(figure(500));
		expect(said.at(-1)).toBe(
			french ? 'Connecté · À jour avec le groupe.' : 'Connected · Up to date with the group.'
		);
		expect((await axe(page).include('main').analyze()).violations).toEqual([]);
		await page.context().close();
	}
	await ana.context().close();
});

/** A member's link's fields: the group, and the credential the phone keeps. */
function linkFields(link: string) {
	const fields = new URLSearchParams(new URL(link).hash.slice(1));
	return { g: fields.get('g')!, u: fields.get('u')!, p: fields.get('p')! };
}

/** Ana's phone invites `label`'s; that phone joins by the link and reads the whole record. */
async function invited(browser: Browser, ana: Page, label: string) {
	await ana.goto('/group');
	await ana.getByLabel('Whose phone is it?').fill(label);
	await ana.getByRole('button', { name: 'Invite' }).click();
	await expect(ana.getByRole('img', { name: 'QR code of the invitation link' })).toBeVisible();
	const link = (await ana.locator('a[href*="/group#"]').getAttribute('href'))!;
	const page = await phone(browser, label.toLowerCase());
	await page.goto(link);
	await expect(page.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	return { page, link: new URL(link, app.origin).href };
}

/** A group of three phones: Ana's made it, Ben's and Cleo's joined by their links. */
async function threeMembers(browser: Browser, name: string) {
	const ana = await founder(browser, 'ana');
	await ana.getByLabel("The group's name").fill(name);
	await ana.getByLabel("This phone's owner").fill('Ana');
	await ana.getByRole('button', { name: 'Create a group' }).click();
	await expect(ana.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	const ben = await invited(browser, ana, 'Ben');
	const cleo = await invited(browser, ana, 'Cleo');
	return { ana, ben: ben.page, cleo: cleo.page, links: { ben: ben.link, cleo: cleo.link } };
}

/** Starts a match of the group on `page` (its "Record for" set to the group); its id. */
async function groupMatch(page: Page, group: string, names: string[]) {
	await startMatch(page, "I'll Pass", names, {
		setup: async (it) => {
			await it.getByRole('radio', { name: group }).check();
		}
	});
	return new URL(page.url()).pathname.split('/match/')[1];
}

/** How many of the history's entries open the match `id` (polled by the callers). */
async function inHistory(page: Page, id: string) {
	await page.goto('/history');
	// counted once the list has been read from storage (its count shown), not before, when an
	// unread list is empty whatever was written
	await expect(
		page.getByRole('status').filter({ hasText: /^\s*\d+ (match(es)?|parties?)\s*$/ })
	).toBeVisible();
	return page.getByTestId('history').locator(`a[href*="${id}"]`).count();
}

/** Waits until every page's history has (1) or has not (0) the match. */
async function everyHistory(pages: Page[], id: string, count: 0 | 1) {
	for (const page of pages) {
		await expect.poll(() => inHistory(page, id), { timeout: 30_000, intervals: POLL }).toBe(count);
	}
}

/** What this phone's database holds: every match's id and log length, every player's name. */
async function stored(page: Page) {
	return page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open('passpad');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const all = <T>(store: string) =>
			new Promise<T[]>((resolve, reject) => {
				const request = db.transaction(store).objectStore(store).getAll();
				request.onsuccess = () => resolve(request.result as T[]);
				request.onerror = () => reject(request.error);
			});
		const matches = await all<{ id: string; status: string; deleted?: unknown }>('matches');
		const logs = (await all<{ matchId: string; entries?: unknown[]; json?: string }>('logs')).map(
			// either stored form (src/lib/db/log-row.ts)
			(row) => ({ matchId: row.matchId, entries: row.json ? JSON.parse(row.json) : row.entries })
		);
		const players = await all<{ name: string }>('players');
		db.close();
		return {
			matches: matches
				.map((match) => ({
					id: match.id,
					status: match.status,
					moves: logs.find((log) => log.matchId === match.id)?.entries?.length ?? 0
				}))
				.sort((a, b) => a.id.localeCompare(b.id)),
			players: players.map((player) => player.name).sort()
		};
	});
}

/** Reveals the card and takes it at once (I'll Pass), as the players' hands say. */
/**
 * The page as it stands, reloaded at 360x640 and 820x1180, light and dark, English and French,
 * each shot kept and `check`ed; then back to 360x640, light, English.
 */
async function everyLook(page: Page, name: string, check: (french: boolean) => Promise<void>) {
	mkdirSync(SHOTS, { recursive: true });
	for (const [width, height] of [
		[360, 640],
		[820, 1180]
	]) {
		for (const dark of [false, true]) {
			for (const lang of ['en', 'fr']) {
				await page.setViewportSize({ width, height });
				await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
				await page.evaluate((lang) => localStorage.setItem('PARAGLIDE_LOCALE', lang), lang);
				await page.reload();
				await check(lang === 'fr');
				const look = `${width}-${dark ? 'dark' : 'light'}-${lang}`;
				await page.screenshot({ path: `${SHOTS}/${name}-${look}.png`, fullPage: true });
			}
		}
	}
	await page.setViewportSize({ width: 360, height: 640 });
	await page.emulateMedia({ colorScheme: 'light' });
	await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'en'));
	await page.reload();
}

async function revealTake(page: Page, card: number) {
	await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
	await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
	await expect(page.getByTestId('face-up')).toHaveCount(0);
}

/** A whole I'll Pass match where each seat takes what it reveals; `hands[seat]` its cards. */
async function playHands(page: Page, hands: number[][]) {
	for (let turn = 0; turn < 8; turn++) {
		for (const hand of hands) await revealTake(page, hand[turn]);
	}
	await expect(page.getByTestId('outcome')).toContainText('Match over');
}

const RUN = [3, 4, 5, 6, 7, 8, 9, 10]; // a run of 8: 3 - 11 chips = -8, the winner
const ODD = [11, 12, 13, 15, 17, 19, 21, 23];
const REST = [14, 16, 18, 20, 22, 24, 25, 26];

test('group: a match recorded offline on one phone (its connection cut) is counted there at once and arrives at the other two when it is back', async ({
	browser
}) => {
	const { ana, ben, cleo } = await threeMembers(browser, 'Mardi soir');
	app.proxy.refuse((agent) => agent.includes('passpad-ben'));
	await ben.goto('/group');
	await expect(ben.getByTestId('group-state')).toContainText('Offline', { timeout: 20_000 });
	const id = await groupMatch(ben, 'Mardi soir', ['Ana', 'Ben', 'Cleo']);
	await revealTake(ben, 3);
	await revealTake(ben, 11);
	await ben.goto('/group');
	// a page opened with no network says so, and counts what waits from this phone's own
	// changes: its three players and the match, one version for the whole match
	await expect(ben.getByTestId('group-state')).toContainText('Offline');
	await expect(ben.getByTestId('group-pending')).toHaveText('4 changes not yet sent to the group.');
	// one more entry with the group's page closed: counted when it opens again
	await ben.goto(`/match/${id}`);
	await revealTake(ben, 17);
	await ben.goto('/group');
	await expect(ben.getByTestId('group-state')).toContainText('Offline');
	await expect(ben.getByTestId('group-pending')).toHaveText('4 changes not yet sent to the group.');
	await everyLook(ben, 'group-offline-pending', (french) =>
		expect(ben.getByTestId('group-pending')).toHaveText(
			french
				? '4 modifications pas encore envoyées au groupe.'
				: '4 changes not yet sent to the group.'
		)
	);
	// nothing reaches the others while Ben's phone is cut off
	for (const page of [ana, cleo]) expect(await inHistory(page, id)).toBe(0);

	app.proxy.refuse(() => false);
	await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 30_000 });
	await expect(ben.getByTestId('group-pending')).toHaveCount(0, { timeout: 30_000 });
	await everyHistory([ana, cleo], id, 1);
	// the same match on every phone: its two takes and whose turn
	const mine = (await stored(ben)).matches.find((match) => match.id === id);
	expect(mine?.moves).toBe(6);
	for (const page of [ana, cleo]) {
		await expect
			.poll(async () => (await stored(page)).matches.find((match) => match.id === id))
			.toEqual(mine);
		await page.goto(`/match/${id}`);
		await expect(page.getByRole('button', { name: 'Reveal 4', exact: true })).toBeVisible();
	}
	await Promise.all([ana, ben, cleo].map((page) => page.context().close()));
});

test('group: a delete reaches every phone, and its Undo brings the match back on every phone', async ({
	browser
}) => {
	const { ana, ben, cleo } = await threeMembers(browser, 'Famille D.');
	const id = await groupMatch(ana, 'Famille D.', ['Ana', 'Ben', 'Cleo']);
	await revealTake(ana, 3);
	await everyHistory([ben, cleo], id, 1);

	await ana.goto(`/match/${id}`);
	await ana.getByRole('button', { name: 'Delete or abandon…' }).click();
	await ana.getByRole('button', { name: 'Delete this match…' }).click();
	await ana
		.getByRole('group', { name: 'Delete this match and everything entered in it?' })
		.getByRole('button', { name: 'Yes, delete the match' })
		.click();
	await expect(ana).toHaveURL(/\/history$/);
	const deleted = ana.getByTestId('deleted');
	await expect(deleted).toContainText("Match deleted: I'll Pass, Ana, Ben, Cleo.");
	await everyHistory([ben, cleo], id, 0);

	// the usual Undo, on the phone that deleted it, still on its history
	await deleted.getByRole('button', { name: 'Undo: bring the deleted match back' }).click();
	await expect(deleted).toBeEmpty();
	await expect(ana.getByTestId('history').locator(`a[href*="${id}"]`)).toHaveCount(1);
	await everyHistory([ben, cleo], id, 1);
	for (const page of [ben, cleo]) {
		await page.goto(`/match/${id}`);
		// with what was entered before the delete: Ana's take, Ben to reveal
		await expect(page.getByRole('button', { name: 'Reveal 11', exact: true })).toBeVisible();
	}
	await Promise.all([ana, ben, cleo].map((page) => page.context().close()));
});

/** The players' page's who-wins-what tables and roster, as the screen reads. */
async function whoWinsWhat(page: Page) {
	await page.goto('/players');
	await expect(page.getByTestId('leaderboard').locator('table')).toHaveCount(1);
	return {
		board: (await page.getByTestId('leaderboard').innerText()).replace(/\s+/g, ' ').trim(),
		roster: (await page.getByTestId('roster').innerText()).replace(/\s+/g, ' ').trim()
	};
}

test('group: who wins what reads the same on all three phones after matches recorded on each', async ({
	browser
}) => {
	test.setTimeout(300_000);
	const { ana, ben, cleo } = await threeMembers(browser, 'Club du jeudi');
	const pages = [ana, ben, cleo];
	// each phone records one whole match; the next is started once the last has reached it
	const first = await groupMatch(ana, 'Club du jeudi', ['Ana', 'Ben', 'Cleo']);
	await playHands(ana, [RUN, ODD, REST]); // Ana wins
	await everyHistory([ben, cleo], first, 1);
	const second = await groupMatch(ben, 'Club du jeudi', ['Ben', 'Cleo', 'Ana']);
	await playHands(ben, [RUN, ODD, REST]); // Ben wins
	await everyHistory([ana, cleo], second, 1);
	const third = await groupMatch(cleo, 'Club du jeudi', ['Ana', 'Cleo', 'Ben']);
	await playHands(cleo, [RUN, REST, ODD]); // Ana wins
	await everyHistory([ana, ben], third, 1);

	await expect
		.poll(() => whoWinsWhat(ana), { timeout: 30_000, intervals: POLL })
		.toEqual({
			board: expect.stringMatching(/Ana 2 3 67 ?%.*Ben 1 3 33 ?%.*Cleo 0 3 0 ?%/),
			roster: expect.stringMatching(/Ana 3 matches.*Ben 3 matches.*Cleo 3 matches/)
		});
	const seen = await whoWinsWhat(ana);
	for (const page of [ben, cleo]) {
		await expect.poll(() => whoWinsWhat(page), { timeout: 30_000 }).toEqual(seen);
	}
	// one player's own statistics read the same too
	const stats = [];
	for (const page of pages) {
		await page.getByTestId('roster').getByRole('link', { name: /^Ana / }).click();
		await expect(page.getByTestId('player-name')).toHaveText('Ana');
		stats.push((await page.getByTestId('stats-ill-pass').innerText()).replace(/\s+/g, ' '));
	}
	expect(stats[0]).toMatch(/Won\s*2/);
	expect(stats[1]).toBe(stats[0]);
	expect(stats[2]).toBe(stats[0]);
	await Promise.all(pages.map((page) => page.context().close()));
});

/** Connects from node with a member's credential, as the member's phone would. */
function asMember(fields: { u: string; p: string }) {
	return connect({
		servers: `127.0.0.1:${app.live.nodes[0].port}`,
		user: fields.u,
		pass: fields.p,
		inboxPrefix: inboxOf(fields.u),
		maxReconnectAttempts: 0
	});
}

/** The subjects the group's stream holds on the server, read with the server's own rights. */
async function onServer(group: string) {
	const jsm = await app.live.groupManager(group);
	const info = await jsm.streams.info(groupStreamOf(group), { subjects_filter: '>' });
	return { subjects: Object.keys(info.state.subjects ?? {}), last: info.state.last_seq };
}

test('group: a removed member is refused by the server from then on, and another group’s link reads nothing of this group', async ({
	browser
}) => {
	const { ana, ben, cleo, links } = await threeMembers(browser, 'Les Pass');
	const group = linkFields(links.ben).g;
	const shared = await groupMatch(ana, 'Les Pass', ['Ana', 'Ben', 'Cleo']);
	await everyHistory([ben, cleo], shared, 1);

	await ben.goto('/group');
	await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	await ana.goto('/group');
	await ana.getByRole('button', { name: 'Remove Ben' }).click();
	await ana
		.getByRole('group', { name: 'Remove Ben' })
		.getByRole('button', { name: 'Remove Ben' })
		.click();
	await expect(ana.getByText('Ben is no longer in the group.')).toBeVisible({ timeout: 20_000 });
	await expect(cleo.getByRole('button', { name: 'Remove Ben' })).toHaveCount(0);

	// Ben's phone, on its group's page all along, hears it from the server
	await expect(ben.getByTestId('group-state')).toContainText('The server refused this phone', {
		timeout: 30_000
	});
	// the server refuses Ben's credential from now on
	await expect(asMember(linkFields(links.ben))).rejects.toThrow(/authorization/i);
	const before = await onServer(group);
	// Ben's phone keeps its copies and records, and says the server refused it
	const own = await groupMatch(ben, 'Les Pass', ['Ana', 'Ben', 'Cleo']);
	await revealTake(ben, 3);
	await ben.goto('/group');
	await expect(ben.getByTestId('group-state')).toContainText('The server refused this phone', {
		timeout: 30_000
	});
	// a refused phone can ask the server nothing: no invite offered, no member to remove
	await expect(ben.getByRole('button', { name: 'Invite' })).toHaveCount(0);
	for (const button of await ben.getByRole('button', { name: /^Remove / }).all()) {
		await expect(button).toBeDisabled();
	}
	mkdirSync(SHOTS, { recursive: true });
	await ben.screenshot({ path: `${SHOTS}/group-refused-360-light-en.png`, fullPage: true });
	expect((await axe(ben).include('main').analyze()).violations).toEqual([]);
	expect(await inHistory(ben, shared)).toBe(1);
	// nothing of it written to the group
	expect(await onServer(group)).toEqual(before);
	for (const page of [ana, cleo]) expect(await inHistory(page, own)).toBe(0);

	// another group's member: its phone shows nothing of this group, and its credential reads none
	const dan = await founder(browser, 'dan');
	await dan.getByLabel("The group's name").fill('Autre club');
	await dan.getByRole('button', { name: 'Create a group' }).click();
	await expect(dan.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	const eve = await invited(browser, dan, 'Eve');
	expect(await inHistory(eve.page, shared)).toBe(0);
	expect((await stored(eve.page)).matches).toEqual([]);
	await eve.page.goto('/players');
	await expect(eve.page.getByTestId('roster').getByRole('link')).toHaveCount(0);
	const nc = await asMember(linkFields(eve.link));
	const js = jetstream(nc, { timeout: 3_000 });
	await expect(
		(async () => {
			const consumer = await js.consumers.get(groupStreamOf(group));
			return consumer.next({ expires: 1_000 });
		})()
	).rejects.toThrow();
	await expect(js.publish(recordSubject(group, shared), '{}')).rejects.toThrow();
	await nc.close();
	expect(await onServer(group)).toEqual(before);
	await Promise.all([ana, ben, cleo, dan, eve.page].map((page) => page.context().close()));
});

test('group: a hostile message published straight to the group’s subjects is refused on every phone, nothing written', async ({
	browser
}) => {
	const { ana, ben, cleo, links } = await threeMembers(browser, 'Soirée jeux');
	const pages = [ana, ben, cleo];
	const id = await groupMatch(ana, 'Soirée jeux', ['Ana', 'Ben', 'Cleo']);
	await revealTake(ana, 3);
	await everyHistory([ben, cleo], id, 1);
	for (const page of [ben, cleo]) {
		await expect
			.poll(async () => (await stored(page)).matches.find((match) => match.id === id)?.moves)
			.toBe(2);
	}
	const before = await Promise.all(pages.map(stored));
	// every phone on its group's page, where a refusal is worded as it arrives
	for (const page of pages) {
		await page.goto('/group');
		await expect(page.getByTestId('group-state')).toContainText('Up to date', {
			timeout: 20_000
		});
	}

	// Cleo's own credential, from node: not a record at all, over the match and as a new one
	const fields = linkFields(links.cleo);
	const nc = await asMember(fields);
	const js = jetstream(nc);
	await js.publish(recordSubject(fields.g, id), '{"v":1,"evil":true}');
	await js.publish(recordSubject(fields.g, 'a-match-nobody-played'), 'not json');
	// what only the server writes is refused to a member
	await expect(js.publish(memberSubject(fields.g, fields.u), '{}')).rejects.toThrow();
	await nc.close();

	// two refusals in the same words: one line that counts them
	const twice = '2 messages that are not Passpad records were refused; nothing changed.';
	for (const page of pages) {
		await expect(page.getByTestId('group-refused').getByRole('listitem')).toHaveText([twice], {
			timeout: 30_000
		});
	}
	// nothing written on any phone
	for (const [at, page] of pages.entries()) expect(await stored(page)).toEqual(before[at]);
	// kept: Ben's phone opened again with no network still says why (a refused message is
	// passed over, never read again)
	app.proxy.refuse((agent) => agent.includes('passpad-ben'));
	await ben.reload();
	await expect(ben.getByTestId('group-state')).toContainText('Offline', { timeout: 20_000 });
	await expect(ben.getByTestId('group-refused').getByRole('listitem')).toHaveText([twice]);
	await everyLook(ben, 'group-refused-kept', async (french) => {
		await expect(ben.getByTestId('group-state')).toContainText(french ? 'Hors ligne' : 'Offline');
		await expect(ben.getByTestId('group-refused').getByRole('listitem')).toHaveText([
			french
				? "2 messages qui ne sont pas des registres Passpad ont été refusés\u202f; rien n'a changé."
				: twice
		]);
	});
	app.proxy.refuse(() => false);
	await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 30_000 });
	await expect(ben.getByTestId('group-refused').getByRole('listitem')).toHaveText([twice]);
	// and the match goes on: the next version is written over the refused one and reaches all
	await ana.goto(`/match/${id}`);
	await revealTake(ana, 11);
	for (const page of [ben, cleo]) {
		await expect
			.poll(async () => (await stored(page)).matches.find((match) => match.id === id)?.moves, {
				timeout: 30_000
			})
			.toBe(4);
	}
	await Promise.all(pages.map((page) => page.context().close()));
});
