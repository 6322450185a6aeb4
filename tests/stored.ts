import { expect, type Page } from '@playwright/test';

// What a phone stored, read straight from its IndexedDB (docs/architecture.md: the log is the
// record), so a test checks what was written, not what the screen says.

/** The match on screen's id, from its address (/match/<id>). */
export const matchOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

/** One match's row in a store of this phone's database: its row, or its log (one row, schema v6). */
function stored(page: Page, store: 'matches' | 'logs', matchId: string): Promise<unknown> {
	return page.evaluate(
		async ([store, id]) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const request = indexedDB.open('passpad');
				request.onsuccess = () => resolve(request.result);
				request.onerror = () => reject(request.error);
			});
			const rows = db.transaction(store).objectStore(store);
			const found = await new Promise<unknown>((resolve, reject) => {
				const request = rows.get(id);
				request.onsuccess = () => resolve(request.result);
				request.onerror = () => reject(request.error);
			});
			db.close();
			return found;
		},
		[store, matchId] as const
	);
}

/** The match's log as this phone stored it, in order. */
export async function storedLog(page: Page, matchId: string): Promise<unknown[]> {
	// a match with no actions has no log row
	// either of its stored forms (src/lib/db/log-row.ts): one string, or an older build's objects
	const row = (await stored(page, 'logs', matchId)) as
		{ entries?: { action: unknown }[]; json?: string } | undefined;
	const entries: { action: unknown }[] = row?.json ? JSON.parse(row.json) : (row?.entries ?? []);
	return entries.map((entry) => entry.action);
}

/** The match's own row as this phone stored it (its seats, its time played...). */
export async function storedMatch<Row>(page: Page, matchId: string): Promise<Row> {
	return (await stored(page, 'matches', matchId)) as Row;
}

/**
 * From the page's next load on, its settings store is held by a read-write transaction of
 * another connection until `releaseSettings`: what a screen reads there arrives late, as on a
 * busy phone, and what it writes waits behind that read (IndexedDB keeps their order).
 */
export async function holdSettingsOnNextLoad(page: Page): Promise<void> {
	// the app's database made first: opened before, the hold would make an empty one at version
	// 1 and keep it open, and the app's own open (an upgrade) would wait behind it for ever
	await expect
		.poll(() =>
			page.evaluate(async () =>
				(await indexedDB.databases()).some((db) => db.name === 'passpad' && db.version! > 1)
			)
		)
		.toBe(true);
	await page.addInitScript(() => {
		if (sessionStorage.getItem('test:settings-held')) return;
		sessionStorage.setItem('test:settings-held', '1');
		const flag = window as unknown as { settingsHeld: boolean };
		flag.settingsHeld = true;
		const request = indexedDB.open('passpad');
		request.onsuccess = () => {
			const rows = request.result.transaction('settings', 'readwrite').objectStore('settings');
			// a transaction with no request pending commits: keep one pending until released
			const busy = () => {
				if (flag.settingsHeld) rows.get('test:hold').onsuccess = busy;
			};
			busy();
		};
	});
}

/** Lets the settings store held by `holdSettingsOnNextLoad` go. */
export async function releaseSettings(page: Page): Promise<void> {
	await page.evaluate(
		() => ((window as unknown as { settingsHeld: boolean }).settingsHeld = false)
	);
}

/** A per-device value as this phone stored it (its settings store), undefined if none. */
export function storedSetting(page: Page, key: string): Promise<unknown> {
	return page.evaluate(async (key) => {
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open('passpad');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		const row = await new Promise<{ value: unknown } | undefined>((resolve, reject) => {
			const request = db.transaction('settings').objectStore('settings').get(key);
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		db.close();
		return row?.value;
	}, key);
}

/**
 * Every row of a store of this phone's database (none while the app has not made it yet): live
 * play's state is there since schema v9 (`links`, and `settings` for the host credential and
 * the phone's id), no longer in localStorage.
 */
export function storedRows<Row>(page: Page, store: string): Promise<Row[]> {
	return page.evaluate(async (store) => {
		if (!(await indexedDB.databases()).some((db) => db.name === 'passpad')) return [];
		const db = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open('passpad');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		if (!db.objectStoreNames.contains(store)) return (db.close(), []);
		const rows = await new Promise<Row[]>((resolve, reject) => {
			const request = db.transaction(store).objectStore(store).getAll();
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error);
		});
		db.close();
		return rows;
	}, store);
}

/** One row written into a store of this phone's database, as the app would (it must exist). */
export function storeRow(page: Page, store: string, row: unknown): Promise<void> {
	return page.evaluate(
		async ([store, row]) => {
			const db = await new Promise<IDBDatabase>((resolve, reject) => {
				const request = indexedDB.open('passpad');
				request.onsuccess = () => resolve(request.result);
				request.onerror = () => reject(request.error);
			});
			const tx = db.transaction(store, 'readwrite');
			tx.objectStore(store).put(row);
			await new Promise((resolve, reject) => {
				tx.oncomplete = resolve;
				tx.onerror = () => reject(tx.error);
			});
			db.close();
		},
		[store, row] as const
	);
}

/** What a phone keeps of one match's live play (db/schema.ts, LinkRow). */
export interface KeptLink {
	match: string;
	live?: { link: Record<string, string>; readers?: Record<string, string>; name: string };
	pen?: string;
	synced?: string;
}

/** The match's live link(s) as this phone keeps them (undefined: not live here). */
export async function keptLink(page: Page, match: string): Promise<KeptLink | undefined> {
	const rows = await storedRows<KeptLink>(page, 'links');
	return rows.find((row) => row.match === match);
}
