import type { Table, Transaction } from 'dexie';
import type { LinkRow, PenSaid, SettingRow } from './schema';

/**
 * v9's upgrader: what live play kept in localStorage until v8 (live/saved.ts then) moved into
 * IndexedDB, so a phone keeps its live tables, their passwords and where the pen was after the
 * update (docs/wire.md, "Upgrade in place"). The old keys are forgotten only once the upgrade
 * has committed: an upgrade that fails leaves them for the next try.
 */
export const LEGACY = {
	host: 'passpad.live.host',
	device: 'passpad.live.device',
	match: 'passpad.live.match.',
	synced: 'passpad.live.synced.',
	pen: 'passpad.live.pen.'
} as const;

/** The keys' settings rows (db/links.ts reads them). */
export const HOST_KEY = 'live.host';
export const DEVICE_KEY = 'live.device';

type Keeping = Pick<Storage, 'getItem' | 'removeItem' | 'key' | 'length'>;

function legacyStorage(): Keeping | null {
	try {
		return globalThis.localStorage ?? null;
	} catch {
		return null; // storage denied: nothing was kept there either
	}
}

const PEN: Record<string, PenSaid> = { '1': 'here', '0': 'elsewhere', done: 'done' };

/** Every live-play key of the old build, by kind and match. */
function legacyKeys(store: Keeping): string[] {
	const keys: string[] = [];
	for (let at = 0; at < store.length; at++) {
		const key = store.key(at);
		if (key?.startsWith('passpad.live.')) keys.push(key);
	}
	return keys;
}

function parsed(text: string | null): unknown {
	try {
		return JSON.parse(text ?? 'null');
	} catch {
		return null;
	}
}

/** The rows v9 holds for what the old build kept; what it cannot read is left out. */
export function legacyRows(store: Keeping): { links: LinkRow[]; settings: SettingRow[] } {
	const links = new Map<string, LinkRow>();
	const rowOf = (match: string) => {
		let row = links.get(match);
		if (!row) links.set(match, (row = { match }));
		return row;
	};
	const settings: SettingRow[] = [];
	for (const key of legacyKeys(store)) {
		const text = store.getItem(key);
		if (text === null) continue;
		if (key === LEGACY.host) {
			settings.push({ key: HOST_KEY, value: Object.fromEntries(new URLSearchParams(text)) });
		} else if (key === LEGACY.device) {
			settings.push({ key: DEVICE_KEY, value: text });
		} else if (key.startsWith(LEGACY.match)) {
			const live = parsed(text) as LinkRow['live'] | null;
			// checked again whenever it is read (live/saved.ts): only its shape is asked here
			if (live && typeof live === 'object' && live.link && typeof live.name === 'string')
				rowOf(key.slice(LEGACY.match.length)).live = live;
		} else if (key.startsWith(LEGACY.synced)) {
			rowOf(key.slice(LEGACY.synced.length)).synced = text;
		} else if (key.startsWith(LEGACY.pen) && PEN[text]) {
			rowOf(key.slice(LEGACY.pen.length)).pen = PEN[text];
		}
	}
	return { links: [...links.values()], settings };
}

/** The upgrader: the rows written in the upgrade's transaction, the old keys gone after it. */
export async function movedLive(
	links: Table<LinkRow, string>,
	settings: Table<SettingRow, string>,
	tx: Transaction
): Promise<void> {
	const store = legacyStorage();
	if (!store) return;
	const rows = legacyRows(store);
	await links.bulkPut(rows.links);
	await settings.bulkPut(rows.settings);
	const keys = legacyKeys(store);
	tx.on('complete', () => {
		for (const key of keys) store.removeItem(key);
	});
}
