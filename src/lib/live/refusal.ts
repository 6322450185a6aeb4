/**
 * A live link the server refused, worded for what it is (docs/live.md, "What a phone says"):
 * nats-server answers a mistyped password and a revoked table's credential alike
 * ("Authorization Violation"), so the phone asks the server whether the table was closed by
 * its host (server/closed.ts). Free of the NATS client: the match screen's slot reads it too.
 */
import { closedPath } from '$lib/wire/names.js';

/**
 * Why a link does not open its table: refused, closed by its host, or expired (an open table a
 * day without an entry, server/open.ts).
 */
export type LinkRefusal = 'refused' | 'closed' | 'expired';

/** Whether the server refused the credential itself (the error or what caused it). */
export function refusedCredential(error: unknown): boolean {
	let at: unknown = error;
	for (let depth = 0; at instanceof Error && depth < 4; depth++, at = at.cause) {
		if (/authorization violation/i.test(at.message)) return true;
	}
	return false;
}

/**
 * The address that says whether a table was closed: beside the WebSocket the link names (a
 * club's server), or on the page's own origin.
 */
export function closedAddress(link: { t: string; s?: string }): string {
	if (!link.s) return closedPath(link.t);
	const server = new URL(link.s.replace(/^ws/, 'http'));
	return `${server.origin}${closedPath(link.t)}`;
}

/** Asks the server whether the table was closed by its host; anything else reads "refused". */
export async function whyRefused(
	link: { t: string; s?: string },
	ask: typeof fetch = fetch
): Promise<LinkRefusal> {
	try {
		const answer = await ask(closedAddress(link), { cache: 'no-store' });
		const said: unknown = answer.ok ? await answer.json() : null;
		if (typeof said !== 'object' || said === null || !('closed' in said) || said.closed !== true) {
			return 'refused';
		}
		return 'expired' in said && said.expired === true ? 'expired' : 'closed';
	} catch {
		return 'refused';
	}
}
