import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The rules benches: plain TypeScript, no Svelte, so no Kit plugin is needed; `$lib` as the app
// resolves it, for the modules that name it (the ratings read the record's ranking from share/).
export default defineConfig({
	resolve: { alias: { $lib: fileURLToPath(new URL('../src/lib', import.meta.url)) } },
	test: {
		include: ['bench/**/*.bench.ts'],
		environment: 'node',
		testTimeout: 300_000,
		reporters: ['default']
	}
});
