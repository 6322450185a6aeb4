import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { startLiveApp } from './live';
import { boardGroup } from './board-group.mjs';
import { recordSubject } from '../src/lib/wire/names.js';
import { illPassVersion } from '../src/lib/group/fixtures';
import { axe } from './axe';

// The board shows the evening's standings (docs/evening.md, "The board"): a TV at 1920x1080 reads
// the group's match versions, as a member's phone wrote them, against a real nats-server.

let app: Awaited<ReturnType<typeof startLiveApp>>;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/evening';

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterAll(async () => {
	await app?.stop();
});

const seats = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: randomUUID(), name }));

/** A finished I'll Pass match of the evening, as a member's phone sends it. */
function eveningMatch(evening: string, table: number, seed: number) {
	const id = randomUUID();
	const version = illPassVersion('phone-writer-01', id, seats, {
		seed,
		at: Date.now() + seed,
		span: 60_000
	});
	const tag = { id: evening, round: 1, table, scale: { first: 7, last: 1 } };
	return {
		id,
		body: JSON.stringify({ ...version, config: { ...(version.config as object), evening: tag } })
	};
}

/** Tables played, summed over the players: 3 a finished table of three. */
async function seatsPlayed(page: Page) {
	const cells = page.getByTestId('board-standings').locator('tbody td:last-child');
	return (await cells.allTextContents()).map(Number).reduce((sum, one) => sum + one, 0);
}

test("board: the evening's standings beside the tables, from the group's versions, updating as a table finishes", async ({
	browser
}) => {
	const group = await boardGroup(app.live, 'Evening club');
	const js = await app.live.groupWriter(group.group, 30_000);
	const evening = randomUUID();
	const first = eveningMatch(evening, 1, 1);
	await js.publish(recordSubject(group.group, first.id), first.body);
	// a match of no evening counts nothing
	const other = illPassVersion('phone-writer-01', randomUUID(), seats, { seed: 9, at: 1, span: 1 });
	await js.publish(recordSubject(group.group, other.id), JSON.stringify(other));

	const context = await browser.newContext({
		baseURL: app.origin,
		viewport: { width: 1920, height: 1080 },
		locale: 'en-GB'
	});
	const page = await context.newPage();
	await page.goto(group.link(app.origin));
	const standings = page.getByTestId('board-standings');
	await expect(standings.locator('tbody tr')).toHaveCount(3, { timeout: 20_000 });
	expect(await seatsPlayed(page)).toBe(3);
	await expect(standings.locator('tbody td.points').first()).toHaveText('7');
	await expect(page.getByRole('heading', { name: 'Standings of the evening' })).toBeVisible();
	// read across the room: the names at least 24 px high at 1920x1080
	const size = await standings
		.locator('tbody th')
		.first()
		.evaluate((cell) => parseFloat(getComputedStyle(cell).fontSize));
	expect(size).toBeGreaterThanOrEqual(24);

	const second = eveningMatch(evening, 2, 2);
	await js.publish(recordSubject(group.group, second.id), second.body);
	await expect.poll(() => seatsPlayed(page), { timeout: 20_000 }).toBe(6);
	const found = await axe(page).analyze();
	expect(found.violations.map((one) => one.id)).toEqual([]);
	await page.screenshot({ path: `${SHOTS}/board-1920-en-light.png` });
	await context.close();
});
