// The phones' WebSocket as a bench sees it (docs/group.md, "Figures"): the app's /nats upgrade
// passed to nats-server as server/proxy.ts passes it, with the bench's hands on the wire:
//   - `deflate: false` takes the phone's Sec-WebSocket-Extensions offer out of its request, so
//     nats-server (its `compression: true`) sends that phone nothing compressed, as with
//     `compression: false`; `deflate: true` passes the offer as the browser made it;
//   - it counts the bytes nats-server sends the phone (the 101 answer included) and keeps the
//     extension nats-server answered;
//   - `link: { mbit, ms }` makes the wire a slow network: nats-server to phone paced at `mbit`,
//     each byte `ms / 2` late each way. Here and not in Chromium: its emulation
//     (Network.emulateNetworkConditions) does pace a WebSocket's frames, but measured on 27
//     November at a third of the rate asked (10.5 MB in 12.2 s at "20 Mbit/s", no latency).
// Also the CPU time nats-server spent (its /proc stat): what compressing costs the server.
import { readFileSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { LIVE_PATH } from '../src/lib/wire/names.js';

/** Bytes of a link's queue before it stops reading its sender (a bottleneck's buffer). */
const QUEUE = 256 * 1024;
/** Each piece the link delivers at its own time. */
const PIECE = 16 * 1024;

/**
 * Moves `from`'s bytes to `to` over a link of `mbit` (0: no limit) and `ms` of delay, each
 * counted by `count` as it leaves `from`; `from` paused while more than QUEUE bytes wait.
 */
function carry(from, to, { mbit = 0, ms = 0 } = {}, count = () => {}) {
	if (!mbit && !ms) {
		from.on('data', count);
		from.pipe(to);
		return;
	}
	const queue = [];
	let queued = 0;
	let free = 0; // when the link has sent all it was given
	let timer = null;
	const flush = () => {
		timer = null;
		const now = performance.now();
		while (queue.length && queue[0].due <= now + 1) {
			const { piece } = queue.shift();
			queued -= piece.length;
			if (!to.destroyed) to.write(piece);
		}
		if (queued <= QUEUE / 2 && from.isPaused()) from.resume();
		schedule();
	};
	const schedule = () => {
		if (timer || !queue.length) return;
		timer = setTimeout(flush, Math.max(0, queue[0].due - performance.now()));
	};
	from.on('data', (chunk) => {
		count(chunk);
		for (let at = 0; at < chunk.length; at += PIECE) {
			const piece = chunk.subarray(at, at + PIECE);
			free = Math.max(free, performance.now()) + (mbit ? (piece.length * 8) / (mbit * 1e3) : 0);
			queue.push({ piece, due: free + ms / 2 });
			queued += piece.length;
		}
		if (queued > QUEUE) from.pause();
		schedule();
	});
}

/**
 * Serves the app server's /nats upgrades to nats-server's WebSocket port through the bench's
 * wire. `taken()` says what was sent since it was last asked: bytes, the milliseconds from the
 * first to the last, and the extensions nats-server answered ('' when none).
 */
export function wireProxy(server, target, { deflate = true, link } = {}) {
	let sent = 0;
	let first = 0;
	let last = 0;
	const answered = new Set();
	server.on('upgrade', (req, socket, head) => {
		if ((req.url ?? '').split('?')[0] !== LIVE_PATH) return void socket.destroy();
		const upstream = connect(target(), '127.0.0.1');
		const close = () => {
			socket.destroy();
			upstream.destroy();
		};
		socket.on('error', close).on('close', close);
		upstream.on('error', close).on('close', close);
		let answer = '';
		const count = (chunk) => {
			sent += chunk.length;
			last = performance.now();
			first ||= last;
			if (answer.includes('\r\n\r\n') || answer.length > 4096) return;
			answer += chunk.toString('latin1');
			if (!answer.includes('\r\n\r\n')) return;
			const found = /^sec-websocket-extensions:\s*(.*)$/im.exec(answer.split('\r\n\r\n')[0]);
			answered.add(found ? found[1].trim() : '');
		};
		upstream.on('connect', () => {
			const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
			for (let at = 0; at < req.rawHeaders.length; at += 2) {
				const name = req.rawHeaders[at];
				if (!deflate && name.toLowerCase() === 'sec-websocket-extensions') continue;
				lines.push(`${name}: ${req.rawHeaders[at + 1]}`);
			}
			upstream.write(lines.join('\r\n') + '\r\n\r\n');
			if (head?.length) upstream.write(head);
			carry(socket, upstream, link ? { ms: link.ms } : {});
			carry(upstream, socket, link ?? {}, count);
		});
	});
	return {
		taken() {
			const said = { bytes: sent, ms: last - first, extensions: [...answered].join(' | ') };
			sent = first = last = 0;
			answered.clear();
			return said;
		}
	};
}

/** The CPU seconds (user and system) of this process's nats-server children, from /proc. */
export function natsCpu() {
	let cpu = 0;
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const text = readFileSync(`/proc/${name}/stat`, 'utf8');
			if (text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')) !== 'nats-server') continue;
			const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
			if (Number(fields[1]) !== process.pid) continue;
			cpu += (Number(fields[11]) + Number(fields[12])) / 100; // CLK_TCK on Linux
		} catch {
			// gone meanwhile
		}
	}
	return cpu;
}
