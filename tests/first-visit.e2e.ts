import { SCHEMA_VERSION as CURRENT } from '../src/lib/db/schema';
import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';

// The home page is the first visit's first screen. It reads the unfinished matches
// with IndexedDB alone; Dexie and the database layer load with the first screen that writes.

/** The scripts the page fetched, by URL, with their text. */
function scriptsOf(page: Page): Map<string, Promise<string>> {
	const scripts = new Map<string, Promise<string>>();
	page.on('response', (response) => {
		if (response.request().resourceType() === 'script') {
			scripts.set(response.url(), response.text());
		}
	});
	return scripts;
}

const databases = (page: Page) =>
	page.evaluate(async () =>
		(await indexedDB.databases()).map((db) => ({ name: db.name, version: db.version }))
	);

test('a first visit: the home page loads no Dexie and creates no database; the first match saved is listed', async ({
	page
}) => {
	const scripts = scriptsOf(page);
	await page.goto('/');
	await expect(page.getByRole('heading', { name: 'New match' })).toBeVisible();
	await expect(page.getByText('No unfinished match.')).toBeVisible();
	await page.waitForLoadState('networkidle');
	expect(scripts.size).toBeGreaterThan(3);
	for (const [url, text] of scripts) expect((await text).includes('DexieError'), url).toBe(false);
	expect(await databases(page)).toEqual([]);

	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	const url = page.url();
	await page.goto('/');
	const unfinished = page.getByRole('region', { name: 'Continue a match' }).getByRole('link');
	await expect(unfinished).toHaveCount(1);
	await expect(unfinished).toContainText("I'll Pass");
	await expect(unfinished).toContainText('Ana, Ben, Cleo');
	expect(new URL(url).pathname).toBe(await unfinished.getAttribute('href'));
});

test('a database an older version wrote: home lists nothing and leaves it as it is; the next screen that opens it upgrades it', async ({
	page
}) => {
	await page.goto('/');
	await expect(page.getByText('No unfinished match.')).toBeVisible();
	// what Passpad's schema v1 left on disk (Dexie stores version 1 as 10), with one unfinished match
	await page.evaluate(
		() =>
			new Promise<void>((resolve, reject) => {
				const request = indexedDB.open('passpad', 10);
				request.onupgradeneeded = () => {
					const db = request.result;
					db.createObjectStore('players', { keyPath: 'id' }).createIndex('nameKey', 'nameKey');
					const matches = db.createObjectStore('matches', { keyPath: 'id' });
					for (const index of ['game', 'status', 'updatedAt']) matches.createIndex(index, index);
					db.createObjectStore('actions', { keyPath: ['matchId', 'seq'] });
					db.createObjectStore('settings', { keyPath: 'key' });
					matches.add({
						id: 'old-1',
						game: 'ill-pass',
						config: { start: 0, takerReveals: false },
						seats: [
							{ playerId: 'p1', name: 'Léa' },
							{ playerId: 'p2', name: 'Sam' },
							{ playerId: 'p3', name: 'Noor' }
						],
						status: 'active',
						createdAt: 1,
						updatedAt: 2,
						length: 0,
						redo: [],
						result: null
					});
				};
				request.onsuccess = () => (request.result.close(), resolve());
				request.onerror = () => reject(request.error);
			})
	);
	await page.reload();
	await expect(page.getByText('No unfinished match.')).toBeVisible();
	expect(await databases(page)).toEqual([{ name: 'passpad', version: 10 }]);

	await page.goto('/history');
	await expect(page.getByRole('status')).toHaveText('1 match');
	await page.goto('/');
	await expect(
		page.getByRole('region', { name: 'Continue a match' }).getByRole('link')
	).toContainText('Léa, Sam, Noor');
	// upgraded to the current schema (Dexie reports version × 10)
	expect(await databases(page)).toEqual([{ name: 'passpad', version: CURRENT * 10 }]);
});

test('an IndexedDB that never opens: the home page says matches cannot be kept, and still offers new ones', async ({
	page
}) => {
	await page.addInitScript(() => {
		// a request that never answers: no success, no error, no blocked
		IDBFactory.prototype.open = () => new EventTarget() as IDBOpenDBRequest;
	});
	await page.goto('/');
	await expect(page.getByRole('alert')).toContainText('does not let Passpad save');
	await expect(page.getByRole('link', { name: /^Play I'll Pass/ })).toBeVisible();
});
