// The app's import graph, for the lint rules that keep it free of cycles (docs/architecture.md,
// "Layers"): every static import, re-export and dynamic import() of a .ts, .js or .svelte file
// under src/, resolved as Vite resolves them ($lib, relative paths, `.svelte` modules). A
// dynamic import is an edge like any other: it delays loading, it does not undo the dependency.
// `import type` is left out: it is erased by the compiler and loads nothing.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SOURCE = /\.(ts|js|mjs|svelte)$/;
/** `import ... from 'x'`, `export ... from 'x'`, `import 'x'` (one statement, any lines). */
const STATIC = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
const BARE = /(?:^|[;\n])\s*import\s*['"]([^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Whether every name a statement brings is a type (`import { type A, type B }`). */
function typesOnly(clause) {
	const inner = /^\{([\s\S]*)\}$/.exec(clause.trim());
	if (!inner) return false;
	const names = inner[1]
		.split(',')
		.map((name) => name.trim())
		.filter(Boolean);
	return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The imported specifiers of a file's text that load code. */
export function specifiersOf(text) {
	const found = [];
	for (const [, , type, clause, from] of text.matchAll(STATIC)) {
		if (!type && !typesOnly(clause)) found.push(from);
	}
	for (const [, from] of text.matchAll(BARE)) found.push(from);
	for (const [, from] of text.matchAll(DYNAMIC)) found.push(from);
	return found;
}

/** The file a specifier names, or null for a package or a virtual module. */
export function resolveImport(root, from, specifier) {
	let base;
	if (specifier.startsWith('$lib/') || specifier === '$lib') {
		base = join(root, 'src/lib', specifier.slice(4));
	} else if (specifier.startsWith('.')) {
		base = resolve(dirname(from), specifier);
	} else return null;
	const tries = [base, `${base}.ts`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.js')];
	for (const path of tries) if (existsSync(path) && statSync(path).isFile()) return path;
	return null;
}

function walk(dir, into) {
	for (const name of readdirSync(dir)) {
		if (name === 'paraglide' || name === 'node_modules') continue;
		const path = join(dir, name);
		if (statSync(path).isDirectory()) walk(path, into);
		else if (SOURCE.test(name)) into.push(path);
	}
	return into;
}

/** Every source file under `dirs` (relative to root) and the files each one imports. */
export function importGraph(root, dirs = ['src']) {
	const graph = new Map();
	for (const dir of dirs) {
		for (const file of walk(join(root, dir), [])) {
			const text = readFileSync(file, 'utf8');
			const targets = new Set();
			for (const specifier of specifiersOf(text)) {
				const target = resolveImport(root, file, specifier);
				if (target) targets.add(target);
			}
			graph.set(file, targets);
		}
	}
	return graph;
}

/** Tarjan's strongly connected components of more than one node (or a node importing itself). */
export function cycles(graph) {
	let counter = 0;
	const index = new Map();
	const low = new Map();
	const stack = [];
	const onStack = new Set();
	const found = [];
	const visit = (node) => {
		index.set(node, counter);
		low.set(node, counter++);
		stack.push(node);
		onStack.add(node);
		for (const next of graph.get(node) ?? []) {
			if (!index.has(next)) {
				visit(next);
				low.set(node, Math.min(low.get(node), low.get(next)));
			} else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
		}
		if (low.get(node) !== index.get(node)) return;
		const component = [];
		let top;
		do {
			top = stack.pop();
			onStack.delete(top);
			component.push(top);
		} while (top !== node);
		if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
	};
	for (const node of graph.keys()) if (!index.has(node)) visit(node);
	return found;
}

/**
 * The folder of src/lib a file belongs to (`db`, `live`, `rules`...), `lib/<name>` for a file
 * directly in src/lib, `routes` for the pages, or null outside the app.
 */
export function folderOf(root, file) {
	const parts = relative(root, file).split(sep);
	if (parts[0] !== 'src') return null;
	if (parts[1] === 'routes') return 'routes';
	if (parts[1] !== 'lib') return null;
	return parts.length === 3 ? `lib/${parts[2].replace(SOURCE, '')}` : parts[2];
}

/** Tests and their fixtures import across folders to build a scene; the app's code does not. */
export const isTest = (file) => /\.(test|e2e)\.ts$|fixtures?\.ts$|[/\\]test-server\.ts$/.test(file);

/**
 * The folders' graph: folder A imports folder B when a file of A (not a test) imports a file of
 * B. Each edge keeps one file import that makes it, to name it in a message.
 */
export function folderGraph(root, graph) {
	const folders = new Map();
	const why = new Map();
	for (const [file, targets] of graph) {
		const from = folderOf(root, file);
		if (!from || isTest(file)) continue;
		if (!folders.has(from)) folders.set(from, new Set());
		for (const target of targets) {
			const to = folderOf(root, target);
			if (!to || to === from) continue;
			folders.get(from).add(to);
			if (!why.has(`${from}>${to}`)) why.set(`${from}>${to}`, [file, target]);
		}
	}
	return { folders, why };
}
