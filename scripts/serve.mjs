// Serves the static build like any static host would: files from build/, and the app shell
// (index.html) for every other path, so deep links work. Usage: node scripts/serve.mjs [port]
// The headers (cache, Content-Security-Policy and the other security headers) are the ones the
// README's "Hosting the build elsewhere" asks of any host: scripts/headers.mjs.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import sirv from 'sirv';
import { cacheControl, contentSecurityPolicy, securityHeaders } from './headers.mjs';

const port = Number(process.argv[2] ?? process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
// another folder can be served too (the update test serves a copy of the build it changes)
const root = process.argv[3] ?? 'build';
if (!existsSync(`${root}/index.html`)) {
	console.error(`No ${root}/index.html: run \`npm run build\` first (npm start does both).`);
	process.exit(1);
}
const security = securityHeaders(contentSecurityPolicy(root));

const files = sirv(root, {
	single: 'index.html',
	etag: true,
	setHeaders(res, pathname) {
		// `pathname` is the request's: "/", "/match/abc" and "/index.html" all get the shell
		res.setHeader('Cache-Control', cacheControl(pathname));
	}
});

createServer((req, res) => {
	for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
	files(req, res, () => res.writeHead(404, { 'Cache-Control': 'no-cache' }).end());
}).listen(port, host, () => console.log(`Passpad is served on http://localhost:${port}`));
