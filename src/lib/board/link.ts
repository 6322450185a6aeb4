/**
 * The board's credential (docs/group.md, "Credentials and permissions"): read from the link's
 * fragment (never sent to any server), then kept in this browser so the TV or tablet shows the
 * board again after a reload or a restart. It may only read: keeping it is keeping a view.
 */
import * as v from 'valibot';
import { GROUP_ID } from '$lib/live/names.js';

const Secret = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,64}$/));
const User = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,40}$/));

export const BoardLink = v.object({
	/** the group's id */
	g: v.pipe(v.string(), v.regex(GROUP_ID)),
	u: User,
	p: Secret,
	/** the group's name, shown above the tables */
	n: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60))),
	/** another server than the page's own origin: ws:// or wss:// */
	s: v.optional(v.pipe(v.string(), v.regex(/^wss?:\/\/[^\s#?]+$/)))
});
export type BoardLink = v.InferOutput<typeof BoardLink>;

const KEY = 'passpad.board';

export function readBoardLink(fragment: string): BoardLink | null {
	const fields = Object.fromEntries(new URLSearchParams(fragment.replace(/^#/, '')));
	const parsed = v.safeParse(BoardLink, fields);
	return parsed.success ? parsed.output : null;
}

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
