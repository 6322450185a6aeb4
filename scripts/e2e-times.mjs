// Where the browser suite's time goes, from the report Playwright wrote (reports/e2e.json):
// the sum of every test's time, the wall time of the run, and the slowest files and tests.
// `node scripts/e2e-times.mjs [report] [how many]`; scripts/summary.mjs prints its first lines.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Every test's time (its last try) with its file and title, from a Playwright JSON report. */
export function testTimes(report) {
	const times = [];
	const walk = (suite, titles) => {
		for (const spec of suite.specs ?? []) {
			for (const test of spec.tests) {
				const result = test.results.at(-1);
				if (!result) continue;
				times.push({
					file: spec.file,
					title: [...titles, spec.title].join(' › '),
					seconds: result.duration / 1000
				});
			}
		}
		for (const inner of suite.suites ?? []) walk(inner, [...titles, inner.title]);
	};
	for (const suite of report.suites ?? []) walk(suite, []);
	return times;
}

/** The lines to print: the sum and wall time, then the `top` slowest files and tests. */
export function timeLines(report, top = 12) {
	const times = testTimes(report);
	const sum = times.reduce((total, test) => total + test.seconds, 0);
	const wall = (report.stats?.duration ?? 0) / 1000;
	const perFile = new Map();
	for (const test of times) perFile.set(test.file, (perFile.get(test.file) ?? 0) + test.seconds);
	const files = [...perFile].sort((a, b) => b[1] - a[1]).slice(0, top);
	const tests = [...times].sort((a, b) => b.seconds - a.seconds).slice(0, top);
	const s = (seconds) => `${Math.round(seconds)} s`;
	return [
		`browser time: ${(sum / 60).toFixed(1)} min summed over ${times.length} tests, ${(wall / 60).toFixed(1)} min wall`,
		`slowest files: ${files.map(([file, seconds]) => `${file.replace(/\.e2e\.ts$/, '')} ${s(seconds)}`).join(', ')}`,
		`slowest tests: ${tests.map((test) => `${test.file.replace(/\.e2e\.ts$/, '')} “${test.title}” ${s(test.seconds)}`).join('; ')}`
	];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const path = process.argv[2] ?? 'reports/e2e.json';
	if (!existsSync(path)) {
		console.log(`${path}: no browser report yet (npm run test:e2e writes it)`);
		process.exit(1);
	}
	for (const line of timeLines(
		JSON.parse(readFileSync(path, 'utf8')),
		Number(process.argv[3] ?? 12)
	))
		console.log(line);
}
