import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { startMatch } from './helpers';
import { phoneContext, type startLiveApp } from './live';

export { useLiveApp } from './live';
import { groupStreamOf } from '../src/lib/wire/names.js';

// What the browser tests of the group's page on its matches' entries share
// (group-entries-reload.e2e.ts, group-entries-words.e2e.ts; docs/group.md, "On the phone: what
// leaves"): the words it says, a member's phone caught up with the group, a match's first card
// revealed, the group's page reached from the app's links, and its pictures.

export type Lang = 'en' | 'fr';
type LiveApp = Awaited<ReturnType<typeof startLiveApp>>;

export const WORDS = {
	en: {
		upToDate: 'Up to date with the group.',
		settings: 'Settings',
		keptWhole:
			"This group's record on the server was made before this version of Passpad: its matches still go to it whole, as before. Nothing is lost.",
		keysFull:
			"The group's server takes no more phones under the link this phone joined with: it is already used on 8 phones, the most one member may have. So the group does not take this phone's moves one by one; its matches still reach the group whole. Ask a member of the group to invite this phone (Invite, on the group's page), then open the new link here."
	},
	fr: {
		upToDate: 'À jour avec le groupe.',
		settings: 'Réglages',
		keptWhole:
			"Le dossier de ce groupe sur le serveur a été créé avant cette version de Passpad\u202f: ses parties lui parviennent toujours entières, comme avant. Rien n'est perdu.",
		keysFull:
			"Le serveur du groupe ne prend plus de téléphone sous le lien avec lequel ce téléphone l'a rejoint\u202f: il sert déjà sur 8 téléphones, le plus qu'un membre puisse avoir. Le groupe ne prend donc pas les coups de ce téléphone un à un\u202f; ses parties lui parviennent toujours entières. Demandez à un membre du groupe d'inviter ce téléphone (Inviter, sur la page du groupe), puis ouvrez le nouveau lien ici."
	}
};

/**
 * The "Old club"'s two members in turn, Ana in English then Ben in French, each on its phone
 * with a match's first card revealed, on the group's page; the phone closed after. The group's
 * stream is made anew as streams.ts made it before sealing: deletes denied (kept-whole.test.ts).
 */
export async function* oldClubPhones(browser: Browser, app: LiveApp) {
	const old = await app.live.createGroup('Old club', 'First phone');
	const invited = await app.live.invite(old.group, 'Second phone');
	const jsm = await app.live.groupManager(old.group);
	const made = (await jsm.streams.info(groupStreamOf(old.group))).config;
	await jsm.streams.delete(made.name);
	await jsm.streams.add({ ...made, deny_delete: true });
	for (const [name, lang, credential] of [
		['ana', 'en', old.member],
		['ben', 'fr', invited.member]
	] as const) {
		const page = await member(browser, app, name, old, credential, lang);
		try {
			await revealFirstCard(page, 'Old club', lang);
			yield { page, lang };
		} finally {
			await page.context().close();
		}
	}
}

/** A member's phone (360x640) opened by its link to `club`, caught up with the group. */
export async function member(
	browser: Browser,
	app: LiveApp,
	name: string,
	club: { group: string; name: string },
	{ user, pass }: { user: string; pass: string },
	lang: Lang
) {
	const link = `/group#${new URLSearchParams({ g: club.group, n: club.name, u: user, p: pass })}`;
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
export async function groupPage(page: Page, lang: Lang) {
	await page.getByRole('link', { name: WORDS[lang].settings }).click();
	await page.locator('a[href="/group"]').click();
	await expect(page).toHaveURL(/\/group$/);
}

/** An I'll Pass match of `group` started here, its first card revealed; then the group's page. */
export async function revealFirstCard(page: Page, group: string, lang: Lang) {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Chloé'], {
		french: lang === 'fr',
		setup: async (it) => {
			await it.getByRole('radio', { name: group }).check();
		}
	});
	const reveal = lang === 'fr' ? 'Retourner le 3' : 'Reveal 3';
	await page.getByRole('button', { name: reveal, exact: true }).click();
	await expect(page.getByRole('button', { name: reveal, exact: true })).toHaveCount(0);
	await groupPage(page, lang);
}

/** What the page says, pictured on a phone and a tablet, light and dark (`path`-width-scheme). */
export async function pictured(page: Page, said: Locator, path: string) {
	for (const [width, height] of [
		[360, 640],
		[820, 1180]
	]) {
		await page.setViewportSize({ width, height });
		for (const scheme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme: scheme });
			await said.scrollIntoViewIfNeeded();
			await page.screenshot({ path: `${path}-${width}-${scheme}.png` });
		}
	}
}
