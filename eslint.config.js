import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import ts from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

export default ts.config(
	{
		ignores: [
			'build/',
			'.svelte-kit/',
			'src/lib/paraglide/',
			'test-results/',
			'playwright-report/',
			'dev-dist/',
			'reports/',
			'.tmp-shots/'
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
