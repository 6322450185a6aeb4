// The live tests' own server (docs/live.md, "Tests"): nats-server on free loopback ports, with
// the config the server (server/) writes, and the app served beside it with the WebSocket at /nats,
// as `npm run server` does. A proxy between the phones and nats-server cuts the network for real
// (Playwright's setOffline does not close a WebSocket).
import { test, type Browser, type BrowserContext } from '@playwright/test';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLive } from '../server/live';
import { freePort } from '../server/nats';
import { proxyLiveForTests } from '../server/proxy.testing';
import { answerClosed } from '../server/closed';
import { answerOpen } from '../server/open-http';
import type { OpenSettings } from '../server/open-tables';

/**
 * `open`: the server opens tables for any phone (`--open`, server/open.ts) within these limits,
 * behind a proxy it trusts (`--trust-proxy`): a phone's `X-Forwarded-For` is its address.
 */
export async function startLiveApp(open?: OpenSettings, limits?: { groupBytes?: number }) {
	const dir = mkdtempSync(join(tmpdir(), 'passpad-live-e2e-'));
	// bcrypt cost 4 keeps the tests quick; the config still holds hashes only
	const live = await startLive({ dataDir: dir, cost: 4, open, limits });
	// scripts/app.mjs is plain, untyped JavaScript of the static server: loaded as it is
	const app: string = '../scripts/app.mjs';
	const { appHandler } = await import(/* @vite-ignore */ app);
	const closed = answerClosed(live.closedTable, appHandler('build'));
	const server = createServer(
		answerOpen(live.openDoor?.open ?? null, closed, { trustProxy: !!open })
	);
	const proxy = proxyLiveForTests(server, () => live.nodes[0].wsPort);
	const port = await freePort();
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	const origin = `http://localhost:${port}`;
	return {
		origin,
		live,
		proxy,
		hostLink: `${origin}/live#${new URLSearchParams({ u: live.host.user, p: live.host.pass })}`,
		async stop() {
			proxy.cut();
			server.close();
			await live.stop();
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

/**
 * A phone at the table: its own browser context on the app, 360x640, touch, in English, its
 * user agent naming it (`passpad-<name>`) so the proxy can cut or hold it alone.
 */
export function phoneContext(
	browser: Browser,
	origin: string,
	name: string,
	locale: 'en-GB' | 'fr-FR' = 'en-GB'
): Promise<BrowserContext> {
	return browser.newContext({
		baseURL: origin,
		viewport: { width: 360, height: 640 },
		isMobile: true,
		hasTouch: true,
		locale,
		userAgent: `Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile passpad-${name}`
	});
}

type LiveApp = Awaited<ReturnType<typeof startLiveApp>>;

/** The file's live server and app, started anew for each test, stopped after; filled in then. */
export function useLiveApp(): LiveApp {
	const app = {} as LiveApp;
	let running: LiveApp | undefined;
	test.describe.configure({ timeout: 180_000 });
	test.beforeEach(async () => {
		running = await startLiveApp();
		Object.assign(app, running);
	});
	test.afterEach(async () => {
		await running?.stop();
		running = undefined;
	});
	return app;
}
