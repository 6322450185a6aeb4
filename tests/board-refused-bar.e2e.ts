import { expect, test } from '@playwright/test';
import { startLiveApp } from './live';
import { boardGroup } from './board-group.mjs';
import { noAxeViolations } from './evening-kit';

// A board whose link the server refuses (docs/group.md, "The board"): the device is online and
// the server answered, so the bar says the link was refused, never "Offline", in English and
// French; the notice below says what to do.

let app: Awaited<ReturnType<typeof startLiveApp>>;
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/board-refused-bar';

test.describe.configure({ timeout: 120_000 });
test.beforeEach(async () => {
	app = await startLiveApp();
});
test.afterEach(async () => {
	await app?.stop();
});

const WORDS = {
	en: { bar: 'Link refused', offline: 'Offline', notice: "The server refused this board's link" },
	fr: {
		bar: 'Lien refusé',
		offline: 'Hors ligne',
		notice: 'Le serveur a refusé le lien de ce tableau'
	}
};

test('board refused bar: a board whose link the server refused says so in its bar, not offline, in English and French', async ({
	browser
}) => {
	const group = await boardGroup(app.live, 'Club');
	const wrong = new URL(group.link(app.origin));
	const fields = new URLSearchParams(wrong.hash.slice(1));
	fields.set('p', 'x'.repeat(32));
	for (const lang of ['en', 'fr'] as const) {
		const context = await browser.newContext({
			baseURL: app.origin,
			viewport: { width: 360, height: 640 },
			locale: lang === 'fr' ? 'fr-FR' : 'en-GB',
			userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-tv-${lang}`
		});
		const board = await context.newPage();
		await board.goto(`${wrong.pathname}#${fields}`);
		await expect(board.getByTestId('board-refused-credential')).toContainText(WORDS[lang].notice);
		const bar = board.getByTestId('board-connection');
		await expect(bar).toHaveAttribute('data-state', 'refused');
		await expect(bar).toHaveText(WORDS[lang].bar);
		await expect(bar).not.toContainText(WORDS[lang].offline);
		await noAxeViolations(board);
		await board.screenshot({ path: `${SHOTS}/board-refused-${lang}-360.png` });
		await context.close();
	}
});
