import { expect, test, type Browser, type Page } from '@playwright/test';
import fc from 'fast-check';
import { jetstream } from '@nats-io/jetstream';
import { axe as axeOf } from './axe';
import { startMatch } from './helpers';
import { climbingAction, dominoesAction, enterableMatch, seeded } from './enter';
import { gridAction } from './grid';
import { logged, smallPhone, Thumb } from './reach';
import { startLiveApp } from './live';
import { game as passPassInput, simulate } from '../src/lib/rules/pass-pass/simulate';
import { sideTotals } from '../src/lib/rules/pass-pass';
import { legalMatch, matchInput } from '../src/lib/rules/dominoes/simulate';
import { totals as dominoTotals } from '../src/lib/rules/dominoes';
import { totals as climbingTotals } from '../src/lib/rules/climbing';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
import { matchSubject } from '../src/lib/wire/names.js';

// Live play (docs/live.md) for the other three games: a follower phone follows a whole match
// entered on the pen phone tap by tap at 360x640, every tap held to the reach rule
// (tests/reach.ts) while the match is live; and the pen phone's next entry stays in reach with
// live play's own notices above its pad. Real nats-server, app and proxy (tests/live.ts).

let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ timeout: 600_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterAll(async () => {
	await app?.stop();
});

type Lang = 'en' | 'fr';

/** Live play's words the tests press or read, in each language. */
const WORDS = {
	en: {
		hostSaved: 'can now open live tables',
		play: 'Play live',
		penMine: 'This phone has the pen',
		penAna: "Ana's phone has the pen",
		take: 'Take the pen',
		whose: 'Whose phone is this?',
		asks: 'Ben asks for the pen.',
		give: 'Give the pen to Ben',
		refused: 'was not a Passpad entry'
	},
	fr: {
		hostSaved: 'peut désormais ouvrir des tables en direct',
		play: 'Jouer en direct',
		penMine: 'Ce téléphone a la main',
		penAna: "Le téléphone d'Ana a la main",
		take: 'Prendre la main',
		whose: 'À qui est ce téléphone\u202f?',
		asks: 'Ben demande la main.',
		give: 'Donner la main à Ben',
		refused: "n'était pas un coup de Passpad"
	}
} as const;

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];

/** A phone held in one hand: its own browser context, its user agent naming it (the proxy cuts by it). */
async function phone(browser: Browser, name: string, lang: Lang) {
	const context = await browser.newContext({
		...smallPhone,
		baseURL: app.origin,
		locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	return { context, page };
}

/** Ana's phone keeps the host link, starts `game` through the new-match screen and plays it live. */
async function penPhone(
	browser: Browser,
	lang: Lang,
	game: string,
	names: string[],
	options: Parameters<typeof startMatch>[3] = {}
) {
	const words = WORDS[lang];
	const ana = await phone(browser, 'ana', lang);
	await ana.page.goto(app.hostLink);
	await expect(ana.page.getByRole('status')).toContainText(words.hostSaved);
	await startMatch(ana.page, game, names, { ...options, french: lang === 'fr' });
	await ana.page.getByRole('button', { name: words.play }).click();
	await expect(ana.page.getByTestId('live-state')).toContainText(words.penMine);
	const links = ana.page.getByTestId('live-link');
	await expect(links).toHaveCount(2);
	// back at the pad's top, as a person scrolls up from the links to enter
	await ana.page.evaluate(() => window.scrollTo(0, 0));
	return { ...ana, players: (await links.nth(0).getAttribute('href'))! };
}

/** Ben's phone opens the players' link and lands on the match, following it. */
async function follower(browser: Browser, lang: Lang, link: string) {
	const ben = await phone(browser, 'ben', lang);
	await ben.page.goto(link);
	await expect(ben.page).toHaveURL(/\/match\//, { timeout: 20_000 });
	await expect(ben.page.getByTestId('live-pen')).toContainText(WORDS[lang].penAna);
	// a follower cannot enter: the pad is inert while another phone has the pen
	await expect(ben.page.getByTestId('play')).toHaveAttribute('inert', '');
	return ben;
}

/** axe-core's violations on the page as it stands (tests/a11y.e2e.ts's rules), worded short. */
async function axe(page: Page, where: string): Promise<string[]> {
	const { violations } = await axeOf(page).analyze();
	return violations.map(
		(violation) =>
			`${where}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`
	);
}

/** What the table sees of a match: its score sheet (Pass Pass: the printed pad), whose turn, the news line. */
function seen(page: Page, sheet: string) {
	return {
		sheet: page.getByTestId(sheet),
		// every heading of the play area: whose turn it is, what is on the table
		headings: page.getByTestId('play').locator('h2'),
		news: page.getByTestId('news-line')
	};
}

/** The follower shows what the pen phone shows: the same sheet, whose turn and news line. */
async function sameAs(pen: Page, other: Page, sheet: string, why: string) {
	const want = seen(pen, sheet);
	const got = seen(other, sheet);
	const headings = await want.headings.allTextContents();
	expect(headings.length, why).toBeGreaterThan(0);
	await expect(got.sheet, why).toHaveText((await want.sheet.textContent()) ?? '', {
		timeout: 15_000
	});
	await expect(got.headings, why).toHaveText(headings);
	await expect(got.news, why).toHaveText((await want.news.textContent()) ?? '');
}

/**
 * The end: the same outcome on both phones; then, its server cut off, the follower opens the
 * match from its own history and finds it whole: a real match kept on that phone.
 */
async function endsAlike(pen: Page, ben: Page, sheet: string) {
	await expect(pen.getByTestId('outcome')).toBeVisible();
	await expect(ben.getByTestId('outcome')).toBeVisible();
	await expect(ben.getByTestId('outcome')).toHaveText(
		(await pen.getByTestId('outcome').textContent()) ?? ''
	);
	const whole = (await pen.getByTestId(sheet).textContent()) ?? '';
	await expect(ben.getByTestId(sheet)).toHaveText(whole);
	const id = ben.url().split('/match/')[1];
	app.proxy.refuse((agent) => agent.includes('passpad-ben'));
	try {
		await ben.goto('/history');
		await ben.locator(`a[href="/match/${id}"]`).first().click();
		await expect(ben).toHaveURL(new RegExp(`/match/${id}$`));
		await expect(ben.getByTestId(sheet)).toHaveText(whole);
		await expect(ben.getByTestId('outcome')).toBeVisible();
		const log = ben.getByTestId('log').locator('summary');
		await expect(log).toHaveText((await pen.getByTestId('log').locator('summary').textContent())!);
	} finally {
		app.proxy.refuse(() => false);
	}
}

test('follow: a follower phone follows a whole Pass Pass match, trick by trick, the pen phone in reach (en)', async ({
	browser
}) => {
	const lang = 'en';
	const [input] = fc.sample(passPassInput, { seed: 31, numRuns: 1 });
	const run = simulate({ ...input, players: 4, layout: false, mixed: false, start: 0 });
	const ana = await penPhone(browser, lang, 'Pass Pass', NAMES);
	const ben = await follower(browser, lang, ana.players);
	const thumb = new Thumb(ana.page);
	const known = new Set<string>();
	const actions = run.actions;
	let tricks = 0;
	for (let at = 0; at < actions.length;) {
		let end = at;
		while (actions[end].type === 'play') end++;
		if (actions[end + 1]?.type === 'secondTake') end++;
		for (const action of actions.slice(at, end + 1)) {
			await gridAction(ana.page, thumb, action, known);
			await logged(ana.page, ++at);
		}
		tricks++;
		await sameAs(ana.page, ben.page, 'pad', `after trick ${tricks}`);
	}
	const points = sideTotals(run.state).points;
	for (const [side, total] of points.entries()) {
		await expect(ben.page.getByTestId(`pad-total-${side}`)).toContainText(String(total));
	}
	await endsAlike(ana.page, ben.page, 'pad');
	thumb.expectAllInReach('pass-pass live en');
	await Promise.all([ana, ben].map((it) => it.context.close()));
});

test('follow: a follower phone follows a whole Pass-Pass dominoes match, deal by deal, the pen phone in reach (fr)', async ({
	browser
}) => {
	const lang = 'fr';
	const [input] = fc.sample(matchInput, { seed: 33, numRuns: 1 });
	const run = legalMatch({ ...input, typeTotals: false, houseRuleWinnerStarts: false });
	expect(run.steps[0].action).toEqual({ type: 'start', seat: input.start });
	const ana = await penPhone(browser, lang, 'Pass-Pass', NAMES, { start: NAMES[input.start] });
	const ben = await follower(browser, lang, ana.players);
	const thumb = new Thumb(ana.page);
	const steps = run.steps.slice(1);
	for (const [at, step] of steps.entries()) {
		await dominoesAction(ana.page, thumb, step);
		await logged(ana.page, at + 1);
		// after each deal's count, and every few tiles within a deal
		if (step.action.type === 'count' || at % 7 === 6) {
			await sameAs(ana.page, ben.page, 'score-sheet', `after step ${at + 1}`);
		}
	}
	const [a, b] = dominoTotals(run.state);
	await expect(ben.page.getByTestId('total-0')).toHaveText(String(a));
	await expect(ben.page.getByTestId('total-1')).toHaveText(String(b));
	await endsAlike(ana.page, ben.page, 'score-sheet');
	thumb.expectAllInReach('dominoes live fr');
	await Promise.all([ana, ben].map((it) => it.context.close()));
});

test('follow: a follower phone follows a whole PASS match to three crowns, the pen phone in reach (en)', async ({
	browser
}) => {
	const lang = 'en';
	const run = enterableMatch(7);
	const [first, ...actions] = run.actions;
	if (first.type !== 'start') throw new Error('a match begins with who starts');
	const names = NAMES.slice(0, 3);
	const ana = await penPhone(browser, lang, 'PASS', names, { start: names[first.seat] });
	const ben = await follower(browser, lang, ana.players);
	const thumb = new Thumb(ana.page);
	for (const [at, action] of actions.entries()) {
		await climbingAction(ana.page, thumb, action);
		await logged(ana.page, at + 1);
		// after each game's first lead and every few sets
		if (action.type === 'start' || at % 6 === 5) {
			await sameAs(ana.page, ben.page, 'score-sheet', `after action ${at + 1}`);
			const after = run.states[at + 2];
			if (after.phase === 'play') {
				for (const [seat, cards] of after.hands.entries()) {
					await expect(ben.page.getByTestId(`cards-${seat}`)).toHaveText(String(cards));
				}
			}
		}
	}
	for (const [seat, crowns] of climbingTotals(run.states.at(-1)!).entries()) {
		await expect(ben.page.getByTestId(`total-${seat}`)).toHaveText(String(crowns));
	}
	await endsAlike(ana.page, ben.page, 'score-sheet');
	thumb.expectAllInReach('climbing live en');
	await Promise.all([ana, ben].map((it) => it.context.close()));
});

/**
 * A few entries of each game on the pen phone, each tap held to the reach rule, while live play
 * says the most it says above the pad of a phone that keeps the pen: a follower asks for it, a
 * message from the server was refused, and the phone is offline.
 */
const PASS_OPENING = enterableMatch(45);
const ILL_OPENING = randomGame(seeded(47), 4);
const OPENINGS: {
	game: string;
	players: number;
	options: Parameters<typeof startMatch>[3];
	enter: (page: Page, thumb: Thumb) => Promise<void>;
}[] = [
	{
		game: 'Pass Pass',
		players: 4,
		options: {},
		async enter(page, thumb) {
			const [input] = fc.sample(passPassInput, { seed: 41, numRuns: 1 });
			const run = simulate({ ...input, players: 4, layout: false, mixed: false, start: 0 });
			const known = new Set<string>();
			// two tricks: their cards, the first take and the second when there is a choice
			let at = 0;
			for (let trick = 0; trick < 2; trick++) {
				while (run.actions[at].type === 'play')
					await gridAction(page, thumb, run.actions[at++], known);
				await gridAction(page, thumb, run.actions[at++], known);
				if (run.actions[at]?.type === 'secondTake')
					await gridAction(page, thumb, run.actions[at++], known);
				await logged(page, at);
			}
		}
	},
	{
		game: 'Pass-Pass',
		players: 4,
		options: { start: 'Ana' },
		async enter(page, thumb) {
			const [input] = fc.sample(matchInput, { seed: 43, numRuns: 1 });
			const run = legalMatch({
				...input,
				start: 0,
				typeTotals: false,
				houseRuleWinnerStarts: false
			});
			// who starts was asked at setup: the first tiles of deal 1
			const steps = run.steps.slice(1, 13);
			for (const [at, step] of steps.entries()) {
				await dominoesAction(page, thumb, step);
				await logged(page, at + 1);
			}
		}
	},
	{
		game: 'PASS',
		players: 3,
		options: {
			start: NAMES[PASS_OPENING.actions[0].type === 'start' ? PASS_OPENING.actions[0].seat : 0]
		},
		async enter(page, thumb) {
			const actions = PASS_OPENING.actions.slice(1, 13);
			for (const [at, action] of actions.entries()) {
				await climbingAction(page, thumb, action);
				await logged(page, at + 1);
			}
		}
	},
	{
		game: "I'll Pass",
		players: 4,
		options: {
			start: NAMES[ILL_OPENING.config.start],
			setup: async (page) => {
				if (ILL_OPENING.config.takerReveals)
					await page.locator('input[type=checkbox]').first().check();
			}
		},
		async enter(page, thumb) {
			const actions = ILL_OPENING.actions.slice(0, 12);
			for (const [at, action] of actions.entries()) {
				if (action.type === 'reveal')
					await thumb.tap(page.locator(`[data-card="${action.card}"]`), `reveal ${action.card}`);
				else await thumb.tap(page.locator(`[data-${action.type}]`), action.type);
				await logged(page, at + 1);
			}
		}
	}
];

for (const lang of ['en', 'fr'] as const) {
	test(`pen: with a follower asking, a refused message and the network cut, every tap of the pen phone's next entries is in reach and axe finds nothing, each game (${lang})`, async ({
		browser
	}) => {
		const words = WORDS[lang];
		const misses: string[] = [];
		for (const opening of OPENINGS) {
			const names = NAMES.slice(0, opening.players);
			const ana = await penPhone(browser, lang, opening.game, names, opening.options);
			const ben = await follower(browser, lang, ana.players);
			const thumb = new Thumb(ana.page);
			// not an entry at all, straight onto the match's subject: refused, said above the pad
			const match = ana.page.url().split('/match/')[1];
			const table = new URLSearchParams(ana.players.split('#')[1]).get('t')!;
			await jetstream(app.live.nc).publish(matchSubject(table, match), '{"v":1,"evil":true}');
			await expect(ana.page.getByTestId('live-refused')).toContainText(words.refused);
			await thumb.look(ana.page.getByTestId('live-refused').getByRole('button'), 'dismiss');
			// the follower's "Take the pen" is where its thumb lands, whose phone it is beside it
			const benThumb = new Thumb(ben.page);
			await expect(ben.page.getByTestId('live-refused')).toContainText(words.refused);
			await benThumb.look(ben.page.getByRole('combobox', { name: words.whose }), 'whose phone');
			await ben.page.getByRole('combobox', { name: words.whose }).selectOption('Ben');
			await benThumb.tap(ben.page.getByRole('button', { name: words.take }), 'take the pen');
			// the holder's line now says the ask (the refusal waits behind it), its answer in reach
			await expect(ana.page.getByTestId('live-asks')).toContainText(words.asks);
			await thumb.look(ana.page.getByRole('button', { name: words.give }), 'give the pen');
			if (opening.game === 'Pass Pass') {
				// the line over the header and the follower's pen row: 0 axe-core violations
				misses.push(...(await axe(ana.page, 'the pen phone asked for the pen')));
				misses.push(...(await axe(ben.page, 'the follower asking')));
			}
			// and then the network cut: the line says so; entries go on
			app.proxy.refuse((agent) => agent.includes('passpad-ana'));
			await expect(ana.page.getByTestId('live-offline')).toBeVisible();
			if (opening.game === 'Pass Pass')
				misses.push(...(await axe(ana.page, 'the pen phone offline')));
			await opening.enter(ana.page, thumb);
			console.log(
				`reach ${opening.game} live notices ${lang}: lowest ${Math.round(thumb.lowest)} px`
			);
			misses.push(...thumb.misses.map((miss) => `${opening.game}: ${miss}`));
			misses.push(...benThumb.misses.map((miss) => `${opening.game} follower: ${miss}`));
			app.proxy.refuse(() => false);
			await Promise.all([ana, ben].map((it) => it.context.close()));
		}
		expect(misses, misses.join('\n')).toEqual([]);
	});
}
