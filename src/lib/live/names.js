// The names moved to src/lib/wire/names.js (docs/architecture.md, "Layers": the wire is shared
// by the app and the server). The server's scripts/live/*.mjs still import them from here until
// the server imports the wire folder itself; the app imports $lib/wire/names.js.
export * from '../wire/names.js';
