// Passpad's own lint rules on the shape of its imports (docs/architecture.md, "Layers"):
// - `no-cycle`: no file imports itself back through others;
// - `no-folder-cycle`: no folder of src/lib imports another that imports it back;
// - `layers`: each folder imports only the folders its row of the layer table names.
// One graph of the whole app (imports.mjs), made once per lint run, so a .svelte file's imports
// count like a module's.
import { relative } from 'node:path';
import { cycles, folderGraph, folderOf, importGraph, isTest, resolveImport } from './imports.mjs';

/**
 * What each folder of src/lib may import, besides itself: docs/architecture.md's layer table,
 * lowest first. `lib/<name>` is a file directly in src/lib; `paraglide` the generated messages.
 */
export const LAYERS = {
	rules: [],
	wire: ['rules'],
	db: ['rules', 'wire'],
	evening: ['rules', 'wire'],
	paraglide: [],
	'lib/dates': [],
	'lib/links': [],
	'lib/theme': [],
	'lib/names-list': ['paraglide'],
	i18n: ['db', 'lib/dates', 'paraglide'],
	share: ['rules', 'wire', 'lib/names-list'],
	players: ['db', 'rules', 'wire', 'paraglide'],
	match: ['db', 'rules', 'wire', 'players', 'share', 'lib/names-list', 'paraglide'],
	live: ['db', 'rules', 'wire', 'share', 'match'],
	scan: ['paraglide'],
	components: [
		'db',
		'rules',
		'wire',
		'players',
		'share',
		'match',
		'live',
		'i18n',
		'lib/dates',
		'lib/names-list',
		'paraglide'
	],
	games: ['db', 'rules', 'wire', 'players', 'share', 'match', 'components', 'i18n', 'paraglide'],
	group: [
		'db',
		'evening',
		'rules',
		'wire',
		'players',
		'match',
		'live',
		'components',
		'games',
		'i18n',
		'paraglide'
	],
	ratings: ['db', 'rules', 'i18n', 'paraglide'],
	board: [
		'db',
		'evening',
		'ratings',
		'rules',
		'wire',
		'players',
		'match',
		'live',
		'components',
		'games',
		'group',
		'i18n',
		'paraglide'
	],
	// the pages may import anything of src/lib
	routes: null
};

const graphs = new Map();
/** The app's graph and its cycles, once per lint run and root. */
function graphOf(root) {
	if (!graphs.has(root)) {
		const files = importGraph(root);
		const fileCycles = new Map();
		for (const component of cycles(files))
			for (const file of component) fileCycles.set(file, component);
		const { folders, why } = folderGraph(root, files);
		const folderCycles = new Map();
		for (const component of cycles(folders))
			for (const folder of component) folderCycles.set(folder, component);
		graphs.set(root, { files, fileCycles, why, folderCycles });
	}
	return graphs.get(root);
}

/** Every import of a file with its specifier's node, static, re-exported or dynamic. */
function importsOf(context, report) {
	const check = (node) => {
		if (
			node.source &&
			typeof node.source.value === 'string' &&
			node.importKind !== 'type' &&
			node.exportKind !== 'type'
		) {
			report(node.source.value, node);
		}
	};
	return {
		ImportDeclaration: (node) => {
			const specifiers = node.specifiers ?? [];
			// `import { type A }` only: erased, loads nothing
			if (specifiers.length && specifiers.every((one) => one.importKind === 'type')) return;
			check(node);
		},
		ExportNamedDeclaration: check,
		ExportAllDeclaration: check,
		ImportExpression: (node) => {
			if (node.source.type === 'Literal' && typeof node.source.value === 'string')
				report(node.source.value, node);
		}
	};
}

const name = (root, file) => relative(root, file);

const noCycle = {
	meta: {
		type: 'problem',
		docs: { description: 'A file may not import itself back through other files.' },
		schema: [
			{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }
		]
	},
	create(context) {
		const root = context.options[0]?.root ?? context.cwd;
		const file = context.filename;
		const { fileCycles } = graphOf(root);
		const component = fileCycles.get(file);
		if (!component) return {};
		return importsOf(context, (specifier, node) => {
			const target = resolveImport(root, file, specifier);
			if (!target || !component.includes(target)) return;
			context.report({
				node,
				message: `Import cycle: ${component.map((one) => name(root, one)).join(', ')} import each other. Move what they share to where it belongs (docs/architecture.md, "Layers").`
			});
		});
	}
};

const noFolderCycle = {
	meta: {
		type: 'problem',
		docs: {
			description: 'A folder of src/lib may not import another folder that imports it back.'
		},
		schema: [
			{ type: 'object', properties: { root: { type: 'string' } }, additionalProperties: false }
		]
	},
	create(context) {
		const root = context.options[0]?.root ?? context.cwd;
		const file = context.filename;
		const from = folderOf(root, file);
		if (!from || isTest(file)) return {};
		const { folderCycles, why } = graphOf(root);
		const component = folderCycles.get(from);
		if (!component) return {};
		return importsOf(context, (specifier, node) => {
			const target = resolveImport(root, file, specifier);
			const to = target && folderOf(root, target);
			if (!to || to === from || !component.includes(to)) return;
			const back = component
				.filter((one) => why.has(`${one}>${from}`))
				.map((one) =>
					why
						.get(`${one}>${from}`)
						.map((path) => name(root, path))
						.join(' -> ')
				);
			context.report({
				node,
				message: `Folder cycle: ${component.join(', ')} import each other (back to ${from}: ${back.join('; ') || 'through another folder'}). Move the code to the lower folder (docs/architecture.md, "Layers").`
			});
		});
	}
};

const layers = {
	meta: {
		type: 'problem',
		docs: {
			description:
				"Each folder of src/lib imports only what its row of docs/architecture.md's layer table allows."
		},
		schema: [
			{
				type: 'object',
				properties: { root: { type: 'string' }, layers: { type: 'object' } },
				additionalProperties: false
			}
		]
	},
	create(context) {
		const root = context.options[0]?.root ?? context.cwd;
		const table = context.options[0]?.layers ?? LAYERS;
		const file = context.filename;
		const from = folderOf(root, file);
		if (!from || isTest(file)) return {};
		const allowed = table[from];
		if (allowed === null) return {};
		return importsOf(context, (specifier, node) => {
			const target = resolveImport(root, file, specifier);
			const to = target && folderOf(root, target);
			if (!to || to === from) return;
			if (allowed && allowed.includes(to)) return;
			context.report({
				node,
				message: allowed
					? `${from} may import ${allowed.join(', ') || 'nothing of the app'}, not ${to} (docs/architecture.md, "Layers").`
					: `${from} is not in the layer table (docs/architecture.md, "Layers"; scripts/lint/plugin.mjs): give it a row.`
			});
		});
	}
};

export default {
	meta: { name: 'passpad' },
	rules: { 'no-cycle': noCycle, 'no-folder-cycle': noFolderCycle, layers }
};
