import { expect, test, type Browser, type Page } from '@playwright/test';
import { playIllPass, revealAndTake, startMatch } from './helpers';
import { phoneContext } from './live';
import { matchOf, storedLog, storedMatch } from './stored';
import { OLD_REF, onOrigin, startTwoBuilds } from './two-builds';
import { groupEntriesOf, groupStreamOf, sealSubject } from '../src/lib/wire/names.js';

// Upgrade in place (docs/wire.md, "Upgrade in place and phones on two versions"): a group whose
// phones update on different days keeps working. One phone on yesterday's build (the commit in
// tests/two-builds.ref), one on today's, against today's server: a live table handed from one to
// the other, and a group's record with a conflict. Where a step fails, the two builds do not
// understand each other: that is what this test is for, and it is said, never worked around.

let two: Awaited<ReturnType<typeof startTwoBuilds>>;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
	// the old build is made once, the first time (about a minute alone, more on a busy machine)
	test.setTimeout(600_000);
	two = await startTwoBuilds();
	// two builds, never one served twice (each build's version is the time it was made)
	expect(two.versions.old).not.toBe(two.versions.new);
});
test.afterEach(() => {
	// a test that failed half-way leaves no phone cut off for the next
	two?.refuse(() => false);
});
test.afterAll(async () => {
	await two?.stop();
});

/** A phone on one build: its own browser context (its own storage) on that build's origin. */
async function phone(browser: Browser, name: string, build: 'old' | 'new'): Promise<Page> {
	const origin = build === 'old' ? two.oldOrigin : two.newOrigin;
	const context = await phoneContext(browser, origin, name);
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	// the phone runs the build it is said to: its origin answers with that build's version
	await page.goto('/');
	const version = await page.evaluate(async () => {
		const answer = await fetch('/_app/version.json', { cache: 'no-store' });
		return ((await answer.json()) as { version: string }).version;
	});
	expect(version).toBe(two.versions[build]);
	return page;
}

test(`two builds, one live table: a phone on ${OLD_REF.slice(0, 7)} hosts and plays, a phone on today's build follows, takes the pen and plays to the end, the old phone following; both phones store the same log`, async ({
	browser
}) => {
	const ana = await phone(browser, 'ana', 'old');
	await ana.goto(two.oldHostLink);
	await expect(ana.getByRole('status')).toContainText('can now open live tables');
	await startMatch(ana, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await ana.getByRole('button', { name: 'Play live' }).click();
	await expect(ana.getByTestId('live-state')).toContainText('This phone has the pen');
	const links = ana.getByTestId('live-link');
	await expect(links).toHaveCount(2);
	await playIllPass(ana, [3, 'pass', 'take']);

	// the players' link, opened on today's build
	const ben = await phone(browser, 'ben', 'new');
	await ben.goto(onOrigin((await links.nth(0).getAttribute('href'))!, two.newOrigin));
	await expect(ben).toHaveURL(/\/match\//, { timeout: 20_000 });
	await expect(ben.getByTestId('live-pen')).toContainText("Ana's phone has the pen");
	await expect(ben.getByTestId('news-line')).toHaveText(
		await ana.getByTestId('news-line').innerText()
	);

	// the pen handed from the old build to the new one
	await ben.getByRole('combobox', { name: 'Whose phone is this?' }).selectOption('Ben');
	await ben.getByRole('button', { name: 'Take the pen' }).click();
	await expect(ana.getByTestId('live-asks')).toContainText('Ben asks for the pen.');
	await ana.getByRole('button', { name: 'Give the pen to Ben' }).click();
	await expect(ana.getByTestId('live-pen')).toContainText("Ben's phone has the pen");
	await expect(ben.getByTestId('play')).not.toHaveAttribute('inert', '');

	// today's phone plays the rest, yesterday's follows each card to the end
	for (let card = 4; card <= 26; card += 6) {
		await revealAndTake(
			ben,
			Array.from({ length: Math.min(6, 27 - card) }, (_, at) => card + at)
		);
		await expect(ana.getByTestId('news-line')).toHaveText(
			await ben.getByTestId('news-line').innerText()
		);
	}
	for (const page of [ben, ana]) await expect(page.getByTestId('outcome')).toBeVisible();
	await expect(ana.getByTestId('score-sheet')).toHaveText(
		(await ben.getByTestId('score-sheet').textContent()) ?? ''
	);

	// the record: each phone's own copy of the match holds the same 49 actions, in order
	const [onAna, onBen] = [await storedLog(ana, matchOf(ana)), await storedLog(ben, matchOf(ben))];
	expect(onAna).toHaveLength(3 + 23 * 2);
	expect(onBen).toEqual(onAna);
	for (const page of [ana, ben]) await page.context().close();
});

/** How many of the history's entries open the match `id` (polled by the callers). */
async function inHistory(page: Page, id: string) {
	await page.goto('/history');
	// counted once the list has been read from storage (its count shown), not before
	await expect(
		page.getByRole('status').filter({ hasText: /^\s*\d+ (match(es)?|parties?)\s*$/ })
	).toBeVisible();
	return page.getByTestId('history').locator(`a[href*="${id}"]`).count();
}

/** A whole I'll Pass match of the group, each seat taking what it reveals; its id. */
async function groupMatch(page: Page, group: string, names: string[]) {
	await startMatch(page, "I'll Pass", names, {
		setup: async (it) => {
			await it.getByRole('radio', { name: group }).check();
		}
	});
	// a run of 8 (3 to 10) for the first seat, the rest shared out
	const hands = [
		[3, 4, 5, 6, 7, 8, 9, 10],
		[11, 12, 13, 15, 17, 19, 21, 23],
		[14, 16, 18, 20, 22, 24, 25, 26]
	];
	for (let turn = 0; turn < 8; turn++) {
		await revealAndTake(
			page,
			hands.map((hand) => hand[turn])
		);
	}
	await expect(page.getByTestId('outcome')).toContainText('Match over');
	return matchOf(page);
}

/** Writes the match's note on its page, as a person would. */
async function writeNote(page: Page, id: string, note: string) {
	await page.goto(`/match/${id}`);
	const notes = page.getByTestId('match-notes');
	await notes.getByText('Notes & time played').click();
	await notes.getByLabel('Note on this match (where, what happened)').fill(note);
	await notes.getByRole('button', { name: 'Save the note' }).click();
	await expect(notes.getByRole('status')).toHaveText('Note saved.');
}

test(`two builds, one group: a phone on ${OLD_REF.slice(0, 7)} makes the group, a phone on today's build joins it, each sees the other's match, and one match changed on both while offline is a conflict on both, never merged`, async ({
	browser
}) => {
	const ana = await phone(browser, 'ana', 'old');
	await ana.goto(two.oldHostLink);
	await expect(ana.getByRole('status')).not.toBeEmpty();
	await ana.goto('/group');
	await ana.getByLabel("The group's name").fill('Deux versions');
	await ana.getByLabel("This phone's owner").fill('Ana');
	await ana.getByRole('button', { name: 'Create a group' }).click();
	await expect(ana.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	await ana.getByLabel('Whose phone is it?').fill('Ben');
	await ana.getByRole('button', { name: 'Invite' }).click();
	const invitation = (await ana.locator('a[href*="/group#"]').getAttribute('href'))!;

	// the invitation, opened on today's build
	const ben = await phone(browser, 'ben', 'new');
	await ben.goto(onOrigin(invitation, two.newOrigin));
	await expect(ben.getByTestId('group-joined')).toContainText('Deux versions');
	await expect(ben.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	await expect(ana.getByRole('button', { name: 'Remove Ben' })).toBeVisible({ timeout: 20_000 });

	// each phone records a whole match for the group (finished: a match in play on a new phone
	// is not promised to an old one, docs/wire.md); each reaches the other with its whole log
	const fromOld = await groupMatch(ana, 'Deux versions', ['Ana', 'Ben', 'Cleo']);
	const fromNew = await groupMatch(ben, 'Deux versions', ['Ben', 'Dora', 'Eli']);
	for (const [page, id] of [
		[ben, fromOld],
		[ana, fromNew]
	] as const) {
		await expect.poll(() => inHistory(page, id), { timeout: 30_000, intervals: [1000] }).toBe(1);
	}
	for (const id of [fromOld, fromNew]) {
		// a match shows once its first version lands; its last may still be on its way
		for (const [page, name] of [
			[ana, 'ana'],
			[ben, 'ben']
		] as const) {
			await expect
				.poll(async () => (await storedLog(page, id)).length, {
					message: `${name} ${id === fromOld ? 'old' : 'new'}`,
					timeout: 30_000
				})
				.toBe(48);
		}
		expect(await storedLog(ben, id)).toEqual(await storedLog(ana, id));
	}
	// today's phone sealed its finished match, the keeper deleted its entries, and the phone on
	// the older build took the whole match all the same (docs/group.md, "On the phone: what leaves")
	const group = (await storedMatch<{ group: string }>(ben, fromNew)).group;
	const jsm = await two.live.groupManager(group);
	await expect
		.poll(
			async () => {
				const seal = await jsm.streams
					.getMessage(groupStreamOf(group), { last_by_subj: sealSubject(group, fromNew) })
					.catch(() => null);
				const entries = await jsm.streams.info(groupStreamOf(group), {
					subjects_filter: groupEntriesOf(group, fromNew)
				});
				return { sealed: seal !== null, entries: Object.keys(entries.state.subjects ?? {}).length };
			},
			{ timeout: 30_000 }
		)
		.toEqual({ sealed: true, entries: 0 });

	// both phones lose the network and each writes its own note on the old phone's match
	two.refuse((agent) => /passpad-(ana|ben)/.test(agent));
	await writeNote(ana, fromOld, 'At the club, by the window');
	await writeNote(ben, fromOld, 'At the café, after the cup');
	// the old phone comes back first, then today's: its note written over one it never saw
	await ana.goto('/group');
	await expect(ana.getByTestId('group-pending')).toHaveText('1 change not yet sent to the group.');
	two.refuse((agent) => agent.includes('passpad-ben'));
	await expect(ana.getByTestId('group-pending')).toHaveCount(0, { timeout: 30_000 });
	two.refuse(() => false);
	await ben.goto('/group');
	// shown on both phones, in the players' words
	for (const page of [ben, ana]) {
		await expect(page.getByTestId('group-conflict')).toContainText(
			/A match of I.ll Pass \(Ana, Ben, Cleo\) was changed on this phone and in the group\./,
			{ timeout: 30_000 }
		);
	}
	// never merged: each phone still holds its own note
	type Notes = { notes: string };
	expect((await storedMatch<Notes>(ana, fromOld)).notes).toBe('At the club, by the window');
	expect((await storedMatch<Notes>(ben, fromOld)).notes).toBe('At the café, after the cup');
	for (const page of [ana, ben]) await page.context().close();
});
