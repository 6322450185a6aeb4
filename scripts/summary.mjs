// The closing line of `npm test`: unit and browser tests counted together, in the plain
// "N passed, N failed" form any CI can read. Reads the JSON reports the two runners wrote.
import { existsSync, readFileSync } from 'node:fs';
import { timeLines } from './e2e-times.mjs';

const read = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);
const unit = read('reports/unit.json');
const e2e = read('reports/e2e.json');
let passed = 0;
let failed = 0;
let skipped = 0;
if (unit) {
	passed += unit.numPassedTests;
	failed += unit.numFailedTests;
	skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
	console.log(`unit: ${unit.numPassedTests} passed, ${unit.numFailedTests} failed`);
}
if (e2e) {
	const { expected = 0, unexpected = 0, flaky = 0, skipped: e2eSkipped = 0 } = e2e.stats ?? {};
	passed += expected + flaky;
	failed += unexpected;
	skipped += e2eSkipped;
	console.log(`browser: ${expected + flaky} passed, ${unexpected} failed`);
	// where the browser suite's time goes, for the next one to shorten (scripts/e2e-times.mjs)
	for (const line of timeLines(e2e, 8).slice(0, 2)) console.log(line);
}
console.log(`total: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || (!unit && !e2e) ? 1 : 0);
