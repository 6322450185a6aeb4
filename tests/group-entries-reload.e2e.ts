import { expect, test } from '@playwright/test';
import { connect } from '@nats-io/transport-node';
import { noAxeViolations } from './evening-kit';
import {
	WORDS,
	member,
	oldClubPhones,
	pictured,
	revealFirstCard,
	useLiveApp
} from './group-entries-kit';
import { inboxOf } from '../src/lib/wire/names.js';
import { newKeyPair, signerOf } from '../src/lib/wire/signing';
import { register } from '../src/lib/wire/register';
import { MAX_MEMBER_KEYS } from '../src/lib/wire/limits';

// What the group's page says of its matches' entries is kept on the phone (docs/group.md, "On
// the phone: what leaves"): a club member who reloads the page still sees that the group
// refused a match, in English and in French. And a member's link already used on the most
// phones allowed is said as such (keys-full), with what to do, phone and tablet, light and dark.

const app = useLiveApp();
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/group-entries-reload';

test('group entries reload: a group’s refusal said on its page is said again after the page reloads, in English and French', async ({
	browser
}) => {
	// each phone of the club made before sealing (its stream denies deletes), on the group's page
	for await (const { page, lang } of oldClubPhones(browser, app)) {
		const said = page.getByTestId('group-entries');
		await expect(said).toHaveText(WORDS[lang].keptWhole, { timeout: 30_000 });
		// its steps were let go: nothing is sent again after the reload, the phone remembers
		await page.reload();
		await expect(page.getByTestId('group-state')).toBeVisible();
		await expect(said).toHaveText(WORDS[lang].keptWhole);
		await expect(said.locator('li')).toHaveCount(1);
		await noAxeViolations(page);
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
		const page = await member(browser, app, name, club, credential, lang);
		await revealFirstCard(page, 'Club', lang);
		const said = page.getByTestId('group-entries');
		await expect(said).toHaveText(WORDS[lang].keysFull, { timeout: 30_000 });
		await expect(said.locator('li')).toHaveCount(1);
		await page.reload();
		await expect(said).toHaveText(WORDS[lang].keysFull, { timeout: 30_000 });
		await noAxeViolations(page);
		await pictured(page, said, `${SHOTS}/keys-full-${lang}`);
		await page.emulateMedia({ colorScheme: 'dark' });
		await noAxeViolations(page);
		await page.context().close();
	}
});
