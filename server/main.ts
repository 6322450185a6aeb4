// The entry `npm run server` and `npm start` run, compiled by scripts/build-server.mjs into
// build-server/main.js (docs/live.md, "Running it").
import { main } from './cli';

await main(process.argv.slice(2));
