import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { playIllPass, startMatch } from './helpers';
import { startLiveApp } from './live';
import { smallPhone } from './reach';
import { matchOf, storeRow, storedLog, storedRows, keptLink, type KeptLink } from './stored';
import { axe } from './axe';

// What a phone says of the network's answers (docs/live.md, "What a phone says"): a link
// refused, not a Passpad link, or of a table its host closed, each worded for what it is and
// leaving nothing stored; entries waiting to be sent counted, also when the network goes silent
// without closing the socket; a revoked table said, never "Offline" for ever. Real nats-server,
// app and proxy (tests/live.ts).

let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ timeout: 180_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterEach(() => {
	app?.proxy.release();
	app?.proxy.refuse(() => false);
});
test.afterAll(async () => {
	await app?.stop();
});

type Lang = 'en' | 'fr';
const NAMES = ['Ana', 'Ben', 'Cleo'];

const WORDS = {
	en: {
		hostSaved: 'can now open live tables',
		play: 'Play live',
		penMine: 'This phone has the pen',
		notPasspad: 'This is not a Passpad live link.',
		refused: 'The server refused this link.',
		closed: 'This table was closed by its host',
		waiting: (count: number) =>
			count === 1 ? '1 entry waits to be sent' : `${count} entries wait to be sent`,
		sent: 'Every entry that waited has been sent.'
	},
	fr: {
		hostSaved: 'peut désormais ouvrir des tables en direct',
		play: 'Jouer en direct',
		penMine: 'Ce téléphone a la main',
		notPasspad: "Ce n'est pas un lien de partie en direct de Passpad.",
		refused: 'Le serveur a refusé ce lien.',
		closed: 'Cette table a été fermée par son hôte',
		waiting: (count: number) =>
			count === 1 ? "1 coup attend d'être envoyé" : `${count} coups attendent d'être envoyés`,
		sent: 'Tous les coups en attente sont partis.'
	}
} as const;

async function phone(browser: Browser, name: string, lang: Lang = 'en') {
	const context = await browser.newContext({
		...smallPhone,
		baseURL: app.origin,
		locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	return { name, context, page };
}

/** Ana's phone: the host link kept, an I'll Pass match started and played live. */
async function penPhone(browser: Browser, lang: Lang = 'en') {
	const ana = await phone(browser, 'ana', lang);
	await ana.page.goto(app.hostLink);
	await expect(ana.page.getByRole('status')).toContainText(WORDS[lang].hostSaved);
	await startMatch(ana.page, "I'll Pass", NAMES, { french: lang === 'fr' });
	await ana.page.getByRole('button', { name: WORDS[lang].play }).click();
	await expect(ana.page.getByTestId('live-state')).toContainText(WORDS[lang].penMine);
	const links = ana.page.getByTestId('live-link');
	await expect(links).toHaveCount(2);
	await ana.page.evaluate(() => window.scrollTo(0, 0));
	return { ...ana, players: (await links.nth(0).getAttribute('href'))! };
}

const tableOf = (link: string) => new URLSearchParams(link.split('#')[1]).get('t')!;

/**
 * What live play left in this browser (IndexedDB since schema v9, db/links.ts): what it keeps
 * of each match's live play, the host credential, and the matches.
 */
async function keptHere(page: Page) {
	const links = await storedRows<KeptLink>(page, 'links');
	const settings = await storedRows<{ key: string }>(page, 'settings');
	const keys = [
		...links.flatMap((row) => Object.keys(row).filter((key) => key !== 'match')),
		...settings.filter((row) => row.key === 'live.host').map(() => 'host')
	];
	return { keys, matches: (await storedRows(page, 'matches')).length };
}

test('follow: a link with a wrong password says the server refused it, and leaves nothing stored', async ({
	browser
}) => {
	const ana = await penPhone(browser);
	const wrong = new URL(ana.players);
	const fields = new URLSearchParams(wrong.hash.slice(1));
	fields.set('p', 'x'.repeat(32));
	const ben = await phone(browser, 'ben');
	await ben.page.goto(`${wrong.pathname}#${fields}`);
	const alert = ben.page.getByRole('alert');
	await expect(alert).toContainText(WORDS.en.refused, { timeout: 20_000 });
	await expect(alert).not.toContainText('wifi');
	expect(ben.page.url()).not.toContain('#');
	expect(await keptHere(ben.page)).toEqual({ keys: [], matches: 0 });
	await Promise.all([ana, ben].map((it) => it.context.close()));
});

test('follow: what is not a Passpad link says so (garbage, a bad table id, a control character), nothing stored', async ({
	browser
}) => {
	const ben = await phone(browser, 'ben', 'fr');
	const good = { t: 'abcdef123', m: 'match-1', u: 'abcdef123-w', p: 'y'.repeat(24), r: 'w' };
	const links = [
		'#garbage',
		`#${new URLSearchParams({ ...good, t: 'BAD!id' })}`,
		`#${new URLSearchParams({ ...good, u: 'abc\u0001def' })}`,
		`#${new URLSearchParams({ ...good, s: 'wss://club.example/\u0007' })}`
	];
	for (const hash of links) {
		await ben.page.goto(`/follow${hash}`);
		await expect(ben.page.getByRole('alert')).toContainText(WORDS.fr.notPasspad);
		expect(await keptHere(ben.page)).toEqual({ keys: [], matches: 0 });
	}
	await ben.context.close();
});

test('revoked: the phones at the table say it was closed by its host, never "Offline", and stop trying; its link says so too', async ({
	browser
}) => {
	const ana = await penPhone(browser);
	const ben = await phone(browser, 'ben');
	await ben.page.goto(ana.players);
	await expect(ben.page).toHaveURL(/\/match\//, { timeout: 20_000 });
	await playIllPass(ana.page, [3, 'pass']);
	await expect(ben.page.getByTestId('pot')).toHaveText('1 chip on it');
	// every WebSocket each phone opens from now on, and whether it is still open
	const sockets = { ana: { opened: 0, open: 0 }, ben: { opened: 0, open: 0 } };
	for (const [name, it] of [
		['ana', ana],
		['ben', ben]
	] as const) {
		it.page.on('websocket', (socket) => {
			sockets[name].opened++;
			sockets[name].open++;
			socket.on('close', () => sockets[name].open--);
		});
	}
	await app.live.revoke(tableOf(ana.players));
	for (const it of [ana, ben]) {
		await expect(it.page.getByTestId('live-closed')).toContainText(WORDS.en.closed, {
			timeout: 20_000
		});
		await expect(it.page.getByTestId('live-offline')).toHaveCount(0);
		await expect(it.page.getByTestId('live-state')).toHaveCount(0);
	}
	await shots(ana.page, 'closed-en', takeOn(ana.page, 'en'));
	// it stops trying: no socket left open, and none opened again, even when the pen phone
	// enters after it (the table no longer asks to send anything)
	await expect.poll(() => sockets.ana.open + sockets.ben.open).toBe(0);
	const opened = sockets.ana.opened + sockets.ben.opened;
	await playIllPass(ana.page, ['take']);
	await expect.poll(() => storedLog(ana.page, matchOf(ana.page))).toHaveLength(3);
	await ana.page.reload();
	await expect(ana.page.getByRole('button', { name: 'Reveal 4', exact: true })).toBeVisible();
	await expect(ana.page.getByTestId('live-state')).toHaveCount(0);
	expect(sockets.ana.opened + sockets.ben.opened).toBe(opened);

	// a phone that opens the table's link now is told so, and keeps nothing
	const cleo = await phone(browser, 'cleo', 'fr');
	await cleo.page.goto(ana.players);
	await expect(cleo.page.getByRole('alert')).toContainText(WORDS.fr.closed, { timeout: 20_000 });
	expect(await keptHere(cleo.page)).toEqual({ keys: [], matches: 0 });
	await Promise.all([ana, ben, cleo].map((it) => it.context.close()));
});

test('a saved link the server no longer takes, its table not closed, says so and is forgotten', async ({
	browser
}) => {
	const ana = await penPhone(browser, 'fr');
	const match = matchOf(ana.page);
	// what a server that lost its registry does: the link this phone kept is refused
	const saved = (await keptLink(ana.page, match))!;
	await storeRow(ana.page, 'links', {
		...saved,
		live: { ...saved.live!, link: { ...saved.live!.link, p: 'z'.repeat(32) } }
	});
	await ana.page.reload();
	await expect(ana.page.getByTestId('live-closed')).toContainText(
		'Le serveur refuse désormais ce lien',
		{ timeout: 20_000 }
	);
	await expect(ana.page.getByTestId('live-state')).toHaveCount(0);
	await shots(
		ana.page,
		'refused-fr',
		ana.page.getByRole('button', { name: 'Retourner le 3', exact: true })
	);
	// the link is forgotten: only the host credential stays
	expect((await keptHere(ana.page)).keys).toEqual(['host']);
	await ana.context.close();
});

/** I'll Pass's buttons, in each language. */
const BUTTONS = {
	en: { reveal: (card: number) => `Reveal ${card}`, pass: /^Pass: pay 1/, take: /^Take \d+/ },
	fr: {
		reveal: (card: number) => `Retourner le ${card}`,
		pass: /^Passer.*payer 1/,
		take: /^Prendre le \d+/
	}
} as const;

const takeOn = (page: Page, lang: Lang) => page.getByRole('button', { name: BUTTONS[lang].take });

/** One tap of I'll Pass on the pen phone, checked on its stored log (one action more). */
async function tap(page: Page, lang: Lang, step: number | 'pass' | 'take') {
	const before = (await storedLog(page, matchOf(page))).length;
	const buttons = BUTTONS[lang];
	const button =
		typeof step === 'number'
			? page.getByRole('button', { name: buttons.reveal(step), exact: true })
			: page.getByRole('button', { name: buttons[step] });
	await button.click();
	await expect.poll(async () => (await storedLog(page, matchOf(page))).length).toBe(before + 1);
}

/** The pen phone's one line at 360x640, in light and dark: looked at, and the pad still there. */
async function shots(page: Page, name: string, next: Locator) {
	for (const scheme of ['light', 'dark'] as const) {
		await page.emulateMedia({ colorScheme: scheme });
		await page.screenshot({ path: test.info().outputPath(`${name}-${scheme}.png`) });
		// the next entry's controls are on screen, not pushed down by the line
		await expect(next).toBeInViewport({ ratio: 1 });
		// and the line reads for everyone: no axe-core violation (tests/a11y.e2e.ts's rules)
		const { violations } = await axe(page).analyze();
		expect(violations.map((violation) => `${name} ${scheme}: ${violation.id}`)).toEqual([]);
	}
}

for (const [lang, how] of [
	['fr', 'offline'],
	['en', 'silent']
] as const) {
	test(`waiting: the pen phone ${how === 'offline' ? 'offline' : 'whose network goes silent, the socket open,'} says how many entries wait to be sent, then that they have gone (${lang})`, async ({
		browser
	}) => {
		const words = WORDS[lang];
		const ana = await penPhone(browser, lang);
		const ben = await phone(browser, 'ben', lang);
		await ben.page.goto(ana.players);
		await expect(ben.page).toHaveURL(/\/match\//, { timeout: 20_000 });
		await tap(ana.page, lang, 3);
		await expect(ben.page.getByTestId('face-up')).toHaveText('3');
		if (how === 'offline') await ana.context.setOffline(true);
		// what the server sends the pen phone is held: its messages go out, nothing comes back
		else app.proxy.hold((agent) => agent.includes('passpad-ana'));
		await tap(ana.page, lang, 'pass');
		const line = ana.page.getByTestId('live-waiting');
		await expect(line).toContainText(words.waiting(1), { timeout: 10_000 });
		await tap(ana.page, lang, 'pass');
		await expect(line).toContainText(words.waiting(2));
		await shots(ana.page, `waiting-${lang}`, takeOn(ana.page, lang));
		if (how === 'offline') await ana.context.setOffline(false);
		else app.proxy.release();
		await expect(ana.page.getByTestId('live-sent')).toContainText(words.sent, { timeout: 20_000 });
		await expect(line).toHaveCount(0);
		await shots(ana.page, `sent-${lang}`, takeOn(ana.page, lang));
		await expect
			.poll(() => storedLog(ben.page, matchOf(ana.page)), { timeout: 20_000 })
			.toEqual(await storedLog(ana.page, matchOf(ana.page)));
		await Promise.all([ana, ben].map((it) => it.context.close()));
	});
}
