// The app's origin passes a phone's WebSocket to nats-server as the phone asked it, but for
// the deflate offer, passed on only for a connection that asks for it (proxy.ts, `deflates`):
// a group's whole record deflated, a live table's small entries not, so nats-server keeps no
// compressor for each table's phones (docs/group.md, "Figures").
import { createServer, request, type Server } from 'node:http';
import { createServer as createTcp, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { proxyLive } from './proxy';
import { optionsOf } from '../src/lib/live/connection';
import { DEFLATE_QUERY, LIVE_PATH } from '../src/lib/wire/names.js';

const closing: (() => void)[] = [];
afterEach(() => closing.splice(0).forEach((close) => close()));

/** What nats-server would be sent for an upgrade to `path`: the request's head, as received. */
async function forwarded(path: string): Promise<string> {
	let heard = (_head: string) => {};
	const head = new Promise<string>((done) => (heard = done));
	const nats = createTcp((socket) => {
		let text = '';
		socket.on('data', (chunk) => {
			text += chunk.toString();
			if (text.includes('\r\n\r\n')) {
				heard(text);
				socket.destroy();
			}
		});
	});
	await new Promise<void>((done) => nats.listen(0, '127.0.0.1', done));
	const app: Server = createServer();
	proxyLive(app, () => (nats.address() as AddressInfo).port);
	await new Promise<void>((done) => app.listen(0, '127.0.0.1', done));
	closing.push(
		() => nats.close(),
		() => app.close()
	);
	const asked = request({
		host: '127.0.0.1',
		port: (app.address() as AddressInfo).port,
		path,
		headers: {
			Connection: 'Upgrade',
			Upgrade: 'websocket',
			'Sec-WebSocket-Version': '13',
			'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
			'Sec-WebSocket-Extensions': 'permessage-deflate; client_max_window_bits'
		}
	});
	asked.on('error', () => {});
	asked.end();
	return head;
}

describe('the live proxy', () => {
	it('deflate: a live table’s connection reaches nats-server without the browser’s deflate offer', async () => {
		const head = await forwarded(LIVE_PATH);
		expect(head).toMatch(/^GET \/nats HTTP\/1\.1\r\n/);
		expect(head).toMatch(/sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==/i);
		expect(head).not.toMatch(/sec-websocket-extensions/i);
	});

	it('deflate: a group’s connection, asking for it, reaches nats-server with the offer whole', async () => {
		const head = await forwarded(`${LIVE_PATH}?${DEFLATE_QUERY}`);
		expect(head).toMatch(/sec-websocket-extensions: permessage-deflate; client_max_window_bits/i);
	});

	it('deflate: the phone asks for it on its group’s connection only, on its own origin or a link’s server', () => {
		const page = { protocol: 'https:', host: 'club.example' };
		expect(optionsOf({ u: 'u', p: 'p' }, page).servers).toBe('wss://club.example/nats');
		expect(optionsOf({ u: 'u', p: 'p' }, page, true).servers).toBe(
			'wss://club.example/nats?deflate'
		);
		expect(optionsOf({ u: 'u', p: 'p', s: 'wss://other.example/nats' }, page, true).servers).toBe(
			'wss://other.example/nats?deflate'
		);
	});
});
