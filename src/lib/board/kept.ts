/**
 * The board's credential kept in this browser (docs/group.md, "The board"), so a TV or tablet
 * that restarts shows the board again. The link itself (its fields and their checks) is the
 * group's (`$lib/group/link`); this only remembers it. It may only read: keeping it is keeping a
 * view.
 */
import { readBoardLink, type BoardLink } from '$lib/group/link';

const KEY = 'passpad.board';

/** The link's credential if the address has one, else the one kept here; kept either way. */
export function boardCredential(fragment: string, storage: Storage | null): BoardLink | null {
	const given = readBoardLink(fragment);
	try {
		if (given) storage?.setItem(KEY, new URLSearchParams(given).toString());
		return given ?? readBoardLink(storage?.getItem(KEY) ?? '');
	} catch {
		// storage refused (private mode): the board lasts as long as the page
		return given;
	}
}

export function forgetBoard(storage: Storage | null) {
	try {
		storage?.removeItem(KEY);
	} catch {
		// nothing was kept
	}
}
