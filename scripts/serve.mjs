// Serves the static build like any static host would: files from build/ (the prerendered home
// page is index.html), and the app shell (200.html) for every other path, so deep links work. Usage: node scripts/serve.mjs [port]
// The headers (cache, Content-Security-Policy and the other security headers) are the ones the
// README's "Hosting the build elsewhere" asks of any host: scripts/headers.mjs. Text files go
// out precompressed when the browser accepts it: the .br or .gz sibling the build wrote
// (scripts/compress.mjs), never compressed again per request.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import sirv from 'sirv';
import { cacheControl, contentSecurityPolicy, securityHeaders } from './headers.mjs';
import { filesOf, staleSiblings } from './compress.mjs';

const port = Number(process.argv[2] ?? process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
// another folder can be served too (the update test serves a copy of the build it changes)
const root = process.argv[3] ?? 'build';
if (!existsSync(`${root}/index.html`) || !existsSync(`${root}/200.html`)) {
	console.error(
		`No ${root}/index.html or 200.html: run \`npm run build\` first (npm start does both).`
	);
	process.exit(1);
}
const security = securityHeaders(contentSecurityPolicy(root));
// a file changed after the build (the update tests deploy "a new version" so) goes out as it
// is: its old sibling must never be sent in its place
const known = new Set(filesOf(root).map((file) => `/${file}`));
const stale = staleSiblings(root);

function pathOf(url = '/') {
	try {
		return decodeURI(new URL(url, 'http://localhost').pathname);
	} catch {
		return url; // a malformed address: sirv answers it
	}
}

const files = sirv(root, {
	single: '200.html',
	etag: true,
	brotli: true,
	gzip: true,
	setHeaders(res, pathname) {
		// `pathname` is the request's: "/" and "/index.html" get the home page, "/match/abc" the
		// shell, and all of them no-cache
		res.setHeader('Cache-Control', cacheControl(pathname));
	}
});

/**
 * A precompressed sibling asked for by its own name (`/index.html.br`, `/sw.js.gz`): it exists
 * only to be sent in place of its file, with Content-Encoding; sent as itself it would be raw
 * compressed bytes under a type no browser reads. Not a file of the site: 404.
 */
function isSibling(path) {
	const ext = /\.(br|gz)$/.exec(path);
	return ext !== null && known.has(path) && known.has(path.slice(0, -ext[0].length));
}

createServer((req, res) => {
	for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
	if (isSibling(pathOf(req.url))) {
		res.writeHead(404, { 'Cache-Control': 'no-cache', 'Content-Type': 'text/plain' });
		return res.end('Not found');
	}
	if (stale.size) {
		const path = pathOf(req.url);
		if (stale.has(known.has(path) ? path : '/200.html')) delete req.headers['accept-encoding'];
	}
	files(req, res, () => res.writeHead(404, { 'Cache-Control': 'no-cache' }).end());
}).listen(port, host, () => console.log(`Passpad is served on http://localhost:${port}`));
