// The live proxy with the tests' hands on it (tests/live.ts, the benches): cut a phone's
// connection as a network cut would, hold what the server sends it, refuse it a while. Phones
// are told apart by their user agent (`passpad-<name>`, tests/live.ts). Never used by the
// server itself (server/proxy.ts has none of this).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { isLive, pipeLive, type Pair } from './proxy';

type Who = (agent: string) => boolean;

export function proxyLiveForTests(server: Server, target: () => number) {
	let refusing: Who = () => false;
	const pairs = new Set<Pair & { agent: string }>();
	const held = new Set<Pair & { agent: string }>();
	server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
		const agent = req.headers['user-agent'] ?? '';
		if (!isLive(req) || refusing(agent)) return void socket.destroy();
		const pair = { ...pipeLive(req, socket, head, target()), agent };
		pairs.add(pair);
		void pair.closed.then(() => {
			pairs.delete(pair);
			held.delete(pair);
		});
	});
	return {
		/** Cuts the connections of the phones `who` names (all by default), as a network cut would. */
		cut(who: Who = () => true) {
			for (const pair of pairs) {
				if (!who(pair.agent)) continue;
				pair.socket.destroy();
				pair.upstream.destroy();
			}
		},
		/**
		 * Holds what the server sends to the phones `who` names (their own messages still go
		 * out) until `release()`: two phones then act on the same view of the table.
		 */
		hold(who: Who) {
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
		/** Cuts those phones and refuses them until `refuse(() => false)`: a longer cut. */
		refuse(who: Who = () => true) {
			refusing = who;
			this.cut(who);
		}
	};
}
