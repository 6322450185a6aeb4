// The names moved to src/lib/wire/names.js (docs/architecture.md, "Layers": the wire is shared
// by the app and the server). The server (server/) and the app import $lib/wire/names.js; this
// file stays for the imports not yet moved.
export * from '../wire/names.js';
