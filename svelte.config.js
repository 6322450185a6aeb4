import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The one inline style the app needs: Kit's route announcer (a visually hidden live region)
 * carries a style attribute in Kit's own template. Rather than allow every inline style,
 * the policy allows that exact attribute by its hash ('unsafe-hashes' is what CSP calls
 * allowing a hashed attribute). Read from Kit's source, so an upgrade that changes it changes
 * the hash; tests/hardening.e2e.ts fails if anything is blocked.
 */
function announcerStyleHash() {
	const root = readFileSync(
		new URL('./node_modules/@sveltejs/kit/src/core/sync/write_root.js', import.meta.url),
		'utf8'
	);
	const style = root.match(/id="svelte-announcer"[^>]*style="([^"]+)"/)?.[1];
	if (!style) return [];
	return ['unsafe-hashes', `sha256-${createHash('sha256').update(style).digest('base64')}`];
}

/**
 * src/app.html's one inline script (the theme, the language and an early install offer, before
 * the first paint), allowed by its hash like Kit's own scripts: the hash is read from the
 * template itself, so editing the script changes it.
 */
function firstPaintScriptHash() {
	const template = readFileSync(new URL('./src/app.html', import.meta.url), 'utf8');
	const scripts = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
	return scripts.map((script) => `sha256-${createHash('sha256').update(script).digest('base64')}`);
}

/**
 * A live server on another origin than the app's (a club's): named when the build is made
 * (LIVE_CONNECT="wss://club.example"), since a <meta> policy cannot change at run time. By
 * default the page reaches its live server through its own origin (scripts/live/proxy.mjs), which
 * 'self' covers (docs/live.md, "Content-Security-Policy").
 */
function liveServers() {
	const named = (process.env.LIVE_CONNECT ?? '').split(/[\s,]+/).filter(Boolean);
	for (const server of named) {
		if (!/^wss?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(server)) {
			throw new Error(`LIVE_CONNECT: ${server} is not a ws:// or wss:// origin`);
		}
	}
	return named;
}

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// A fully static single-page app: no server; the home page prerendered, every other URL
		// answered by the same shell, which the service worker also serves offline.
		// The home page is prerendered (src/routes/+page.ts), so its text paints before any script
		// runs; it is build/index.html, and the shell for every other URL is 200.html.
		adapter: adapter({ fallback: '200.html', strict: true }),
		// The prerendered home page carries its styles: no stylesheet to wait for before it paints
		inlineStyleThreshold: Infinity,
		// The live server (server/, TypeScript run by node: docs/live.md) is type-checked with the
		// app by `npm run check`, against the same schemas and names it imports from src/lib.
		typescript: {
			config: (tsconfig) => ({ ...tsconfig, include: [...tsconfig.include, '../server/**/*.ts'] })
		},
		// Workbox owns the service worker (vite.config.ts); kit must not register its own.
		serviceWorker: { register: false },
		// Absolute asset paths: the shell is served for deep links like /match/abc too.
		paths: { relative: false },
		csp: {
			mode: 'hash',
			directives: {
				'default-src': ['self'],
				// 'wasm-unsafe-eval' compiles WebAssembly and nothing else (no eval of text): the QR
				// reader Scan loads (docs/scan.md) is zxing-wasm
				'script-src': ['self', ...firstPaintScriptHash(), 'wasm-unsafe-eval'],
				// no 'unsafe-inline': Svelte sets style: directives through the CSSOM
				// (element.style), which a policy does not restrict; app.html has no style
				// attribute; Kit's announcer's one is allowed by its hash
				'style-src': ['self', ...announcerStyleHash()],
				'img-src': ['self', 'data:', 'blob:'],
				'connect-src': ['self', ...liveServers()],
				'manifest-src': ['self'],
				'worker-src': ['self'],
				'object-src': ['none'],
				'base-uri': ['self']
			}
		}
	}
};

export default config;
