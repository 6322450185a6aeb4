import { expect, test, type Page } from '@playwright/test';
import { abandonHere, startMatch } from './helpers';
import { phoneContext, startLiveApp } from './live';
import { groupStreamOf } from '../src/lib/wire/names.js';

// A group's match leaves the phone as entries too (docs/group.md, "On the phone: what
// leaves"): recorded in the app for a group, its entries reach the keeper, signed; the
// whole-match version still goes, for phones on an older build. Once over, the pen seals it and
// the keeper deletes its entries: one message left beside the version (docs/wire.md, sealing).

let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ timeout: 180_000 });
test.beforeEach(async () => {
	app = await startLiveApp();
});
test.afterEach(async () => {
	await app?.stop();
});

/** The groups this phone belongs to, read from its database. */
function groupsOf(page: Page) {
	return page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open('passpad');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const rows = await new Promise<{ id: string }[]>((resolve, reject) => {
			const request = db.transaction('groups').objectStore('groups').getAll();
			request.onsuccess = () => resolve(request.result as { id: string }[]);
			request.onerror = () => reject(request.error);
		});
		db.close();
		return rows.map((row) => row.id);
	});
}

/** The kinds of the group's subjects holding the match on the server (m, s, match). */
async function onServer(group: string, match: string) {
	const jsm = await app.live.groupManager(group);
	// not answered while nats-server reloads its config (a table opened: docs/group.md,
	// "Removing"): asked again by the poll
	const info = await jsm.streams
		.info(groupStreamOf(group), { subjects_filter: '>' })
		.catch(() => null);
	if (!info) return null;
	return Object.keys(info.state.subjects ?? {})
		.filter((subject) => subject.includes(`.${match}`))
		.map((subject) => subject.split('.')[3])
		.sort();
}

async function revealTake(page: Page, card: number) {
	await page.getByRole('button', { name: `Reveal ${card}`, exact: true }).click();
	await page.getByRole('button', { name: new RegExp(`^Take ${card}`) }).click();
	await expect(page.getByTestId('face-up')).toHaveCount(0);
}

/** A new phone on the host's link that makes a group: the group's id. */
async function groupMade(ana: Page, name: string) {
	await ana.goto(app.hostLink);
	await expect(ana.getByRole('status')).not.toBeEmpty();
	await ana.goto('/group');
	await ana.getByLabel("The group's name").fill(name);
	await ana.getByRole('button', { name: 'Create a group' }).click();
	await expect(ana.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	return (await groupsOf(ana))[0];
}

test('group entries: a match recorded for a group reaches the keeper as entries, each step one, and its version still goes; once over, sealed and its entries deleted', async ({
	browser
}) => {
	const context = await phoneContext(browser, app.origin, 'ana');
	const ana = await context.newPage();
	const group = await groupMade(ana, 'Jeudi au club');

	await startMatch(ana, "I'll Pass", ['Ana', 'Ben', 'Chloé'], {
		setup: async (page) => {
			await page.getByRole('radio', { name: 'Jeudi au club' }).check();
		}
	});
	const match = ana.url().split('/match/')[1];
	await revealTake(ana, 3);
	// while played: its entries (start and the steps) beside its whole-match version
	await expect
		.poll(() => onServer(group, match), { timeout: 30_000 })
		.toEqual(['m', 'm', 'm', 'match']);

	// the rest of a whole match, each seat taking what it reveals (group.e2e.ts's playHands)
	const hands = [
		[3, 4, 5, 6, 7, 8, 9, 10],
		[11, 12, 13, 15, 17, 19, 21, 23],
		[14, 16, 18, 20, 22, 24, 25, 26]
	];
	const cards = Array.from({ length: 8 }, (_, turn) => hands.map((hand) => hand[turn])).flat();
	for (const card of cards.slice(1)) await revealTake(ana, card);
	await expect(ana.getByTestId('outcome')).toContainText('Match over');
	// over: sealed, its 49 entries (the start and 48 actions) deleted, the version still there
	await expect.poll(() => onServer(group, match), { timeout: 30_000 }).toEqual(['match', 's']);
	await context.close();
});

test('group entries: a match of the group played live goes to its table while played; once it ends, its pen phone seals it in the group', async ({
	browser
}) => {
	const context = await phoneContext(browser, app.origin, 'ana');
	const ana = await context.newPage();
	const group = await groupMade(ana, 'Vendredi');
	await startMatch(ana, "I'll Pass", ['Ana', 'Ben', 'Chloé'], {
		setup: (page) => page.getByRole('radio', { name: 'Vendredi' }).check()
	});
	const match = ana.url().split('/match/')[1];
	await ana.getByRole('button', { name: 'Play live' }).click();
	await expect(ana.getByTestId('live-state')).toContainText('This phone has the pen');
	await revealTake(ana, 3);
	await revealTake(ana, 4);
	// played: at its table, and in the group as its whole-match version only
	await expect.poll(() => onServer(group, match), { timeout: 30_000 }).toEqual(['match']);
	await abandonHere(ana);
	await expect.poll(() => onServer(group, match), { timeout: 30_000 }).toEqual(['match', 's']);
	await context.close();
});
