// Whether Chromium's network emulation (CDP Network.emulateNetworkConditions) slows a
// WebSocket's frames, and by the bytes on the wire or the inflated ones, printed, never asserted
// (bench/wire.mjs throttles at its proxy instead: docs/group.md, "Figures"). A bare WebSocket
// server sends 10.5 MB of JSON-like text in 64 KiB messages, plain or deflated
// (permessage-deflate, no context takeover, as nats-server answers), to a page that times its
// arrival, unthrottled and at `mbit` down and `ms` of latency.
// Usage: node bench/wire-emulation.mjs [mbit] [ms]
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { constants, deflateRawSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const MBIT = Number(process.argv[2] ?? 20);
const MS = Number(process.argv[3] ?? 40);
const MESSAGES = 160;
const message = Buffer.alloc(64 * 1024, 'passpad-json-{"a":1,"b":[2,3]},');

/** One unmasked binary frame, with RSV1 when deflated. */
function frame(payload, deflated) {
	const head = Buffer.alloc(payload.length > 65535 ? 10 : 4);
	head[0] = deflated ? 0xc2 : 0x82;
	if (payload.length > 65535) {
		head[1] = 127;
		head.writeBigUInt64BE(BigInt(payload.length), 2);
	} else {
		head[1] = 126;
		head.writeUInt16BE(payload.length, 2);
	}
	return Buffer.concat([head, payload]);
}

let wire = 0;
const server = createServer((req, res) => res.end('<!doctype html><title>wire</title>'));
server.on('upgrade', (req, socket) => {
	const deflated =
		req.url.endsWith('/deflate') &&
		/permessage-deflate/.test(req.headers['sec-websocket-extensions'] ?? '');
	const accept = createHash('sha1')
		.update(`${req.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
		.digest('base64');
	const extension = 'permessage-deflate; server_no_context_takeover; client_no_context_takeover';
	socket.write(
		[
			'HTTP/1.1 101 Switching Protocols',
			'Upgrade: websocket',
			'Connection: Upgrade',
			`Sec-WebSocket-Accept: ${accept}`,
			...(deflated ? [`Sec-WebSocket-Extensions: ${extension}`] : []),
			'',
			''
		].join('\r\n')
	);
	socket.on('error', () => {});
	wire = 0;
	for (let index = 0; index < MESSAGES; index++) {
		const payload = deflated
			? deflateRawSync(message, { finishFlush: constants.Z_SYNC_FLUSH }).subarray(0, -4)
			: message;
		const sent = frame(payload, deflated);
		wire += sent.length;
		socket.write(sent);
	}
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--no-first-run']
});
try {
	const page = await browser.newPage();
	await page.goto(origin);
	const cdp = await page.context().newCDPSession(page);
	await cdp.send('Network.enable');
	for (const slow of [false, true]) {
		await cdp.send(
			'Network.emulateNetworkConditions',
			slow
				? {
						offline: false,
						latency: MS,
						downloadThroughput: (MBIT * 1e6) / 8,
						uploadThroughput: -1
					}
				: { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 }
		);
		for (const path of ['/plain', '/deflate']) {
			const read = await page.evaluate(
				([url, want]) =>
					new Promise((done) => {
						const socket = new WebSocket(url);
						socket.binaryType = 'arraybuffer';
						let got = 0;
						const began = performance.now();
						socket.onmessage = (event) => {
							got += event.data.byteLength;
							if (got < want) return;
							done({ ms: performance.now() - began, got, extensions: socket.extensions });
							socket.close();
						};
					}),
				[`${origin.replace('http', 'ws')}${path}`, MESSAGES * message.length]
			);
			const rate = ((wire * 8) / (read.ms * 1e3)).toFixed(1);
			console.log(
				`${slow ? `emulated ${MBIT} Mbit/s, ${MS} ms` : 'not emulated'}, ${path.slice(1)}: ` +
					`${(read.got / 1e6).toFixed(1)} MB read in ${(read.ms / 1000).toFixed(2)} s, ` +
					`${(wire / 1e6).toFixed(2)} MB on the wire (${rate} Mbit/s of it; extension "${read.extensions}")`
			);
		}
	}
} finally {
	await browser.close();
	server.close();
}
