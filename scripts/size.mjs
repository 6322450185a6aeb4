// Prints the JavaScript and CSS each route loads, raw and gzip, read from the build, and fails
// when the home page breaks its budget. Usage: npm run size (after npm run build).
// A route loads: Kit's start + app entries, the root layout (and what the layout imports at
// once, such as the service-worker registration), and the route's own page node, each with
// every chunk it imports statically. A game's screens load later, on demand: listed apart.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET = { homeJs: 80 * 1024, homeCss: 8 * 1024 };
const client = '.svelte-kit/output/client';
const manifestPath = `${client}/.vite/manifest.json`;
if (!existsSync(manifestPath)) {
	console.error('No build found: run `npm run build` first.');
	process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const app = readFileSync('.svelte-kit/generated/client-optimized/app.js', 'utf8');
const dictionary = JSON.parse(
	app.match(/export const dictionary = (\{[\s\S]*?\});/)[1].replace(/,\s*\}/, '}')
);

const keyOf = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));
const sizeCache = new Map();
function size(file) {
	if (!sizeCache.has(file)) {
		const bytes = readFileSync(`${client}/${file}`);
		sizeCache.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
	}
	return sizeCache.get(file);
}

/** Every file an entry needs before it runs: itself and its static imports, transitively. */
function closure(keys, { dynamic = false } = {}) {
	const js = new Set();
	const css = new Set();
	const visit = (key) => {
		const entry = manifest[key];
		if (!entry || js.has(entry.file)) return;
		js.add(entry.file);
		for (const file of entry.css ?? []) css.add(file);
		for (const next of entry.imports ?? []) visit(next);
		if (dynamic) for (const next of entry.dynamicImports ?? []) visit(next);
	};
	keys.forEach(visit);
	return { js, css };
}

const total = (files) =>
	[...files].reduce(
		(sum, file) => {
			const { raw, gzip } = size(file);
			return { raw: sum.raw + raw, gzip: sum.gzip + gzip };
		},
		{ raw: 0, gzip: 0 }
	);
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(6);

const entries = [
	keyOf('@sveltejs/kit/src/runtime/client/entry.js'),
	keyOf('generated/client-optimized/app.js')
];
const layout = keyOf('client-optimized/nodes/0.js');
// the layout registers the service worker right away: count it as part of every first load
const layoutNow = (manifest[layout].dynamicImports ?? []).filter((key) => !key.includes('/ui.ts'));
const gameScreens = Object.keys(manifest).filter((key) =>
	/src\/lib\/games\/[^/]+\/ui\.ts$/.test(key)
);

const rows = [];
let home = null;
for (const [route, nodes] of Object.entries(dictionary)) {
	const pages = nodes.map((node) => keyOf(`client-optimized/nodes/${node}.js`));
	const { js, css } = closure([...entries, layout, ...layoutNow, ...pages]);
	const row = { route, js: total(js), css: total(css), files: js.size };
	rows.push(row);
	if (route === '/') home = row;
}

const matchRoute = closure([
	...entries,
	layout,
	...layoutNow,
	keyOf(`client-optimized/nodes/${dictionary['/match/[id]'][0]}.js`)
]);
for (const key of gameScreens) {
	const { js, css } = closure([key]);
	const own = (set, loaded) => new Set([...set].filter((file) => !loaded.has(file)));
	rows.push({
		route: `  + ${key.match(/games\/([^/]+)\//)[1]} screens (lazy)`,
		js: total(own(js, matchRoute.js)),
		css: total(own(css, matchRoute.css)),
		files: own(js, matchRoute.js).size
	});
}

console.log('route                              JS raw  JS gzip   CSS raw CSS gzip  (KB)');
for (const row of rows) {
	console.log(
		`${row.route.padEnd(32)} ${kb(row.js.raw)}  ${kb(row.js.gzip)}    ${kb(row.css.raw)}  ${kb(row.css.gzip)}`
	);
}
const everything = total(new Set(Object.values(manifest).map((entry) => entry.file)));
console.log(`whole app (all JS chunks)        ${kb(everything.raw)}  ${kb(everything.gzip)}`);

const breaches = [];
if (home.js.gzip > BUDGET.homeJs) breaches.push(`home JS ${kb(home.js.gzip)} KB gzip > 80 KB`);
if (home.css.gzip > BUDGET.homeCss) breaches.push(`home CSS ${kb(home.css.gzip)} KB gzip > 8 KB`);
if (breaches.length) {
	console.error(`Over budget: ${breaches.join('; ')}`);
	process.exit(1);
}
console.log(
	`Home page within budget: JS ${kb(home.js.gzip).trim()} KB gzip (≤ 80), CSS ${kb(home.css.gzip).trim()} KB gzip (≤ 8).`
);
