/// <reference types="vitest/config" />
import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vite';

export default defineConfig({
	plugins: [
		sveltekit(),
		SvelteKitPWA({
			// Kit builds with its own base; the worker must control the whole origin so that
			// deep links (/match/…) open offline.
			base: '/',
			scope: '/',
			registerType: 'prompt',
			injectRegister: false,
			manifest: {
				name: 'Passpad — score pad and referee',
				short_name: 'Passpad',
				description: 'Keeps the score and referees the rules for four games called Pass, offline.',
				id: '/',
				start_url: '/',
				scope: '/',
				display: 'standalone',
				orientation: 'any',
				background_color: '#111216',
				theme_color: '#1d4e89',
				lang: 'en',
				icons: [
					{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
					{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
					{
						src: '/icons/maskable-512.png',
						sizes: '512x512',
						type: 'image/png',
						purpose: 'maskable'
					}
				]
			},
			workbox: {
				// everything the app can show: every game's lazily loaded screens included
				// and the QR reader's WebAssembly (1.1 MB, 0.46 MB gzip): Scan must work offline,
				// at the table, the first time (docs/scan.md)
				globPatterns: ['client/**/*.{js,css,ico,png,svg,webp,woff2,wasm}'],
				// every URL but the prerendered home (precached as /) opens the app's shell
				navigateFallback: '/200.html',
				// The first visit's worker takes the page at once, so going offline right after
				// still opens every screen; later versions wait for the reload prompt.
				clientsClaim: true,
				skipWaiting: false,
				cleanupOutdatedCaches: true
			},
			// the adapter's fallback page is the app shell, served for every navigation but home's
			kit: {
				adapterFallback: '200.html',
				spa: { fallbackMapping: '200.html' }
			}
		})
	],
	test: {
		include: ['src/**/*.test.ts', 'server/**/*.test.ts', 'scripts/lint/*.test.ts'],
		environment: 'node',
		// property tests run hundreds of games: generous on a loaded 2-core machine, never flaky
		testTimeout: 60_000,
		expect: { requireAssertions: true },
		reporters: ['default', ['json', { outputFile: 'reports/unit.json' }]]
	}
});
