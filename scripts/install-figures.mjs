// What `npm start` costs a newcomer: the time from a fresh clone to "served" (install, build,
// serve) and the size of the node_modules it installs. The figures go to bench/RESULTS.md
// ("Install"); the load average is printed beside them, as the machine may be shared.
// Usage: node scripts/install-figures.mjs [port] (clones this checkout's last commit into a
// temporary folder, runs `npm start` there on the port, 4173 by default, stops it once served).
// npm's cache decides much of the install time: run it twice to see it filled.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';

const port = process.argv[2] ?? process.env.PORT ?? '4173';
const dir = mkdtempSync(`${tmpdir()}/passpad-fresh-`);
const load = () => loadavg().map((n) => n.toFixed(1))[0];
const seconds = (from) => ((Date.now() - from) / 1000).toFixed(1);

execSync(`git clone -q . ${dir}`);
const start = Date.now();
const loads = [load()];
/** @type {Record<string, string>} when each step was reached, in seconds from the start */
const reached = {};
const child = spawn('npm', ['start'], {
	cwd: dir,
	env: { ...process.env, PORT: port },
	detached: true, // its own process group: stopping it stops the live server it starts too
	stdio: ['ignore', 'pipe', 'inherit']
});
const sampler = setInterval(() => loads.push(load()), 5000);
let output = '';
child.stdout.on('data', (chunk) => {
	output += chunk;
	process.stdout.write(chunk);
	if (!reached.installed && /added \d+ packages|up to date/.test(output)) {
		reached.installed = seconds(start);
	}
	if (!reached.built && /Precompressed/.test(output)) reached.built = seconds(start);
	if (!reached.served && /Passpad is served/.test(output)) {
		reached.served = seconds(start);
		process.kill(-child.pid, 'SIGTERM');
	}
});
const code = await new Promise((resolve) => child.on('exit', resolve));
clearInterval(sampler);

const modules = `${dir}/node_modules`;
const bytes = existsSync(modules)
	? Number(execSync(`du -sb ${modules}`).toString().split('\t')[0])
	: 0;
const lock = existsSync(`${modules}/.package-lock.json`)
	? JSON.parse(readFileSync(`${modules}/.package-lock.json`, 'utf8'))
	: { packages: {} };
const packages = Object.keys(lock.packages).filter((path) => path.startsWith('node_modules/'));
rmSync(dir, { recursive: true, force: true });

if (!reached.served) {
	console.error(`npm start stopped (code ${code}) before it served.`);
	process.exit(1);
}
console.log(
	[
		`fresh clone to served: ${reached.served} s (installed at ${reached.installed ?? '?'} s, built at ${reached.built ?? '?'} s)`,
		`node_modules: ${(bytes / 1e6).toFixed(0)} MB, ${packages.length} packages`,
		`load average (1 min) during the run: ${Math.min(...loads)} to ${Math.max(...loads)}`,
		`${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, node ${process.version}`
	].join('\n')
);
