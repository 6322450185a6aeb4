import { expect, test, type Page } from '@playwright/test';
import { startMatch } from './helpers';
import { phoneContext, useLiveApp } from './live';

// nats-server deflates a connection whose browser offers it, and keeps a compressor for each
// (docs/group.md, "Figures"): the app's origin passes the offer on for a group's sync, which
// reads the group's whole record (an eighth of the bytes), not for a live table, whose entries
// are small. Seen from the phone: what nats-server answered each WebSocket's handshake.

const app = useLiveApp();

/** Each WebSocket the page opens: its address, and the extensions nats-server answered. */
async function handshakes(page: Page) {
	const seen: { url: string; extensions: string }[] = [];
	const cdp = await page.context().newCDPSession(page);
	const urls = new Map<string, string>();
	cdp.on('Network.webSocketCreated', ({ requestId, url }) => urls.set(requestId, url));
	cdp.on('Network.webSocketHandshakeResponseReceived', ({ requestId, response }) => {
		const headers = Object.entries(response.headers as Record<string, string>);
		const extensions = headers.find(([name]) => name.toLowerCase() === 'sec-websocket-extensions');
		seen.push({ url: urls.get(requestId) ?? '', extensions: extensions?.[1] ?? '' });
	});
	await cdp.send('Network.enable');
	return seen;
}

test('deflate: a group’s sync is deflated by nats-server, a live table’s connection is not', async ({
	browser
}) => {
	const club = await app.live.createGroup('Thursday club', 'Ana’s phone');
	const context = await phoneContext(browser, app.origin, 'ana', 'en-GB');
	const page = await context.newPage();
	const seen = await handshakes(page);
	const { user: u, pass: p } = club.member;
	await page.goto(`/group#${new URLSearchParams({ g: club.group, n: club.name, u, p })}`);
	await expect(page.getByTestId('group-state')).toContainText('Up to date', { timeout: 30_000 });
	await expect
		.poll(() => seen.filter((one) => one.url.endsWith('/nats?deflate')))
		.toEqual([
			expect.objectContaining({ extensions: expect.stringContaining('permessage-deflate') })
		]);

	// the same phone hosts a live table: its own connection, plain
	await page.goto(app.hostLink);
	await expect(page.getByRole('status')).toContainText('can now open live tables');
	await startMatch(page, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await page.getByRole('button', { name: 'Play live' }).click();
	await expect(page.getByTestId('live-state')).toContainText('This phone has the pen', {
		timeout: 20_000
	});
	const plain = seen.filter((one) => one.url.endsWith('/nats'));
	expect(plain.length).toBeGreaterThan(0);
	expect(plain.every((one) => one.extensions === '')).toBe(true);
	await context.close();
});
