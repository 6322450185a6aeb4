/**
 * A group's links (docs/group.md, "Links"): a member's (`/group#…`, opened by the phone
 * invited) and the board's (`/board#…`, opened by the TV or tablet). Like a live link
 * (src/lib/live/link.ts), the credential is in the fragment only: a browser never sends it to
 * any server. The server is the page's own origin unless the link names another.
 */
import * as v from 'valibot';
import { GROUP_ID } from '$lib/wire/names.js';
import { LiveLink } from '$lib/live/link';
import { Label } from '$lib/wire/schemas';

const GroupLinkSchema = v.object({
	/** the group's id */
	g: v.pipe(v.string(), v.regex(GROUP_ID)),
	/** the group's name, as the phone that made the link knows it (shown until the record says) */
	n: Label,
	u: LiveLink.entries.u,
	p: LiveLink.entries.p,
	s: LiveLink.entries.s
});

/** A member's credential of a group: it reads the group's record and writes its players and matches. */
export const GroupLink = GroupLinkSchema;
export type GroupLink = v.InferOutput<typeof GroupLink>;
/** The board's credential of a group: it reads the group and its open tables, and writes nothing. */
export const BoardLink = GroupLinkSchema;
export type BoardLink = v.InferOutput<typeof BoardLink>;

/** The path each kind of link opens. */
export const GROUP_PATH = '/group';
export const BOARD_PATH = '/board';

function fields(fragment: string): Record<string, string> {
	return Object.fromEntries(new URLSearchParams(fragment.replace(/^#/, '')));
}

function linkOf(origin: string, path: string, link: GroupLink): string {
	const entries = Object.entries(link).filter(([, value]) => value !== undefined);
	return `${origin}${path}#${new URLSearchParams(entries as [string, string][])}`;
}

/** The link an invited phone opens: `<origin>/group#…`. */
export const groupLinkOf = (origin: string, link: GroupLink) => linkOf(origin, GROUP_PATH, link);
/** The link the board opens: `<origin>/board#…`. */
export const boardLinkOf = (origin: string, link: BoardLink) => linkOf(origin, BOARD_PATH, link);

/** A member's link from its fragment ("#g=…" or "g=…"), or null when it is not one. */
export function readGroupLink(fragment: string): GroupLink | null {
	const parsed = v.safeParse(GroupLink, fields(fragment));
	return parsed.success ? parsed.output : null;
}

/** The board's link from its fragment, or null when it is not one. */
export function readBoardLink(fragment: string): BoardLink | null {
	const parsed = v.safeParse(BoardLink, fields(fragment));
	return parsed.success ? parsed.output : null;
}
