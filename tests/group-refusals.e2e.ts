import { expect, test, type Browser, type Page } from '@playwright/test';
import { axe } from './axe';
import { startMatch } from './helpers';
import { startLiveApp } from './live';

// A group's link the phone cannot use (docs/group.md, "Links" and "Removing"): worded for what
// it is, and nothing of it stored. Phones are browser contexts against a real nats-server and
// the app served beside it (tests/live.ts); the groups are made by the server's own provisioning.

let app: Awaited<ReturnType<typeof startLiveApp>>;

// each worker starts its own server (beforeAll runs once a worker) and every test makes its
// own groups, so the tests run side by side rather than one after the other
test.describe.configure({ mode: 'parallel', timeout: 120_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterEach(() => {
	// a test that failed half-way leaves no phone held for the next
	app?.proxy.release();
	app?.proxy.refuse(() => false);
});
test.afterAll(async () => {
	await app?.stop();
});

/** A phone that notes every "This phone is now in …" it ever shows, however briefly. */
async function phone(browser: Browser, name: string, french = false): Promise<Page> {
	const context = await browser.newContext({
		baseURL: app.origin,
		viewport: { width: 360, height: 640 },
		isMobile: true,
		hasTouch: true,
		locale: french ? 'fr-FR' : 'en-GB',
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
	await context.addInitScript(() => {
		const said: string[] = [];
		(window as unknown as { said: string[] }).said = said;
		new MutationObserver(() => {
			const joined = document.querySelector('[data-testid="group-joined"]');
			if (joined?.textContent) said.push(joined.textContent);
		}).observe(document, { subtree: true, childList: true, characterData: true });
	});
	const page = await context.newPage();
	page.on('pageerror', (error) => console.log(`${name}: ${error.message}`));
	return page;
}

/** What the phone's `groups` store holds (docs/group.md, "What is written where on the phone"). */
function storedGroups(page: Page): Promise<unknown[]> {
	return page.evaluate(async () => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open('passpad');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		if (!db.objectStoreNames.contains('groups')) return [];
		const rows = await new Promise<unknown[]>((resolve, reject) => {
			const request = db.transaction('groups').objectStore('groups').getAll();
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		db.close();
		return rows;
	});
}

const linkOf = (fields: Record<string, string>) => `/group#${new URLSearchParams(fields)}`;

test('group refusals: a link that is not a Passpad group link says so, in English and French, and stores nothing', async ({
	browser
}) => {
	const made = await app.live.createGroup('Les Pass', 'Ana');
	const good = { g: made.group, n: made.name, u: made.member.user, p: made.member.pass };
	const links = [
		'/group#garbage',
		linkOf({ ...good, g: 'NOT-A-GROUP!' }),
		linkOf({ ...good, n: 'Les\u0007Pass' })
	];
	for (const french of [false, true]) {
		const page = await phone(browser, french ? 'elise' : 'dan', french);
		for (const link of links) {
			// each link opened afresh, as from a message or a QR code
			await page.goto('/');
			await page.goto(link);
			await expect(page.getByRole('alert')).toHaveText(
				french
					? "Ce lien n'est pas un lien de groupe Passpad. Demandez-en un nouveau à un membre."
					: 'This is not a Passpad group link. Ask a member for a new one.'
			);
			// the credential leaves the address bar all the same
			expect(page.url()).not.toContain('#');
			expect(await storedGroups(page)).toEqual([]);
		}
		expect((await axe(page).include('main').analyze()).violations).toEqual([]);
		await page.context().close();
	}
});

test('group refusals: a removed member’s link says this phone was removed, never first that it joined, and stores no group', async ({
	browser
}) => {
	const made = await app.live.createGroup('Links club', 'Ana');
	const ben = await app.live.invite(made.group, 'Ben');
	await app.live.removeMember(made.group, ben.member.user);
	const page = await phone(browser, 'ben');
	await page.goto(linkOf({ g: made.group, n: made.name, u: ben.member.user, p: ben.member.pass }));
	await expect(page.getByRole('alert')).toHaveText(
		'This phone was removed from Links club, or the group was closed: this link opens it no more.'
	);
	expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([]);
	await expect(page.getByTestId('group-card')).toHaveCount(0);
	expect(await storedGroups(page)).toEqual([]);
	expect((await axe(page).include('main').analyze()).violations).toEqual([]);
	await page.context().close();
});

test('group refusals: a revoked group’s link stores no group, in French too', async ({
	browser
}) => {
	const made = await app.live.createGroup('Amis du jeudi', 'Ana');
	const ben = await app.live.invite(made.group, 'Ben');
	await app.live.revokeGroup(made.group);
	const page = await phone(browser, 'ben', true);
	await page.goto(linkOf({ g: made.group, n: made.name, u: ben.member.user, p: ben.member.pass }));
	await expect(page.getByRole('alert')).toHaveText(
		"Ce téléphone a été retiré d'Amis du jeudi, ou le groupe a été fermé\u202f: ce lien ne l'ouvre plus."
	);
	expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([]);
	expect(await storedGroups(page)).toEqual([]);
	await page.context().close();
});

test('group refusals: a member’s good link still joins its group', async ({ browser }) => {
	const made = await app.live.createGroup('Mardi soir', 'Ana');
	const ben = await app.live.invite(made.group, 'Ben');
	const page = await phone(browser, 'ben');
	await page.goto(linkOf({ g: made.group, n: made.name, u: ben.member.user, p: ben.member.pass }));
	await expect(page.getByTestId('group-joined')).toHaveText('This phone is now in Mardi soir.');
	await expect(page.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	expect(await storedGroups(page)).toHaveLength(1);
	await page.context().close();
});

/**
 * Ben's phone, a member with a match of the group sent, loses the network: `browser`, the wifi
 * goes (the browser says offline) and the open socket falls silent; `silent`, only the socket
 * falls silent, without closing, the browser saying nothing. Ben renames `renamed` players.
 */
async function offline(browser: Browser, cut: 'browser' | 'silent', renamed: string[]) {
	const made = await app.live.createGroup(`Mardi ${cut}`, 'Ana');
	const ben = await app.live.invite(made.group, 'Ben');
	const page = await phone(browser, `ben-${cut}`);
	await page.goto(linkOf({ g: made.group, n: made.name, u: ben.member.user, p: ben.member.pass }));
	await expect(page.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	await startMatch(page, "I'll Pass", ['Léa', 'Sam', 'Noor'], {
		setup: async (it) => {
			await it.getByRole('radio', { name: made.name }).check();
		}
	});
	await page.goto('/group');
	await expect(page.getByTestId('group-state')).toContainText('Up to date', { timeout: 20_000 });
	await expect(page.getByTestId('group-pending')).toHaveCount(0, { timeout: 20_000 });

	// the players' pages, reached by the app's own links (no page load: the group's sync stays)
	await page.getByRole('navigation').getByRole('link', { name: 'Players' }).click();
	await page
		.getByRole('link', { name: new RegExp(renamed[0]) })
		.first()
		.click();
	if (cut === 'browser') await page.context().setOffline(true);
	app.proxy.hold((agent) => agent.includes(`passpad-ben-${cut}`));
	for (const [at, name] of renamed.entries()) {
		if (at > 0) {
			await page.goBack();
			await page
				.getByRole('link', { name: new RegExp(name) })
				.first()
				.click();
		}
		await page.getByLabel('Name', { exact: true }).fill(`${name} M.`);
		await page.getByRole('button', { name: 'Rename' }).click();
		await expect(page.getByTestId('player-name')).toHaveText(`${name} M.`);
	}
	await page.goBack();
	await page.goBack();
	await expect(page).toHaveURL(/\/group$/);
	// within a few seconds: an unanswered send is given 5 s (sync.ts), the browser's word none
	await expect(page.getByTestId('group-state')).toContainText('Offline', { timeout: 8_000 });
	await expect(page.getByTestId('group-pending')).toHaveText(
		renamed.length === 1
			? '1 change not yet sent to the group.'
			: `${renamed.length} changes not yet sent to the group.`
	);

	if (cut === 'browser') await page.context().setOffline(false);
	app.proxy.release();
	await expect(page.getByTestId('group-pending')).toHaveCount(0, { timeout: 20_000 });
	await expect(page.getByTestId('group-all-sent')).toHaveText(
		'Every change made here has reached the group.'
	);
	await expect(page.getByTestId('group-state')).toContainText('Up to date');
	expect((await axe(page).include('main').analyze()).violations).toEqual([]);
	await page.context().close();
}

test('group offline: the wifi gone, a phone says within a few seconds that its change waits to be sent, with its count, and when it has gone', async ({
	browser
}) => {
	await offline(browser, 'browser', ['Léa']);
});

test('group offline: a socket gone silent without closing, a phone says within a few seconds that its two changes wait to be sent, and when they have gone', async ({
	browser
}) => {
	await offline(browser, 'silent', ['Léa', 'Sam']);
});
