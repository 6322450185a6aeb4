import { expect, test } from '@playwright/test';
import { startLiveApp } from './live';
import { storedSetting } from './stored';
import { boardGroup } from './board-group.mjs';

// The board's link kept on the TV (docs/group.md, "The board"): in the database's settings
// since this build; a TV whose older build kept it in localStorage (`passpad.board`) is moved
// once, so it goes on showing its board after the update and after every reload.

let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterAll(async () => {
	await app?.stop();
});

test('board: a TV whose older build kept its link in localStorage shows its board after the update, and after a reload, from the database', async ({
	browser
}) => {
	const group = await boardGroup(app.live, 'Thursday club');
	const tv = await browser.newContext({
		baseURL: app.origin,
		viewport: { width: 1920, height: 1080 },
		locale: 'en-GB'
	});
	const board = await tv.newPage();
	// what the build before wrote when the board's link was opened: its fields, as a fragment
	const fields = new URL(group.link(app.origin)).hash.slice(1);
	await board.goto('/board');
	await board.evaluate((kept) => localStorage.setItem('passpad.board', kept), fields);

	await board.reload();
	await expect(board.getByRole('heading', { level: 1 })).toContainText('Thursday club');
	await expect(board.getByTestId('board-connection')).toHaveAttribute('data-state', 'online', {
		timeout: 20_000
	});
	// moved: written to the database, gone from localStorage
	expect(await board.evaluate(() => localStorage.getItem('passpad.board'))).toBeNull();
	expect(new URLSearchParams((await storedSetting(board, 'board.link')) as string).get('g')).toBe(
		group.group
	);

	// the next start reads the database alone
	await board.reload();
	await expect(board.getByRole('heading', { level: 1 })).toContainText('Thursday club');
	await expect(board.getByTestId('board-connection')).toHaveAttribute('data-state', 'online', {
		timeout: 20_000
	});
	await expect(board.getByRole('alert')).toHaveCount(0);
	await tv.close();
});
