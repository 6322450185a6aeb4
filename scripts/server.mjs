// `node scripts/server.mjs …` as before: runs the compiled server (build-server/main.js, made by
// `npm run build`), with the same commands as `npm run server -- …` (docs/live.md).
import { existsSync } from 'node:fs';

const main = new URL('../build-server/main.js', import.meta.url);
if (!existsSync(main)) {
	console.error('No build-server/: run `npm run build` first (npm start does both).');
	process.exit(1);
}
await import(main.href);
