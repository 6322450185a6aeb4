// Serves the static build alone (scripts/app.mjs), as any static host would.
// Usage: node scripts/serve.mjs [port] [folder]. scripts/server.mjs serves it with live play.
import { createServer } from 'node:http';
import { appHandler, built } from './app.mjs';

const port = Number(process.argv[2] ?? process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';
// another folder can be served too (the update test serves a copy of the build it changes)
const root = process.argv[3] ?? 'build';
if (!built(root)) {
	console.error(
		`No ${root}/index.html or 200.html: run \`npm run build\` first (npm start does both).`
	);
	process.exit(1);
}
createServer(appHandler(root)).listen(port, host, () =>
	console.log(`Passpad is served on http://localhost:${port}`)
);
