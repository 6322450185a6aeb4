import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.PORT ?? 4173);
// the keeper's pen silence (server/keeper.ts): the tests move the phones' clocks on 30 s, not the server's; tests/pen-silence.e2e.ts sets its own
process.env.PASSPAD_PEN_SILENCE_MS ??= '0';

/**
 * The files whose tests meet the service worker: offline, installing, updating, caching, the
 * network cut or routed (a worker's fetch is not a page's, so a route misses it), the live
 * ones. Every other test blocks it: registered on each fresh context, the worker fetched and
 * cached the whole build (212 files) beside a test that never reads it, about a third of a
 * short test's CPU on this machine (hostile-ids.e2e: 52 s of CPU with it, 37 s without).
 */
const WITH_WORKER = [
	'app',
	'board',
	'delivery',
	'evening',
	'evening-board',
	'faults',
	'first-paint',
	'first-visit',
	'follow',
	'group',
	'group-refusals',
	'hardening',
	'install',
	'live',
	'refusals',
	'scan',
	'share',
	'tls'
].map((name) => `**/${name}.e2e.ts`);

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
		// a failed test's trace keeps its actions, console, network and sources; the DOM
		// snapshots and screencast it would also record around every action of every test (and
		// throw away when it passes) cost a fifth of the suite's CPU (resolve-games and a whole
		// I'll Pass game, twice each: 15.2 and 14.9 s of CPU with them, 12.3 and 11.0 without);
		// the failure's own screenshot below still shows the screen as it stood
		trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
		screenshot: 'only-on-failure',
		locale: 'en-GB'
	},
	projects: [
		{ name: 'with the service worker', testMatch: WITH_WORKER },
		{
			name: 'phone',
			testIgnore: WITH_WORKER,
			use: { serviceWorkers: 'block' }
		}
	],
	webServer: {
		// the real static build, served as a static host would (npm test builds first)
		command: `node scripts/serve.mjs ${port}`,
		port,
		reuseExistingServer: !process.env.CI
	}
});
