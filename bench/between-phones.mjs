// The three figures between phones (a new phone joining a big group, the pen to a follower's
// paint, a tap in a group), printed, never asserted, before and
// after in one run (bench/RESULTS.md, "Method"):
//   (a) a group's new phone with 10,000 matches: joined -> every match validated, replayed and
//       written (bench/group.mjs, Chromium, the real build and nats-server);
//   (b) the pen's commit -> each of 3 followers' paint, p95, on a loaded machine
//       (bench/live-paint.mjs, with `--load N` busy processes beside it, one a core by default);
//   (c) a tap's commit and tap to painted on a phone in a group of 50 members and 10,000
//       matches (the match recorded for the group) against a phone in no group (bench/tap.mjs
//       through bench/group.mjs --taps).
// With `--compare <ref>` each figure is measured on the app built at that git ref too
// (bench/ref-build.mjs), the builds in turn under the same load.
// Usage: node bench/between-phones.mjs [--compare <ref>] [--matches 10000] [--runs 2] [--load 2]
//   (after `npm run build`)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { buildsToCompare } from './ref-build.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
	const at = argv.indexOf(name);
	return at < 0 ? fallback : argv[at + 1];
};
const ref = option('--compare', null);
const matches = Number(option('--matches', 10_000));
const runs = Number(option('--runs', 2));
const busy = Number(option('--load', cpus().length));
const load = () =>
	loadavg()
		.map((value) => value.toFixed(1))
		.join(', ');
const compare = ref ? ['--compare', ref] : [];
// built once here, so the benches below find both
const builds = buildsToCompare(['', '', ...compare]);

console.log(
	`between phones, ${new Date().toISOString().slice(0, 16)} UTC, ${cpus().length} cores, load average ${load()}; builds: ${builds.map((build) => build.label).join(' and ')}`
);

// (a) and (c)
console.log(`\n== (a) a new phone, ${matches} matches; (c) taps in the group and in no group`);
spawnSync(
	process.execPath,
	['bench/group.mjs', String(matches), String(runs), ...compare, '--taps'],
	{ stdio: 'inherit' }
);

// (b), each build with the machine loaded by `busy` spinning processes
console.log(`\n== (b) live, pen's commit -> 3 followers' paint, ${busy} busy processes beside it`);
const PAINT = 'reports/live-paint.json';
const paints = [];
for (const build of builds) {
	const spinners = Array.from({ length: busy }, () =>
		spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
	);
	const before = load();
	rmSync(PAINT, { force: true });
	spawnSync(process.execPath, ['bench/live-paint.mjs'], {
		stdio: 'inherit',
		env: { ...process.env, BENCH_BUILD: build.dir }
	});
	for (const spinner of spinners) spinner.kill();
	// a run that failed leaves no figure: never the last run's figure in its place
	if (!existsSync(PAINT)) {
		console.log(`${build.label}: live-paint.mjs gave no figure`);
		continue;
	}
	const figure = JSON.parse(readFileSync(PAINT, 'utf8'));
	paints.push({ build, figure, before });
}
console.log(`\n== (b) summary`);
for (const { build, figure, before } of paints) {
	console.log(
		`${build.label}: p50 ${figure.p50.toFixed(1)} ms, p95 ${figure.p95.toFixed(1)} ms, max ${figure.max.toFixed(1)} ms over ${figure.receipts} paints` +
			` (${figure.missed} not seen in 5 s; load ${before} at the start, ${figure.load.join(' then ')} over it)`
	);
}
console.log(`\nload average at the end ${load()}`);
