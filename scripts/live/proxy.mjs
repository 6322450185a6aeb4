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
	server.on('upgrade', (req, socket, head) => {
		const path = (req.url ?? '').split('?')[0];
		const agent = req.headers['user-agent'] ?? '';
		if (path !== LIVE_PATH || refusing(agent)) return socket.destroy();
		const upstream = connect(target(), '127.0.0.1');
		open.set(socket, agent).set(upstream, agent);
		const close = () => {
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
		/** Cuts those phones and refuses them until `refuse(() => false)`: a longer cut (tests). */
		refuse(/** @type {(agent: string) => boolean} */ who = () => true) {
			refusing = who;
			this.cut(who);
		}
	};
}
