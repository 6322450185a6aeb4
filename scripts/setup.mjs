// Installs what a fresh machine lacks, so that `npm start` and `npm test` are the only two
// commands anyone needs. Steps: `deps` (npm packages: on a fresh clone only what building and
// serving the app needs, package.json's "dependencies"), `dev` (with `deps`: the test, lint and
// measuring tools too, "devDependencies": Playwright, Lighthouse, Vitest, ESLint...),
// `chromium` (Debian's browser for the end-to-end tests; Playwright cannot download its own).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const run = (command) => execSync(command, { stdio: 'inherit' });
const steps = process.argv.slice(2);

if (steps.includes('deps')) {
	const installed = existsSync('node_modules/.package-lock.json');
	const stale =
		installed &&
		statSync('package-lock.json').mtimeMs > statSync('node_modules/.package-lock.json').mtimeMs;
	// a dev tool stands for them all: they are installed together
	const withDev = existsSync('node_modules/@playwright/test');
	const wantDev = steps.includes('dev');
	if (!installed || stale || (wantDev && !withDev)) {
		// `npm ci` refuses the lockfile made on this platform (it omits other platforms' optional
		// packages); `npm install` honours it. `--omit=dev` never removes tools already there.
		const omitDev = !wantDev && !withDev;
		run(`npm install --no-audit --no-fund${omitDev ? ' --omit=dev' : ''}`);
	}
}

if (steps.includes('chromium')) {
	const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
	if (!existsSync(browser)) {
		if (process.platform === 'linux' && existsSync('/usr/bin/apt-get')) {
			const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
			console.log('Installing Debian chromium for the browser tests…');
			run(`${sudo}apt-get update -qq`);
			run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`);
		} else {
			console.error(
				`No Chromium at ${browser}. Install it (or set CHROMIUM_PATH) to run the browser tests.`
			);
			process.exit(1);
		}
	}
}
