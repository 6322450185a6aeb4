import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasspadDb } from '$lib/db/db';
import { readBoardLink } from '$lib/group/link';
import { BOARD_KEY, OLD_BOARD_KEY, boardCredential, forgetBoard } from './kept';

/** localStorage as a browser gives it: strings by key. */
function storageOf(entries: Record<string, string> = {}) {
	const kept = new Map(Object.entries(entries));
	const storage = {
		getItem: (key: string) => kept.get(key) ?? null,
		setItem: (key: string, value: string) => void kept.set(key, value),
		removeItem: (key: string) => void kept.delete(key)
	} as Storage;
	return { storage, kept };
}

let db: PasspadDb;
beforeEach(async () => {
	db = new PasspadDb(`board-kept-${crypto.randomUUID()}`);
	await db.open();
});

describe('the board’s link kept on this device (docs/group.md, "The board")', () => {
	const link = { g: 'club0001', u: 'board-club0001', p: 'a'.repeat(32), n: 'Club' };
	const fragment = `#${new URLSearchParams(link)}`;

	it('keeps it in the database for a reload, and a new link replaces the one kept', async () => {
		const { storage, kept } = storageOf();
		expect(await boardCredential(fragment, storage, db)).toEqual(link);
		expect(await boardCredential('', storage, db)).toEqual(link);
		// nothing of it in localStorage: the credential is the database's
		expect(kept.size).toBe(0);
		expect(readBoardLink((await db.settings.get(BOARD_KEY))?.value as string)).toEqual(link);
		const other = { ...link, g: 'club0002', n: 'Other' };
		expect(await boardCredential(`#${new URLSearchParams(other)}`, storage, db)).toEqual(other);
		expect(await boardCredential('', null, db)).toEqual(other);
		// an incomplete link (the group's reader refuses it) does not replace the one kept
		expect(await boardCredential('#g=club0003&u=board', storage, db)).toEqual(other);
		await forgetBoard(storage, db);
		expect(await boardCredential('', storage, db)).toBeNull();
	});

	it('moves a board an older build kept in localStorage once: read, written, removed', async () => {
		const { storage, kept } = storageOf({ [OLD_BOARD_KEY]: new URLSearchParams(link).toString() });
		expect(await boardCredential('', storage, db)).toEqual(link);
		expect(kept.has(OLD_BOARD_KEY)).toBe(false);
		expect(readBoardLink((await db.settings.get(BOARD_KEY))?.value as string)).toEqual(link);
		// the next start reads the database alone
		expect(await boardCredential('', null, db)).toEqual(link);
	});

	it('a link opened replaces one an older build kept, and the old one goes', async () => {
		const old = { ...link, g: 'club0009' };
		const { storage, kept } = storageOf({ [OLD_BOARD_KEY]: new URLSearchParams(old).toString() });
		expect(await boardCredential(fragment, storage, db)).toEqual(link);
		expect(kept.has(OLD_BOARD_KEY)).toBe(false);
		expect(await boardCredential('', storage, db)).toEqual(link);
	});

	it('an old entry that is not a board link is removed and nothing is kept', async () => {
		const { storage, kept } = storageOf({ [OLD_BOARD_KEY]: 'g=club0001&u=board' });
		expect(await boardCredential('', storage, db)).toBeNull();
		expect(kept.has(OLD_BOARD_KEY)).toBe(false);
		expect(await db.settings.get(BOARD_KEY)).toBeUndefined();
	});

	it('a database that refuses (site data blocked) still shows the link opened, for the page’s life', async () => {
		db.close({ disableAutoOpen: true });
		expect(await boardCredential(fragment, null, db)).toEqual(link);
		expect(await boardCredential('', null, db)).toBeNull();
	});
});
