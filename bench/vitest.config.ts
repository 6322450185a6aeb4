import { defineConfig } from 'vitest/config';

// The rules benches: plain TypeScript, no Svelte, so no Kit plugin is needed.
export default defineConfig({
	test: {
		include: ['bench/**/*.bench.ts'],
		environment: 'node',
		testTimeout: 300_000,
		reporters: ['default']
	}
});
