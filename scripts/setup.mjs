// Installs what a fresh machine lacks, so that `npm start` and `npm test` are the only two
// commands anyone needs. Steps: `deps` (npm packages), `chromium` (Debian's browser for the
// end-to-end tests; Playwright cannot download its own here).
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const run = (command) => execSync(command, { stdio: 'inherit' });
const steps = process.argv.slice(2);

if (steps.includes('deps')) {
	const installed = existsSync('node_modules/.package-lock.json');
	const stale =
		installed &&
		statSync('package-lock.json').mtimeMs > statSync('node_modules/.package-lock.json').mtimeMs;
	if (!installed || stale) {
		// `npm ci` refuses the lockfile made on this platform (it omits other platforms' optional
		// packages); `npm install` honours it.
		run('npm install --no-audit --no-fund');
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
