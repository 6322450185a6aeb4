// The open door on the app's own origin (docs/live.md, "Open tables"): `GET /nats/open` says
// whether this server opens tables for any phone, `POST /nats/open` opens one for the asking
// address within its limits (server/open.ts). Over HTTP, not NATS, so the server knows the
// address that asks (a phone without a credential has no NATS connection anyway), as
// `/nats/closed/<table>` is asked (server/closed.ts). The answer carries the table's two
// credentials in its body only: never in a path, a log line or a referrer.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { OPEN_PATH } from '../src/lib/wire/names.js';
import type { Credential } from './registry';
import { askingAddress, type OpenRefusal } from './open';

export type Opened =
	{ table: string; writer: Credential; reader: Credential } | { error: OpenRefusal };

/** Opens a table for an address, or says why not; null: this server is not open. */
export type OpenAsk = ((address: string) => Promise<Opened>) | null;

const STATUS: Record<OpenRefusal, number> = {
	'too-many': 429,
	full: 503,
	'not-open': 403,
	failed: 500
};

function send(res: ServerResponse, status: number, body: object) {
	res.writeHead(status, {
		'Content-Type': 'application/json',
		'Cache-Control': 'no-store',
		'X-Content-Type-Options': 'nosniff'
	});
	res.end(JSON.stringify(body));
}

/**
 * The app's handler, with `/nats/open` answered first. A POST must say it sends JSON: a page of
 * another site cannot (its browser asks first, and this server allows no other origin), so it
 * cannot spend a visitor's address's tables.
 */
export function answerOpen(
	open: OpenAsk,
	app: RequestListener,
	{ trustProxy = false } = {}
): RequestListener {
	return (req: IncomingMessage, res: ServerResponse) => {
		const path = (req.url ?? '').split('?')[0];
		if (path !== OPEN_PATH) return app(req, res);
		if (req.method === 'GET') return send(res, 200, { open: open !== null });
		if (req.method !== 'POST') return send(res, 405, { error: 'not-open' });
		req.resume();
		if (!open) return send(res, STATUS['not-open'], { error: 'not-open' });
		if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
			return send(res, 415, { error: 'not-open' });
		}
		open(askingAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy))
			.catch((): Opened => ({ error: 'failed' }))
			.then((made) => send(res, 'error' in made ? STATUS[made.error] : 201, made));
	};
}
