import { DB_NAME, type MatchRow } from './schema';
import { siteDataAllowed } from './site';

/**
 * The home page's one read: the unfinished matches, newest first, straight from IndexedDB.
 * The home page is the first visit's first screen, and Dexie (with the rest of the database
 * layer) is more than a third of its JavaScript: this read leaves it to the first screen
 * that writes. It never creates, upgrades or holds the database open: a database that does not
 * exist yet, or that an older version wrote (no [status+updatedAt] index: Dexie upgrades it on
 * the first screen that opens it), has no unfinished matches to show.
 *
 * It fails, as Dexie's read did, where storage cannot be used at all (site data blocked, no
 * IndexedDB, an open that fails or never answers): the home page says matches cannot be kept.
 */
export function unfinishedMatches(limit: number, timeoutMs = 4000): Promise<MatchRow[]> {
	return new Promise((resolve, reject) => {
		if (!siteDataAllowed())
			return reject(new DOMException('Site data is blocked', 'SecurityError'));
		const factory = globalThis.indexedDB;
		if (!factory) return reject(new DOMException('No IndexedDB', 'MissingAPIError'));

		// an IndexedDB that never answers: say so rather than drawing nothing forever
		const timer = setTimeout(
			() => reject(new DOMException('IndexedDB did not open', 'DatabaseClosedError')),
			timeoutMs
		);
		const done = (rows: MatchRow[]) => (clearTimeout(timer), resolve(rows));
		const fail = (error: unknown) => (clearTimeout(timer), reject(error));

		let request: IDBOpenDBRequest;
		try {
			// no version asked: an existing database opens as it is, never upgraded
			request = factory.open(DB_NAME);
		} catch (error) {
			return fail(error);
		}
		request.onupgradeneeded = () => {
			// the database did not exist: abort, so that opening it creates nothing
			request.transaction?.abort();
		};
		request.onerror = (event) => {
			event.preventDefault();
			if (request.error?.name === 'AbortError') done([]);
			else fail(request.error);
		};
		request.onsuccess = () => {
			const db = request.result;
			// Dexie opening it to upgrade must never wait for this connection
			db.onversionchange = () => db.close();
			try {
				read(db, limit)
					.then(done, fail)
					.finally(() => db.close());
			} catch (error) {
				db.close();
				fail(error);
			}
		};
	});
}

function read(db: IDBDatabase, limit: number): Promise<MatchRow[]> {
	if (!db.objectStoreNames.contains('matches')) return Promise.resolve([]);
	const store = db.transaction('matches', 'readonly').objectStore('matches');
	if (!store.indexNames.contains('[status+updatedAt]')) return Promise.resolve([]);
	const rows: MatchRow[] = [];
	if (limit <= 0) return Promise.resolve(rows);
	// every active row, whatever its date: numbers sort above -Infinity, arrays above numbers
	const active = IDBKeyRange.bound(['active', -Infinity], ['active', []]);
	const cursor = store.index('[status+updatedAt]').openCursor(active, 'prev');
	return new Promise((resolve, reject) => {
		cursor.onerror = () => reject(cursor.error);
		cursor.onsuccess = () => {
			const at = cursor.result;
			if (at) rows.push(at.value as MatchRow);
			if (!at || rows.length >= limit) resolve(rows);
			else at.continue();
		};
	});
}
