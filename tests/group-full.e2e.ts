// A server whose file store holds no more group accounts (docs/wire.md, "Where it is stored"):
// a new group is answered `full`, and the phone says so, not that the server failed.
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { startLiveApp } from './live';

let app: Awaited<ReturnType<typeof startLiveApp>>;
test.beforeAll(async () => {
	// each group reserves 8 GiB of the server's 16 GiB: two groups fill it
	app = await startLiveApp(undefined, { groupBytes: 8 * 1024 ** 3 });
	await app.live.createGroup('First club');
	await app.live.createGroup('Second club');
});
test.afterAll(async () => {
	await app?.stop();
});

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/shots/group';
const said = {
	en: 'This server has no room for another group: ask whoever runs it to make room.',
	fr: "Ce serveur n'a plus de place pour un autre groupe\u202f: demandez à qui l'héberge d'en faire."
};

for (const lang of ['en', 'fr'] as const) {
	test(`group: a server with no room for another group says so when one is asked for (${lang})`, async ({
		browser
	}) => {
		const context = await browser.newContext({
			baseURL: app.origin,
			viewport: { width: 360, height: 640 },
			isMobile: true,
			hasTouch: true,
			locale: lang === 'fr' ? 'fr-FR' : 'en-GB'
		});
		const page = await context.newPage();
		await page.goto(app.hostLink);
		await expect(page.getByRole('status')).not.toBeEmpty();
		await page.goto('/group');
		await page.getByRole('textbox').first().fill('Third club');
		await page.locator('form button[type="submit"]').first().click();
		await expect(page.getByRole('alert')).toHaveText(said[lang]);
		expect((await new AxeBuilder({ page }).include('main').analyze()).violations).toEqual([]);
		// the words as the host sees them, for a person to open: light and dark, phone and tablet
		mkdirSync(SHOTS, { recursive: true });
		await page.screenshot({ path: `${SHOTS}/group-full-360-${lang}-light.png` });
		await page.emulateMedia({ colorScheme: 'dark' });
		await page.screenshot({ path: `${SHOTS}/group-full-360-${lang}-dark.png` });
		await page.setViewportSize({ width: 820, height: 1180 });
		await page.screenshot({ path: `${SHOTS}/group-full-820-${lang}-dark.png` });
		await context.close();
	});
}
