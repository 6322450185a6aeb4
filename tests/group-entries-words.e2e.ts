import { expect, test } from '@playwright/test';
import { startMatch } from './helpers';
import { noAxeViolations } from './evening-kit';
import { WORDS, groupPage, member, oldClubPhones, pictured, useLiveApp } from './group-entries-kit';
import { groupStreamOf, sealSubject } from '../src/lib/wire/names.js';

// The group's page says how its matches' entries went (docs/group.md, "On the phone: what
// leaves"): a group whose record on the server was made before sealing (its stream denies
// deletes) takes no entries, and the page says, once for the group, that its matches still go
// whole, as before. In English and in French, phone and tablet, light and dark.

const app = useLiveApp();
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/group-entries-words';

test('group entries words: a group whose record was made before sealing says on its page, once, in English and French, that its matches still go whole', async ({
	browser
}) => {
	// each phone of the club made before sealing (its stream denies deletes), on the group's page
	for await (const { page, lang } of oldClubPhones(browser, app)) {
		const said = page.getByTestId('group-entries');
		await expect(said).toHaveText(WORDS[lang].keptWhole, { timeout: 30_000 });
		// one sentence for the group, not one a match, and no link (it is not about one match)
		await expect(said.locator('li')).toHaveCount(1);
		await noAxeViolations(page);
		await pictured(page, said, `${SHOTS}/kept-whole-${lang}`);
		await page.emulateMedia({ colorScheme: 'dark' });
		await noAxeViolations(page);
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

/** How many actions the group's newest seal of the match holds (its wire: docs/wire.md). */
async function sealLength(group: string, match: string) {
	const jsm = await app.live.groupManager(group);
	const message = await jsm.streams.getMessage(groupStreamOf(group), {
		last_by_subj: sealSubject(group, match)
	});
	if (!message) return 0;
	const seal = JSON.parse(new TextDecoder().decode(message.data)) as {
		change: { log: unknown[] };
	};
	return seal.change.log.length;
}

test('group entries words: a move taken back here after the match was sealed in the group goes as its seal again, and the group’s page says nothing is wrong', async ({
	browser
}) => {
	const club = await app.live.createGroup('Club', 'First phone');
	const page = await member(browser, app, 'ana', club, club.member, 'en');
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
	expect(await sealLength(club.group, match)).toBe(48);
	// the last take undone here: the group takes no entry of a sealed match; its seal again
	// carries it, the match as it now is, not over (this phone reads the wire: no version goes)
	await page.getByRole('button', { name: 'Undo' }).click();
	await expect(page.getByTestId('outcome')).toHaveCount(0);
	await expect.poll(() => sealLength(club.group, match), { timeout: 30_000 }).toBe(47);
	await groupPage(page, 'en');
	await expect(page.getByTestId('group-state')).toContainText(WORDS.en.upToDate);
	// read as words, so a sentence said wrongly is named in the failure
	const said = page.getByTestId('group-entries');
	await expect.poll(async () => (await said.allTextContents()).join(' | ')).toBe('');
	expect(await onServer(club.group, match)).toEqual(['match', 's']);
	await page.context().close();
});
