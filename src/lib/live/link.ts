/**
 * What a live link carries, in its fragment only (docs/live.md, "On the phone"): a browser never sends
 * the fragment to any server, so the credential is in no request line, path or server log.
 * The server is the page's own origin unless the link names another (a club's), which the
 * page's Content-Security-Policy must then allow.
 */
import * as v from 'valibot';
import { MATCH_ID, TABLE_ID } from '$lib/wire/names.js';
import { Secret, ServerAddress, User } from '$lib/wire/schemas';

export const LiveLink = v.object({
	/** the table's id */
	t: v.pipe(v.string(), v.regex(TABLE_ID)),
	/** the match followed */
	m: v.pipe(v.string(), v.regex(MATCH_ID)),
	u: User,
	p: Secret,
	/** w: a player's phone (may take the pen), r: a follower only */
	r: v.picklist(['w', 'r']),
	/** another server than the page's own origin: ws:// or wss:// */
	s: v.optional(ServerAddress)
});
export type LiveLink = v.InferOutput<typeof LiveLink>;

export const HostLink = v.object({ u: User, p: Secret });
export type HostLink = v.InferOutput<typeof HostLink>;

/** A fragment ("#a=1&b=2" or "a=1&b=2") as an object of its fields. */
function fields(fragment: string): Record<string, string> {
	return Object.fromEntries(new URLSearchParams(fragment.replace(/^#/, '')));
}

export function readLiveLink(fragment: string): LiveLink | null {
	const parsed = v.safeParse(LiveLink, fields(fragment));
	return parsed.success ? parsed.output : null;
}

export function readHostLink(fragment: string): HostLink | null {
	const parsed = v.safeParse(HostLink, fields(fragment));
	return parsed.success ? parsed.output : null;
}

/** The link another phone opens: `<origin>/follow#…`, the credential in the fragment. */
export function liveLinkOf(origin: string, link: LiveLink): string {
	const entries = Object.entries(link).filter(([, value]) => value !== undefined);
	return `${origin}/follow#${new URLSearchParams(entries as [string, string][])}`;
}

/** The WebSocket address of the live server: the page's own origin at LIVE_PATH by default. */
export function serverOf(
	link: { s?: string },
	page: { protocol: string; host: string },
	path: string
) {
	if (link.s) return link.s;
	return `${page.protocol === 'https:' ? 'wss' : 'ws'}://${page.host}${path}`;
}
