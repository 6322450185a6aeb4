/**
 * Which QR codes Scan opens, and where (docs/scan.md): a Passpad link is an address of one of
 * the pages that join, its credential or its match in the fragment. It is opened inside the
 * app, at this origin, so the installed app keeps what it holds in its own storage.
 */

/** The pages a link joins: a live table, the host's link, a group, its board, a hand-over. */
export const JOIN_PATHS = ['/follow', '/live', '/group', '/board', '/take'] as const;

export type Scanned =
	| { ok: true; href: string }
	| { ok: false; why: 'not-passpad' }
	| { ok: false; why: 'other-server'; host: string };

const joins = (path: string) => (JOIN_PATHS as readonly string[]).includes(path);

/**
 * What the text of a QR code opens here (`origin`: this page's). A link made by another
 * Passpad server opens here only when it needs no server of its own: a hand-over holds the
 * whole match, and a live or group link naming its server (`s=`) says where to connect. Any
 * other link of another server would connect to this one, so it is refused with that server's
 * name.
 */
export function scannedLink(text: string, origin: string): Scanned {
	let url: URL;
	try {
		url = new URL(text.trim());
	} catch {
		return { ok: false, why: 'not-passpad' };
	}
	if (!/^https?:$/.test(url.protocol) || !joins(url.pathname) || url.hash.length <= 1) {
		return { ok: false, why: 'not-passpad' };
	}
	const href = `${url.pathname}${url.hash}`;
	if (url.origin === origin || url.pathname === '/take') return { ok: true, href };
	const fields = new URLSearchParams(url.hash.slice(1));
	if (fields.has('s')) return { ok: true, href };
	return { ok: false, why: 'other-server', host: url.host };
}
