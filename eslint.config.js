import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';
import passpad from './scripts/lint/plugin.mjs';

/** The writes of a match and its log: only its store calls them (src/lib/match/store.ts). */
const MATCH_WRITES = [
	'appendAction',
	'undoAction',
	'redoAction',
	'replaceLog',
	'setNotes',
	'setTimePlayed',
	'abandonMatch',
	'resumeMatch',
	'handOverMatch',
	'removeMatch',
	'deleteMatch',
	'restoreMatch'
];

export default ts.config(
	{
		ignores: [
			'build/',
			'build-server/',
			'.svelte-kit/',
			'src/lib/paraglide/',
			'test-results/',
			'playwright-report/',
			'dev-dist/',
			'reports/',
			'.tmp-shots/',
			'.old-build/'
		]
	},
	js.configs.recommended,
	...ts.configs.recommended,
	...svelte.configs.recommended,
	prettier,
	...svelte.configs.prettier,
	{
		languageOptions: { globals: { ...globals.browser, ...globals.node } },
		rules: {
			'no-undef': 'off',
			'@typescript-eslint/no-unused-vars': [
				'error',
				{ argsIgnorePattern: '^_', varsIgnorePattern: '^_' }
			],
			// The app is served from the origin's root with absolute paths (svelte.config.js
			// paths.relative = false, no base), so plain hrefs are already resolved.
			'svelte/no-navigation-without-resolve': 'off'
		}
	},
	{
		files: ['**/*.svelte', '**/*.svelte.ts', '**/*.svelte.js'],
		languageOptions: {
			parserOptions: {
				projectService: true,
				extraFileExtensions: ['.svelte'],
				parser: ts.parser,
				svelteConfig
			}
		}
	},
	{
		// One writer per match (docs/architecture.md, "Who writes what"): every change to a match
		// goes through its store (src/lib/match/store.ts); no screen writes a match row or its log.
		files: ['src/**/*.ts', 'src/**/*.svelte'],
		ignores: ['src/lib/db/**', 'src/lib/match/store.ts', 'src/lib/rules/**', '**/*.test.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{
					patterns: [
						{
							group: ['$lib/db', '$lib/db/*', '**/db', '**/db/*'],
							importNames: MATCH_WRITES,
							message:
								'A match is written by its store only: use MatchStore (src/lib/match/store.ts).'
						}
					]
				}
			]
		}
	},
	{
		// No import cycle between files, nor between the folders of src/lib, and each folder
		// imports only the folders below it (docs/architecture.md, "Layers";
		// scripts/lint/plugin.mjs, its table LAYERS). Every .ts, .js and .svelte file's static,
		// re-exported and dynamic imports count; `import type` loads nothing and does not.
		files: ['src/**/*.ts', 'src/**/*.js', 'src/**/*.svelte'],
		ignores: ['src/lib/paraglide/**'],
		plugins: { passpad },
		rules: {
			'passpad/no-cycle': 'error',
			'passpad/no-folder-cycle': 'error',
			'passpad/layers': 'error'
		}
	},
	{
		// Rules are pure: no Svelte, DOM or storage in src/lib/rules (docs/architecture.md).
		files: ['src/lib/rules/**/*.ts'],
		rules: {
			'no-restricted-imports': [
				'error',
				{ patterns: ['svelte', 'svelte/*', 'dexie', '$app/*', '$lib/db*', '**/db/*', '*.svelte'] }
			],
			'no-restricted-globals': [
				'error',
				'window',
				'document',
				'indexedDB',
				'localStorage',
				'navigator'
			]
		}
	}
);
