import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

/** @type {import('@sveltejs/kit').Config} */
const config = {
	preprocess: vitePreprocess(),
	kit: {
		// A fully static single-page app: no server, every URL answered by the same shell,
		// which the service worker also serves offline.
		adapter: adapter({ fallback: 'index.html', strict: true }),
		// Workbox owns the service worker (vite.config.ts); kit must not register its own.
		serviceWorker: { register: false },
		// Absolute asset paths: the shell is served for deep links like /match/abc too.
		paths: { relative: false },
		csp: {
			mode: 'hash',
			directives: {
				'default-src': ['self'],
				'script-src': ['self'],
				'style-src': ['self', 'unsafe-inline'],
				'img-src': ['self', 'data:', 'blob:'],
				'connect-src': ['self'],
				'manifest-src': ['self'],
				'worker-src': ['self'],
				'object-src': ['none'],
				'base-uri': ['self']
			}
		}
	}
};

export default config;
