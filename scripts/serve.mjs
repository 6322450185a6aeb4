// Serves the static build like any static host would: files from build/, and the app shell
// (index.html) for every other path, so deep links work. Usage: node scripts/serve.mjs [port]
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import sirv from 'sirv';

const port = Number(process.argv[2] ?? process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
// another folder can be served too (the update test serves a copy of the build it changes)
const root = process.argv[3] ?? 'build';
if (!existsSync(`${root}/index.html`)) {
	console.error(`No ${root}/index.html: run \`npm run build\` first (npm start does both).`);
	process.exit(1);
}

const files = sirv(root, {
	single: 'index.html',
	etag: true,
	setHeaders(res, pathname) {
		// the worker and the shell must be revalidated, or a new version is never seen
		if (pathname === '/sw.js' || pathname.endsWith('.html') || pathname.endsWith('.webmanifest')) {
			res.setHeader('Cache-Control', 'no-cache');
		} else if (pathname.startsWith('/_app/immutable/')) {
			res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
		}
		res.setHeader('X-Content-Type-Options', 'nosniff');
	}
});

createServer((req, res) => files(req, res, () => res.writeHead(404).end())).listen(port, host, () =>
	console.log(`Passpad is served on http://localhost:${port}`)
);
