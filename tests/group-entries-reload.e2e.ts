import { expect, test, type Browser, type Page } from '@playwright/test';
import { connect } from '@nats-io/transport-node';
import { startMatch } from './helpers';
import { phoneContext, startLiveApp } from './live';
import { noAxeViolations } from './evening-kit';
import { groupStreamOf, inboxOf } from '../src/lib/wire/names.js';
import { newKeyPair, signerOf } from '../src/lib/wire/signing';
import { register } from '../src/lib/wire/register';
import { MAX_MEMBER_KEYS } from '../src/lib/wire/limits';

// What the group's page says of its matches' entries is kept on the phone (docs/group.md, "On
// the phone: what leaves"): a club member who reloads the page still sees that the group
// refused a match, in English and in French. And a member's link already used on the most
// phones allowed is said as such (keys-full), with what to do, phone and tablet, light and dark.

let app: Awaited<ReturnType<typeof startLiveApp>>;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/group-entries-reload';

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

/** A match of the group started on the phone, one move made, then the group's page. */
async function oneMove(page: Page, group: string, lang: 'en' | 'fr') {
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Chloé'], {
		french: lang === 'fr',
		setup: async (it) => {
			await it.getByRole('radio', { name: group }).check();
		}
	});
	const reveal = lang === 'fr' ? 'Retourner le 3' : 'Reveal 3';
	await page.getByRole('button', { name: reveal, exact: true }).click();
	await expect(page.getByRole('button', { name: reveal, exact: true })).toHaveCount(0);
	await page.getByRole('link', { name: WORDS[lang].settings }).click();
	await page.locator('a[href="/group"]').click();
	await expect(page).toHaveURL(/\/group$/);
}

const linkOf = (group: { group: string; name: string }, user: string, pass: string) =>
	`/group#${new URLSearchParams({ g: group.group, n: group.name, u: user, p: pass })}`;

test('group entries reload: a group’s refusal said on its page is said again after the page reloads, in English and French', async ({
	browser
}) => {
	const old = await app.live.createGroup('Old club', 'First phone');
	const invited = await app.live.invite(old.group, 'Second phone');
	// the group's stream as streams.ts made it before sealing: deletes denied (kept-whole.test.ts)
	const jsm = await app.live.groupManager(old.group);
	const made = (await jsm.streams.info(groupStreamOf(old.group))).config;
	await jsm.streams.delete(made.name);
	await jsm.streams.add({ ...made, deny_delete: true });

	for (const [name, lang, credential] of [
		['ana', 'en', old.member],
		['ben', 'fr', invited.member]
	] as const) {
		const page = await member(browser, name, linkOf(old, credential.user, credential.pass), lang);
		await oneMove(page, 'Old club', lang);
		const said = page.getByTestId('group-entries');
		await expect(said).toHaveText(WORDS[lang].keptWhole, { timeout: 30_000 });
		// its steps were let go: nothing is sent again after the reload, the phone remembers
		await page.reload();
		await expect(page.getByTestId('group-state')).toBeVisible();
		await expect(said).toHaveText(WORDS[lang].keptWhole);
		await expect(said.locator('li')).toHaveCount(1);
		await noAxeViolations(page);
		await page.context().close();
	}
});

test('group entries reload: a member’s link already used on the most phones allowed says so on the group’s page, with what to do, in English and French, after a reload too', async ({
	browser
}) => {
	const club = await app.live.createGroup('Club', 'First phone');
	for (const [name, lang] of [
		['lea', 'en'],
		['zoe', 'fr']
	] as const) {
		const { member: credential } = await app.live.invite(club.group, `${name}’s phones`);
		// the same link opened on as many phones as the keeper takes for one member
		const nc = await connect({
			servers: `127.0.0.1:${app.live.nodes[0].port}`,
			user: credential.user,
			pass: credential.pass,
			inboxPrefix: inboxOf(credential.user)
		});
		for (let one = 0; one < MAX_MEMBER_KEYS; one++) {
			const signer = await signerOf(await newKeyPair());
			expect(await register(nc, club.group, credential.user, signer)).toMatchObject({ ok: true });
		}
		await nc.close();
		const page = await member(browser, name, linkOf(club, credential.user, credential.pass), lang);
		await oneMove(page, 'Club', lang);
		const said = page.getByTestId('group-entries');
		await expect(said).toHaveText(WORDS[lang].keysFull, { timeout: 30_000 });
		await expect(said.locator('li')).toHaveCount(1);
		await page.reload();
		await expect(said).toHaveText(WORDS[lang].keysFull, { timeout: 30_000 });
		await noAxeViolations(page);
		for (const [width, height] of [
			[360, 640],
			[820, 1180]
		]) {
			await page.setViewportSize({ width, height });
			for (const scheme of ['light', 'dark'] as const) {
				await page.emulateMedia({ colorScheme: scheme });
				await said.scrollIntoViewIfNeeded();
				await page.screenshot({ path: `${SHOTS}/keys-full-${lang}-${width}-${scheme}.png` });
			}
		}
		await page.emulateMedia({ colorScheme: 'dark' });
		await noAxeViolations(page);
		await page.context().close();
	}
});
