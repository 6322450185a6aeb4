import { expect, test } from '@playwright/test';
import { playIllPass, startMatch } from './helpers';
import { phoneContext, startLiveApp } from './live';
import { keptLink, matchOf, storedLog, storedRows } from './stored';
import { SCHEMA } from '../src/lib/db/schema';
import { streamOf } from '../src/lib/wire/names.js';

// Upgrade in place (docs/wire.md): a phone on the build before schema v9 kept live play in
// localStorage (its live links with their passwords, where the pen is, the log it agreed with
// the table, the host credential, its id). Its state is seeded as that build left it, a v8
// database beside it; the new build opens it, and the phone keeps every match, its group and
// its live table, with the pen, and goes on sending entries to the table.

let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ timeout: 180_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterAll(async () => {
	await app?.stop();
});

/** The v8 database's stores as Dexie makes them (db/schema.ts, versions 1 to 8 in turn). */
function storesAtV8() {
	const stores = new Map<string, string>();
	for (const version of [1, 2, 3, 4, 5, 6, 7, 8] as const) {
		for (const [name, spec] of Object.entries(SCHEMA[version] as Record<string, string | null>)) {
			if (spec === null) stores.delete(name);
			else stores.set(name, spec);
		}
	}
	const keyPath = (field: string) =>
		field.startsWith('[') ? field.slice(1, -1).split('+') : field.replace(/^(\+\+|&|\*)/, '');
	return [...stores].map(([name, spec]) => {
		const [primary, ...indexes] = spec.split(',').map((field) => field.trim());
		return {
			name,
			keyPath: keyPath(primary),
			autoIncrement: primary.startsWith('++'),
			indexes: indexes.map((field) => ({
				name: field.replace(/^(&|\*)/, ''),
				keyPath: keyPath(field),
				multiEntry: field.startsWith('*'),
				unique: field.startsWith('&')
			}))
		};
	});
}

const GROUP = {
	id: 'club42upgrade',
	name: 'Jeudi',
	server: '',
	user: 'member-upgrade',
	pass: 'secret-secret-secret-secret',
	role: 'member',
	left: false,
	joinedAt: 1
};

test('upgrade in place: a phone with v8 data and live play in localStorage keeps its matches, its group and its live table with the pen, and sends its next entry', async ({
	browser
}) => {
	// the phone as the old build left it: a match played live, with the pen
	const old = await phoneContext(browser, app.origin, 'ana');
	const page = await old.newPage();
	await page.goto(app.hostLink);
	await expect(page.getByRole('status')).toContainText('can now open live tables');
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Play live' }).click();
	await expect(page.getByTestId('live-state')).toContainText('This phone has the pen');
	await playIllPass(page, [3, 'take']);
	const match = matchOf(page);
	const kept = (await keptLink(page, match))!;
	const table = kept.live!.link.t;
	const stream = streamOf(table);
	await expect.poll(async () => (await app.live.jsm.streams.info(stream)).state.messages).toBe(3);
	// the same phone, its storage turned back into what the old build kept (in the page, so
	// its signing key, a CryptoKey, stays as it is): a v8 database, live play in localStorage
	await page.goto('/robots.txt');
	await page.evaluate(
		async ({ stores, match, group }) => {
			const done = (request: IDBRequest) =>
				new Promise<void>((resolve, reject) => {
					request.onsuccess = () => resolve();
					request.onerror = () => reject(request.error);
				});
			const opened = (version?: number, make?: (db: IDBDatabase) => void) =>
				new Promise<IDBDatabase>((resolve, reject) => {
					const request = indexedDB.open('passpad', version);
					request.onupgradeneeded = () => make?.(request.result);
					request.onsuccess = () => resolve(request.result);
					request.onerror = () => reject(request.error);
				});
			const all = (db: IDBDatabase, store: string) =>
				new Promise<unknown[]>((resolve, reject) => {
					const request = db.transaction(store).objectStore(store).getAll();
					request.onsuccess = () => resolve(request.result);
					request.onerror = () => reject(request.error);
				});
			const now = await opened();
			const rows: Record<string, unknown[]> = {};
			for (const store of stores) rows[store.name] = await all(now, store.name);
			const [link] = (await all(now, 'links')) as { live: unknown; synced: string }[];
			now.close();
			await done(indexedDB.deleteDatabase('passpad'));
			const settings = rows.settings as { key: string; value: unknown }[];
			const host = settings.find((row) => row.key === 'live.host')!.value;
			const device = settings.find((row) => row.key === 'live.device')!.value as string;
			// the phone's key pair (`live.keys`) was already there in v8; these two were not
			rows.settings = settings.filter((row) => !['live.host', 'live.device'].includes(row.key));
			rows.groups = [group];
			// Dexie's version 8 is IndexedDB's 80
			const old = await opened(80, (db) => {
				for (const store of stores) {
					const made = db.createObjectStore(store.name, {
						keyPath: store.keyPath,
						autoIncrement: store.autoIncrement
					});
					for (const index of store.indexes)
						made.createIndex(index.name, index.keyPath, {
							multiEntry: index.multiEntry,
							unique: index.unique
						});
				}
			});
			const tx = old.transaction(Object.keys(rows), 'readwrite');
			for (const [store, kept] of Object.entries(rows))
				for (const row of kept) tx.objectStore(store).put(row);
			await new Promise((resolve, reject) => {
				tx.oncomplete = resolve;
				tx.onerror = () => reject(tx.error);
			});
			old.close();
			localStorage.setItem(
				'passpad.live.host',
				new URLSearchParams(host as Record<string, string>).toString()
			);
			localStorage.setItem('passpad.live.device', device);
			localStorage.setItem(`passpad.live.match.${match}`, JSON.stringify(link.live));
			localStorage.setItem(`passpad.live.synced.${match}`, link.synced);
			localStorage.setItem(`passpad.live.pen.${match}`, '1');
		},
		{ stores: storesAtV8(), match, group: GROUP }
	);
	expect(await storedRows(page, 'links')).toEqual([]);

	// the new build opens it
	const updated = page;
	await updated.goto(`/match/${match}`);
	// its live table, with the pen: the phone's id and the link's password came along
	await expect(updated.getByTestId('live-state')).toContainText('This phone has the pen', {
		timeout: 20_000
	});
	expect(await storedLog(updated, match)).toEqual([{ type: 'reveal', card: 3 }, { type: 'take' }]);
	await playIllPass(updated, [4]);
	await expect.poll(async () => (await app.live.jsm.streams.info(stream)).state.messages).toBe(4);
	// nothing of live play left in localStorage; the group and the match are kept
	const left = await updated.evaluate(() =>
		Object.keys(localStorage).filter((key) => key.startsWith('passpad.live.'))
	);
	expect(left).toEqual([]);
	expect(await storedRows(updated, 'groups')).toEqual([GROUP]);
	expect((await keptLink(updated, match))?.live?.link).toEqual(kept.live!.link);
	await updated.goto('/');
	await expect(
		updated.getByRole('link', { name: /Ana, Ben, Cleo|I'll Pass/ }).first()
	).toBeVisible();
	await old.close();
});
