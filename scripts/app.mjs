// The static build served like any static host would: files from the build folder (the
// prerendered home page is index.html), and the app shell (200.html) for every other path, so
// deep links work. The headers (cache, Content-Security-Policy and the other security headers)
// are the ones docs/hosting.md, "Hosting the build elsewhere", asks of any host: scripts/headers.mjs.
// Text files go out precompressed when the browser accepts it: the .br or .gz sibling the
// build wrote (scripts/compress.mjs), never compressed again per request.
// Used by scripts/serve.mjs (the app alone) and scripts/server.mjs (the app and live play).
import { existsSync } from 'node:fs';
import sirv from 'sirv';
import { cacheControl, contentSecurityPolicy, securityHeaders } from './headers.mjs';
import { filesOf, staleSiblings } from './compress.mjs';

/** Whether the folder holds a build to serve. */
export const built = (root = 'build') =>
	existsSync(`${root}/index.html`) && existsSync(`${root}/200.html`);

function pathOf(url = '/') {
	try {
		return decodeURI(new URL(url, 'http://localhost').pathname);
	} catch {
		return url; // a malformed address: sirv answers it
	}
}

/**
 * The request handler for a build folder.
 * @param {string} root
 * @returns {import('node:http').RequestListener}
 */
export function appHandler(root = 'build') {
	const security = securityHeaders(contentSecurityPolicy(root));
	// a file changed after the build (the update tests deploy "a new version" so) goes out as
	// it is: its old sibling must never be sent in its place
	const known = new Set(filesOf(root).map((file) => `/${file}`));
	const stale = staleSiblings(root);
	const files = sirv(root, {
		single: '200.html',
		etag: true,
		brotli: true,
		gzip: true,
		setHeaders(res, pathname) {
			// `pathname` is the request's: "/" and "/index.html" get the home page, "/match/abc"
			// the shell, and all of them no-cache
			res.setHeader('Cache-Control', cacheControl(pathname));
		}
	});
	/**
	 * A precompressed sibling asked for by its own name (`/index.html.br`, `/sw.js.gz`): it
	 * exists only to be sent in place of its file, with Content-Encoding; sent as itself it
	 * would be raw compressed bytes under a type no browser reads. Not a file of the site: 404.
	 * @param {string} path
	 */
	function isSibling(path) {
		const ext = /\.(br|gz)$/.exec(path);
		return ext !== null && known.has(path) && known.has(path.slice(0, -ext[0].length));
	}
	return (req, res) => {
		for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
		if (isSibling(pathOf(req.url))) {
			res.writeHead(404, { 'Cache-Control': 'no-cache', 'Content-Type': 'text/plain' });
			return void res.end('Not found');
		}
		if (stale.size) {
			const path = pathOf(req.url);
			if (stale.has(known.has(path) ? path : '/200.html')) delete req.headers['accept-encoding'];
		}
		files(req, res, () => {
			res.writeHead(404, { 'Cache-Control': 'no-cache' }).end();
		});
	};
}
