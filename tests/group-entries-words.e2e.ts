import { expect, test, type Browser, type Page } from '@playwright/test';
import { startMatch } from './helpers';
import { phoneContext, startLiveApp } from './live';
import { noAxeViolations } from './evening-kit';
import { groupStreamOf } from '../src/lib/wire/names.js';

// The group's page says how its matches' entries went (docs/group.md, "On the phone: what
// leaves"): a group whose record on the server was made before sealing (its stream denies
// deletes) takes no entries, and the page says, once for the group, that its matches still go
// whole, as before. In English and in French, phone and tablet, light and dark.

let app: Awaited<ReturnType<typeof startLiveApp>>;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/group-entries-words';

test.describe.configure({ timeout: 180_000 });
test.beforeEach(async () => {
	app = await startLiveApp();
});
test.afterEach(async () => {
	await app?.stop();
});

const WORDS = {
	en: {
		upToDate: 'Up to date with the group.',
		settings: 'Settings',
		keptWhole:
			"This group's record on the server was made before this version of Passpad: its matches still go to it whole, as before. Nothing is lost."
	},
	fr: {
		upToDate: 'À jour avec le groupe.',
		settings: 'Réglages',
		keptWhole:
			"Le dossier de ce groupe sur le serveur a été créé avant cette version de Passpad\u202f: ses parties lui parviennent toujours entières, comme avant. Rien n'est perdu."
	}
};

/** A member's phone (360x640) opened by its link, caught up with the group. */
async function member(browser: Browser, name: string, link: string, lang: 'en' | 'fr') {
	const context = await phoneContext(browser, app.origin, name, lang === 'fr' ? 'fr-FR' : 'en-GB');
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	await page.goto(link);
	await expect(page.getByTestId('group-state')).toContainText(WORDS[lang].upToDate, {
		timeout: 30_000
	});
	return page;
}

/** The group's page reached from the app's own links: the running sync (and what it knows) stays. */
async function groupPage(page: Page, lang: 'en' | 'fr') {
	await page.getByRole('link', { name: WORDS[lang].settings }).click();
	await page.locator('a[href="/group"]').click();
	await expect(page).toHaveURL(/\/group$/);
}

test('group entries words: a group whose record was made before sealing says on its page, once, in English and French, that its matches still go whole', async ({
	browser
}) => {
	const old = await app.live.createGroup('Old club', 'First phone');
	const invited = await app.live.invite(old.group, 'Second phone');
	// the group's stream as streams.ts made it before sealing: deletes denied (kept-whole.test.ts)
	const jsm = await app.live.groupManager(old.group);
	const made = (await jsm.streams.info(groupStreamOf(old.group))).config;
	await jsm.streams.delete(made.name);
	await jsm.streams.add({ ...made, deny_delete: true });
	const link = (user: string, pass: string) =>
		`/group#${new URLSearchParams({ g: old.group, n: old.name, u: user, p: pass })}`;

	for (const [name, lang, credential] of [
		['ana', 'en', old.member],
		['ben', 'fr', invited.member]
	] as const) {
		const page = await member(browser, name, link(credential.user, credential.pass), lang);
		await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Chloé'], {
			french: lang === 'fr',
			setup: async (it) => {
				await it.getByRole('radio', { name: 'Old club' }).check();
			}
		});
		const reveal = lang === 'fr' ? 'Retourner le 3' : 'Reveal 3';
		await page.getByRole('button', { name: reveal, exact: true }).click();
		await expect(page.getByRole('button', { name: reveal, exact: true })).toHaveCount(0);
		await groupPage(page, lang);
		const said = page.getByTestId('group-entries');
		await expect(said).toHaveText(WORDS[lang].keptWhole, { timeout: 30_000 });
		// one sentence for the group, not one a match, and no link (it is not about one match)
		await expect(said.locator('li')).toHaveCount(1);
		await noAxeViolations(page);
		for (const [width, height] of [
			[360, 640],
			[820, 1180]
		]) {
			await page.setViewportSize({ width, height });
			for (const scheme of ['light', 'dark'] as const) {
				await page.emulateMedia({ colorScheme: scheme });
				await said.scrollIntoViewIfNeeded();
				await page.screenshot({ path: `${SHOTS}/kept-whole-${lang}-${width}-${scheme}.png` });
			}
		}
		await page.emulateMedia({ colorScheme: 'dark' });
		await noAxeViolations(page);
		await page.context().close();
	}
});

/** The kinds of the group's subjects holding the match on the server (m, s, match). */
async function onServer(group: string, match: string) {
	const jsm = await app.live.groupManager(group);
	const info = await jsm.streams.info(groupStreamOf(group), { subjects_filter: '>' });
	return Object.keys(info.state.subjects ?? {})
		.filter((subject) => subject.includes(`.${match}`))
		.map((subject) => subject.split('.')[3])
		.sort();
}

/** How many actions the group's newest whole-match version of the match holds. */
async function versionLength(group: string, match: string) {
	const jsm = await app.live.groupManager(group);
	const message = await jsm.streams.getMessage(groupStreamOf(group), {
		last_by_subj: `passpad.g.${group}.match.${match}`
	});
	if (!message) return 0;
	return (JSON.parse(new TextDecoder().decode(message.data)) as { log: unknown[] }).log.length;
}

test('group entries words: a move made here after the match was sealed in the group goes with its whole version, and the group’s page says nothing is wrong', async ({
	browser
}) => {
	const club = await app.live.createGroup('Club', 'First phone');
	const link = `/group#${new URLSearchParams({ g: club.group, n: club.name, u: club.member.user, p: club.member.pass })}`;
	const page = await member(browser, 'ana', link, 'en');
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Chloé'], {
		setup: async (it) => {
			await it.getByRole('radio', { name: 'Club' }).check();
		}
	});
	const match = page.url().split('/match/')[1];
	// a whole match, each seat taking what it reveals (group-entries.e2e.ts)
	const hands = [
		[3, 4, 5, 6, 7, 8, 9, 10],
		[11, 12, 13, 15, 17, 19, 21, 23],
		[14, 16, 18, 20, 22, 24, 25, 26]
	];
	for (const card of Array.from({ length: 8 }, (_, turn) =>
		hands.map((hand) => hand[turn])
	).flat()) {
		await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
		await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
		await expect(page.getByTestId('face-up')).toHaveCount(0);
	}
	await expect(page.getByTestId('outcome')).toContainText('Match over');
	// sealed in the group: its entries deleted, the seal kept
	await expect.poll(() => onServer(club.group, match), { timeout: 30_000 }).toEqual(['match', 's']);
	await expect.poll(() => versionLength(club.group, match), { timeout: 30_000 }).toBe(48);
	// the last take undone here: the group takes no entry of a sealed match, its version carries it
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(page.getByTestId('outcome')).toHaveCount(0);
	await expect.poll(() => versionLength(club.group, match), { timeout: 30_000 }).toBe(47);
	await groupPage(page, 'en');
	await expect(page.getByTestId('group-state')).toContainText(WORDS.en.upToDate);
	// read as words, so a sentence said wrongly is named in the failure
	const said = page.getByTestId('group-entries');
	await expect.poll(async () => (await said.allTextContents()).join(' | ')).toBe('');
	expect(await onServer(club.group, match)).toEqual(['match', 's']);
	await page.context().close();
});
