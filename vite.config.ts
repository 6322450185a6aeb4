import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { defineConfig } from 'vitest/config';

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
			manifest: false, // static/manifest.webmanifest is linked from app.html
			workbox: {
				globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,ico,woff2}'],
				navigateFallback: '/index.html',
				// The first visit's worker takes the page at once, so going offline right after
				// still opens every screen; later versions wait for the reload prompt.
				clientsClaim: true,
				skipWaiting: false,
				cleanupOutdatedCaches: true
			},
			kit: { spa: { fallbackMapping: '/index.html' } }
		})
	],
	test: {
		include: ['src/**/*.test.ts'],
		environment: 'node',
		expect: { requireAssertions: true }
	}
});
