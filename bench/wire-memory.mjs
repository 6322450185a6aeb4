// What a phone's WebSocket costs nats-server's memory with compression (permessage-deflate)
// off and on, printed, never asserted (docs/group.md, "Figures"): a real nats-server with its
// provisioning, then `count` WebSockets of a group's member (each a phone holding its
// connection: CONNECT, then PING answered), with the browser's offer and without, and the
// server's resident memory (/proc) before and after each set. nats-server keeps a connection's
// compressor from its first compressed write to its close.
// Usage: node bench/wire-memory.mjs [count]
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, inflateRawSync } from 'node:zlib';
import { startLive } from './server.mjs';
import { LIVE_PATH } from '../src/lib/wire/names.js';

const COUNT = Number(process.argv[2] ?? 200);
/** What Chromium offers (bench/wire.mjs passes it or takes it out). */
/** A message's deflated bytes end at a sync flush, not at a final block. */
const SYNC = { finishFlush: constants.Z_SYNC_FLUSH };
const OFFER = 'permessage-deflate; client_max_window_bits';

/** nats-server's resident memory in MiB (this process's child), from /proc. */
function natsMiB() {
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
			if (!stat.includes('(nats-server)')) continue;
			if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== process.pid) continue;
			const rss = /VmRSS:\s*(\d+) kB/.exec(readFileSync(`/proc/${name}/status`, 'utf8'));
			return Number(rss[1]) / 1024;
		} catch {
			// gone meanwhile
		}
	}
	return NaN;
}

/** One client frame (masked, as a browser's), text. */
function frame(text) {
	const payload = Buffer.from(text);
	const mask = randomBytes(4);
	const head = Buffer.from([0x81, 0x80 | payload.length]);
	if (payload.length > 125) throw new Error('a short frame only');
	return Buffer.concat([head, mask, payload.map((byte, at) => byte ^ mask[at % 4])]);
}

/** A member's WebSocket, open once its PING is answered; `deflate`: the browser's offer made. */
function phone(port, credential, deflate) {
	return new Promise((done, fail) => {
		const socket = connect(port, '127.0.0.1');
		const key = randomBytes(16).toString('base64');
		let buffer = Buffer.alloc(0);
		let upgraded = false;
		let said = '';
		let compressed = false;
		// a message's frames so far (a compressed one is inflated whole), and whether it is deflated
		let parts = [];
		let deflated = false;
		socket.on('error', fail);
		socket.on('close', () => fail(new Error(`closed: ${said.slice(0, 200)}`)));
		socket.on('connect', () => {
			socket.write(
				[
					`GET ${LIVE_PATH} HTTP/1.1`,
					'Host: localhost',
					'Upgrade: websocket',
					'Connection: Upgrade',
					`Sec-WebSocket-Key: ${key}`,
					'Sec-WebSocket-Version: 13',
					...(deflate ? [`Sec-WebSocket-Extensions: ${OFFER}`] : []),
					'',
					''
				].join('\r\n')
			);
		});
		socket.on('data', (chunk) => {
			buffer = Buffer.concat([buffer, chunk]);
			if (!upgraded) {
				const end = buffer.indexOf('\r\n\r\n');
				if (end < 0) return;
				const accept = createHash('sha1')
					.update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11')
					.digest('base64');
				if (!buffer.subarray(0, end).toString().includes(accept)) fail(new Error('no upgrade'));
				buffer = buffer.subarray(end + 4);
				upgraded = true;
				const connect = JSON.stringify({
					user: credential.user,
					pass: credential.pass,
					verbose: false,
					protocol: 1
				});
				socket.write(Buffer.concat([frame(`CONNECT ${connect}\r\n`), frame('PING\r\n')]));
			}
			// the server's frames: unmasked, the first of a compressed message with RSV1
			while (buffer.length >= 2) {
				let length = buffer[1] & 0x7f;
				let at = 2;
				if (length === 126) [length, at] = [buffer.readUInt16BE(2), 4];
				else if (length === 127) [length, at] = [Number(buffer.readBigUInt64BE(2)), 10];
				if (buffer.length < at + length) return;
				if (!parts.length) deflated = (buffer[0] & 0x40) !== 0;
				parts.push(buffer.subarray(at, at + length));
				const final = (buffer[0] & 0x80) !== 0;
				buffer = buffer.subarray(at + length);
				if (!final) continue;
				const payload = Buffer.concat(parts);
				parts = [];
				compressed ||= deflated;
				said += deflated
					? inflateRawSync(
							Buffer.concat([payload, Buffer.from([0, 0, 0xff, 0xff])]),
							SYNC
						).toString()
					: payload.toString();
				if (said.includes('PONG')) {
					socket.removeAllListeners('close');
					done({ socket, compressed });
				}
			}
		});
	});
}

const dir = mkdtempSync(join(tmpdir(), 'passpad-bench-wire-memory-'));
const live = await startLive({ dataDir: dir, cost: 4 });
try {
	const club = await live.createGroup('Bench club', 'Phone 1');
	const credential = club.member;
	const port = live.nodes[0].wsPort;
	console.log(
		`wire memory: ${COUNT} WebSockets of one member, nats-server 2.9 (compression: true)`
	);
	// each set held open while the next is made: none reuses another's memory
	const phones = [];
	for (const deflate of [false, true]) {
		const before = natsMiB();
		const made = [];
		for (let index = 0; index < COUNT; index++) made.push(await phone(port, credential, deflate));
		phones.push(...made);
		const after = natsMiB();
		const compressed = made.filter((one) => one.compressed).length;
		console.log(
			`${deflate ? 'offer made' : 'no offer  '}: nats-server ${before.toFixed(1)} -> ${after.toFixed(1)} MiB ` +
				`(${(((after - before) * 1024) / COUNT).toFixed(0)} KiB a connection; ${compressed} of ${COUNT} sent compressed frames)`
		);
	}
	for (const one of phones) one.socket.destroy();
} finally {
	await live.stop();
	rmSync(dir, { recursive: true, force: true });
}
