import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.PORT ?? 4173);

export default defineConfig({
	testDir: 'tests',
	testMatch: '**/*.e2e.ts',
	fullyParallel: true,
	workers: 2,
	retries: 0,
	timeout: 60_000,
	expect: { timeout: 10_000 },
	reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
	use: {
		baseURL: `http://localhost:${port}`,
		// a phone in portrait, held in one hand
		...devices['Pixel 7'],
		browserName: 'chromium',
		launchOptions: {
			// Playwright cannot download its own browser here: Debian's chromium it is.
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
				'--no-first-run'
			]
		},
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
		locale: 'en-GB'
	},
	webServer: {
		// the real static build, served as a static host would (npm test builds first)
		command: `node scripts/serve.mjs ${port}`,
		port,
		reuseExistingServer: !process.env.CI
	}
});
