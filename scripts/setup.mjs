// Installs what a fresh machine lacks, so that `npm start` and `npm test` are the only two
// commands anyone needs. Steps: `deps` (npm packages: on a fresh clone only what building and
// serving the app needs, package.json's "dependencies"), `dev` (with `deps`: the test, lint and
// measuring tools too, "devDependencies": Playwright, Lighthouse, Vitest, ESLint...),
// `chromium` (Debian's browser for the end-to-end tests; Playwright cannot download its own),
// `nats` (Debian's nats-server for live play and its tests; `nats-if-possible` says so and goes
// on where it cannot be installed, as `npm start` does: the app then works alone).
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

const wantsNats = steps.includes('nats') || steps.includes('nats-if-possible');
if (wantsNats) {
	// the server's own check (server/nats.ts) is TypeScript, built later: asked here as it does
	const natsInstalled = [process.env.NATS_SERVER ?? '/usr/sbin/nats-server', 'nats-server'].some(
		(binary) => {
			try {
				execSync(`"${binary}" --version`, { stdio: 'ignore' });
				return true;
			} catch {
				return false;
			}
		}
	);
	if (!natsInstalled) {
		const strict = steps.includes('nats');
		try {
			if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
				throw new Error('no apt-get here');
			}
			const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
			console.log('Installing Debian nats-server for live play…');
			run(`${sudo}apt-get update -qq`);
			run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nats-server`);
		} catch (error) {
			const why = `nats-server could not be installed (${error.message}).`;
			if (strict) {
				console.error(`${why} Install it (or set NATS_SERVER) to run the live tests.`);
				process.exit(1);
			}
			console.log(`${why} Live play is off; the app works alone.`);
		}
	}
}
