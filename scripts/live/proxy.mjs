// Passes the phones' WebSocket at /live on the app's own origin to nats-server's WebSocket
// listener, so the page's Content-Security-Policy needs no other address ('self' covers ws: and
// wss: to the same host and port) and an HTTPS page gets wss with no second certificate
// (docs/live.md, "Content-Security-Policy").
import { connect } from 'node:net';
import { LIVE_PATH } from '../../src/lib/live/names.js';

/**
 * @param {import('node:http').Server} server the app's HTTP server
 * @param {() => number} target nats-server's WebSocket port (asked on each connection)
 */
export function proxyLive(server, target) {
	/** @type {Map<import('node:stream').Duplex, string>} each socket and its browser's user agent */
	const open = new Map();
	/** @type {(agent: string) => boolean} */
	let refusing = () => false;
	/** @type {Set<{ socket: import('node:stream').Duplex, upstream: import('node:net').Socket, agent: string }>} */
	const pairs = new Set();
	/** @type {Set<{ socket: import('node:stream').Duplex, upstream: import('node:net').Socket, agent: string }>} */
	const held = new Set();
	server.on('upgrade', (req, socket, head) => {
		const path = (req.url ?? '').split('?')[0];
		const agent = req.headers['user-agent'] ?? '';
		if (path !== LIVE_PATH || refusing(agent)) return socket.destroy();
		const upstream = connect(target(), '127.0.0.1');
		open.set(socket, agent).set(upstream, agent);
		const pair = { socket, upstream, agent };
		pairs.add(pair);
		const close = () => {
			pairs.delete(pair);
			held.delete(pair);
			socket.destroy();
			upstream.destroy();
			open.delete(socket);
			open.delete(upstream);
		};
		socket.on('error', close).on('close', close);
		upstream.on('error', close).on('close', close);
		upstream.on('connect', () => {
			// the request as the phone sent it; nats-server reads no path
			const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
			for (let at = 0; at < req.rawHeaders.length; at += 2) {
				lines.push(`${req.rawHeaders[at]}: ${req.rawHeaders[at + 1]}`);
			}
			upstream.write(lines.join('\r\n') + '\r\n\r\n');
			if (head?.length) upstream.write(head);
			socket.pipe(upstream).pipe(socket);
		});
	});
	return {
		/** Cuts the connections of the phones `who` names (all by default), as a network cut would. */
		cut(/** @type {(agent: string) => boolean} */ who = () => true) {
			for (const [socket, agent] of open) {
				if (!who(agent)) continue;
				socket.destroy();
				open.delete(socket);
			}
		},
		/**
		 * Holds what the server sends to the phones `who` names (their own messages still go
		 * out) until `release()`: two phones then act on the same view of the table (tests).
		 */
		hold(/** @type {(agent: string) => boolean} */ who) {
			for (const pair of pairs) {
				if (!who(pair.agent) || held.has(pair)) continue;
				pair.upstream.unpipe(pair.socket);
				pair.upstream.pause();
				held.add(pair);
			}
		},
		/** Lets what was held through, in the order the server sent it. */
		release() {
			for (const pair of held) pair.upstream.pipe(pair.socket);
			held.clear();
		},
		/** Cuts those phones and refuses them until `refuse(() => false)`: a longer cut (tests). */
		refuse(/** @type {(agent: string) => boolean} */ who = () => true) {
			refusing = who;
			this.cut(who);
		}
	};
}
