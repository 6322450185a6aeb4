// Compiles the live server (server/, TypeScript: docs/live.md) into build-server/main.js, the
// file `npm run server` and `npm start` run: Node 20 runs no TypeScript of its own. Vite's SSR
// build bundles the server's modules and the app's modules it shares (names, schemas), and
// leaves the npm packages and scripts/app.mjs as imports.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
await build({
	configFile: false,
	root,
	logLevel: 'warn',
	resolve: { alias: { $lib: `${root}src/lib` } },
	build: {
		ssr: 'server/main.ts',
		outDir: 'build-server',
		emptyOutDir: true,
		target: 'node20',
		sourcemap: true,
		minify: false,
		// the static server stays the plain script scripts/serve.mjs also runs (and headers.mjs's
		// own command line must not run inside the bundle): imported from where it is
		rollupOptions: { external: [/\/scripts\/app\.mjs$/] }
	}
});
