/**
 * The board's credential kept on this device (docs/group.md, "The board"), so a TV or tablet
 * that restarts shows the board again. The link itself (its fields and their checks) is the
 * group's (`$lib/group/link`); this only remembers it, in the database's `settings` like every
 * credential the phone keeps between phones (docs/architecture.md, "Between phones"). It may
 * only read: keeping it is keeping a view.
 */
import { getValue, removeValue, setValue } from '$lib/db/settings';
import type { PasspadDb } from '$lib/db/db';
import { readBoardLink, type BoardLink } from '$lib/group/link';

/** The settings row that holds the link's fields, as its fragment. */
export const BOARD_KEY = 'board.link';
/** Where a build before kept it (localStorage): moved once, then removed. */
export const OLD_BOARD_KEY = 'passpad.board';

const fragmentOf = (link: BoardLink) =>
	new URLSearchParams(
		Object.entries(link).filter((entry): entry is [string, string] => entry[1] !== undefined)
	).toString();

/**
 * The link's credential if the address has one, else the one kept here; kept either way. A
 * board an older build kept in localStorage is moved to the database the first time (read,
 * written, removed), so a TV that updates goes on showing its board.
 */
export async function boardCredential(
	fragment: string,
	storage: Storage | null,
	db?: PasspadDb
): Promise<BoardLink | null> {
	const given = readBoardLink(fragment);
	try {
		if (given) {
			await setValue(BOARD_KEY, fragmentOf(given), db);
			removeOld(storage);
			return given;
		}
		const kept = await getValue<string | null>(BOARD_KEY, null, db);
		if (kept !== null) {
			removeOld(storage);
			return readBoardLink(kept);
		}
		const old = readOld(storage);
		const moved = old === null ? null : readBoardLink(old);
		if (moved) await setValue(BOARD_KEY, fragmentOf(moved), db);
		// written before removed: a move cut short finds the old one again
		removeOld(storage);
		return moved;
	} catch {
		// storage refused (site data blocked, private mode): the board lasts as long as the page
		return given;
	}
}

/** A refused link is no use kept: this device forgets it. */
export async function forgetBoard(storage: Storage | null, db?: PasspadDb) {
	removeOld(storage);
	await removeValue(BOARD_KEY, db).catch(() => {});
}

function readOld(storage: Storage | null): string | null {
	try {
		return storage?.getItem(OLD_BOARD_KEY) ?? null;
	} catch {
		return null;
	}
}

function removeOld(storage: Storage | null) {
	try {
		storage?.removeItem(OLD_BOARD_KEY);
	} catch {
		// nothing was kept there
	}
}
