// Passes the phones' WebSocket at /nats on the app's own origin to nats-server's WebSocket
// listener, so the page's Content-Security-Policy needs no other address ('self' covers ws: and
// wss: to the same host and port) and an HTTPS page gets wss with the same certificate
// (docs/live.md, "Content-Security-Policy"). The credentials ride inside the WebSocket (NATS's
// CONNECT), never in the path.
import type { IncomingMessage, Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { DEFLATE_QUERY, LIVE_PATH } from '../src/lib/wire/names.js';

/** One phone's WebSocket and its connection to nats-server. */
export interface Pair {
	socket: Duplex;
	upstream: Socket;
	/** set once both are closed */
	closed: Promise<void>;
}

/** Whether an upgrade request is for the live path (any query is ignored). */
export const isLive = (req: IncomingMessage) => (req.url ?? '').split('?')[0] === LIVE_PATH;

/**
 * Whether the phone's WebSocket is to be deflated: nats-server deflates every connection whose
 * browser offers it (`compression: true`, server/config.ts) and keeps a compressor for each,
 * about 245 KiB; worth it for a group's whole record, not for a live table's small entries, so
 * the offer is passed on only for a connection that asks (DEFLATE_QUERY; docs/group.md,
 * "Figures").
 */
export const deflates = (req: IncomingMessage) =>
	new URLSearchParams((req.url ?? '').split('?')[1] ?? '').has(DEFLATE_QUERY);

/** Pipes one upgrade request to nats-server's WebSocket port on the loopback. */
export function pipeLive(req: IncomingMessage, socket: Duplex, head: Buffer, port: number): Pair {
	const upstream = connect(port, '127.0.0.1');
	let done = () => {};
	const closed = new Promise<void>((resolve) => (done = resolve));
	const close = () => {
		socket.destroy();
		upstream.destroy();
		done();
	};
	socket.on('error', close).on('close', close);
	upstream.on('error', close).on('close', close);
	upstream.on('connect', () => {
		// the request as the phone sent it, its deflate offer only if it asked; nats-server reads
		// no path
		const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
		const deflate = deflates(req);
		for (let at = 0; at < req.rawHeaders.length; at += 2) {
			const offer = req.rawHeaders[at].toLowerCase() === 'sec-websocket-extensions';
			if (!offer || deflate) lines.push(`${req.rawHeaders[at]}: ${req.rawHeaders[at + 1]}`);
		}
		upstream.write(lines.join('\r\n') + '\r\n\r\n');
		if (head?.length) upstream.write(head);
		socket.pipe(upstream).pipe(socket);
	});
	return { socket, upstream, closed };
}

/**
 * The app's HTTP or HTTPS server passes /nats upgrades to nats-server (its WebSocket port,
 * asked on each connection); any other upgrade is closed.
 */
export function proxyLive(server: Server, target: () => number) {
	server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
		if (!isLive(req)) return void socket.destroy();
		pipeLive(req, socket, head, target());
	});
}
