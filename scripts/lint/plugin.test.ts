import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import ts from 'typescript-eslint';
import svelteParser from 'svelte-eslint-parser';
import passpad, { LAYERS } from './plugin.mjs';
import { cycles, folderGraph, importGraph } from './imports.mjs';

/** A small app on disk: files under src/lib, to lint as the project lints its own. */
function app(files: Record<string, string>): string {
	const root = mkdtempSync(join(tmpdir(), 'passpad-lint-'));
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(dirname(join(root, path)), { recursive: true });
		writeFileSync(join(root, path), text);
	}
	made.push(root);
	return root;
}
const made: string[] = [];
afterAll(() => made.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function lint(root: string, layers?: Record<string, string[] | null>) {
	const eslint = new ESLint({
		cwd: root,
		overrideConfigFile: true,
		overrideConfig: [
			{ files: ['**/*.ts'], languageOptions: { parser: ts.parser } },
			{
				files: ['**/*.svelte'],
				languageOptions: { parser: svelteParser, parserOptions: { parser: ts.parser } }
			},
			{
				files: ['**/*.ts', '**/*.svelte'],
				plugins: { passpad },
				rules: {
					'passpad/no-cycle': ['error', { root }],
					'passpad/no-folder-cycle': ['error', { root }],
					'passpad/layers': ['error', { root, ...(layers ? { layers } : {}) }]
				}
			}
		]
	});
	const results = await eslint.lintFiles(['src']);
	return results.flatMap((result) =>
		result.messages.map((message) => ({
			file: result.filePath.slice(root.length + 1),
			rule: message.ruleId,
			message: message.message
		}))
	);
}

const free = { rules: [], wire: ['rules'], db: ['rules', 'wire'], live: ['db', 'wire'] };

describe('lint: no import cycle, between files or folders (docs/architecture.md, "Layers")', () => {
	it('lint: two files that import each other are both refused, a .svelte file counted like a module', async () => {
		const root = app({
			'src/lib/live/table.ts': "import { pen } from './pen';\nexport const table = pen;\n",
			'src/lib/live/pen.ts': "import { table } from './Pen.svelte';\nexport const pen = 1;\n",
			'src/lib/live/Pen.svelte':
				'<script module lang="ts">\n\timport { table } from \'./table\';\n\texport const again = table;\n</script>\n'
		});
		const found = await lint(root, { ...free });
		const cyclic = found.filter((one) => one.rule === 'passpad/no-cycle');
		expect(cyclic.map((one) => one.file).sort()).toEqual([
			'src/lib/live/Pen.svelte',
			'src/lib/live/pen.ts',
			'src/lib/live/table.ts'
		]);
		expect(cyclic[0].message).toMatch(/Import cycle/);
	});

	it('lint: a dynamic import() is a dependency like any other; `import type` loads nothing and is not', async () => {
		const root = app({
			'src/lib/live/table.ts': "export const open = () => import('./start');\n",
			'src/lib/live/start.ts': "import { open } from './table';\nexport const go = open;\n",
			'src/lib/live/link.ts': "import type { Kept } from './kept';\nexport type Link = Kept;\n",
			'src/lib/live/kept.ts': "import { type Link } from './link';\nexport type Kept = Link | 1;\n"
		});
		const found = await lint(root, { ...free });
		expect(found.map((one) => one.file).sort()).toEqual([
			'src/lib/live/start.ts',
			'src/lib/live/table.ts'
		]);
	});

	it('lint: two folders that import each other are refused, naming the way back; a test may reach across', async () => {
		const root = app({
			'src/lib/db/backup.ts': "import { GROUP } from '$lib/live/names';\nexport const b = GROUP;\n",
			'src/lib/live/names.ts': "export const GROUP = 'g';\n",
			'src/lib/live/local.ts': "import { b } from '$lib/db/backup';\nexport const l = b;\n",
			'src/lib/wire/ids.test.ts': "import { l } from '$lib/live/local';\nexport const t = l;\n"
		});
		const found = await lint(root, { ...free, db: ['rules', 'wire', 'live'] });
		const folders = found.filter((one) => one.rule === 'passpad/no-folder-cycle');
		expect(folders.map((one) => one.file).sort()).toEqual([
			'src/lib/db/backup.ts',
			'src/lib/live/local.ts'
		]);
		expect(folders[0].message).toMatch(/db, live/);
		expect(found.some((one) => one.file.endsWith('.test.ts'))).toBe(false);
	});

	it('lint: a folder importing one its row does not name is refused, and so is a folder without a row', async () => {
		const root = app({
			'src/lib/db/match.ts': "import { m } from '$lib/match/store';\nexport const d = m;\n",
			'src/lib/match/store.ts': 'export const m = 1;\n',
			'src/lib/stray/thing.ts': "import { m } from '../match/store';\nexport const s = m;\n"
		});
		const found = await lint(root, { ...free, match: [] });
		expect(found.filter((one) => one.rule === 'passpad/layers').map((one) => one.message)).toEqual([
			'db may import rules, wire, not match (docs/architecture.md, "Layers").',
			'stray is not in the layer table (docs/architecture.md, "Layers"; scripts/lint/plugin.mjs): give it a row.'
		]);
	});
});

describe("lint: Passpad's own graph", () => {
	const root = resolve(import.meta.dirname, '../..');
	it('lint: the layer table itself has no cycle, so following it can make none', () => {
		const graph = new Map(
			Object.entries(LAYERS).map(([folder, may]) => [folder, new Set(may ?? [])])
		);
		expect(cycles(graph)).toEqual([]);
	});

	it('lint: the app has no cycle between files or between folders', () => {
		const files = importGraph(root);
		expect(cycles(files).map((one) => one.map((file) => file.slice(root.length + 1)))).toEqual([]);
		expect(cycles(folderGraph(root, files).folders)).toEqual([]);
	});
});
