// The one thing the live server says to a phone without a credential (docs/live.md, "What a
// phone says"): whether a table was closed by its host. nats-server answers a revoked
// credential and a mistyped password alike ("Authorization Violation"), and a phone opening a
// link must tell its person which it is. Table ids are random, and only "closed" is ever said:
// an open table and an unknown one read the same, so nothing here finds a live table.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { TABLE_ID, closedPath } from '../src/lib/wire/names.js';

const PREFIX = closedPath('');

/**
 * The app's handler, with GET `/nats/closed/<table>` answered first: `{"closed":true|false}`,
 * and `"expired":true` beside a closed open table that went a day without an entry
 * (server/open.ts).
 */
export function answerClosed(
	closed: (table: string) => boolean | 'expired',
	app: RequestListener
): RequestListener {
	return (req: IncomingMessage, res: ServerResponse) => {
		const path = (req.url ?? '').split('?')[0];
		if (req.method !== 'GET' || !path.startsWith(PREFIX)) return app(req, res);
		const table = path.slice(PREFIX.length);
		const said = TABLE_ID.test(table) && closed(table);
		const body = JSON.stringify(
			said === 'expired' ? { closed: true, expired: true } : { closed: !!said }
		);
		res.writeHead(200, {
			'Content-Type': 'application/json',
			'Cache-Control': 'no-store',
			'X-Content-Type-Options': 'nosniff'
		});
		res.end(body);
	};
}
