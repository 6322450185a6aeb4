// Before and after in one run (bench/RESULTS.md, "Method"): the app built as it was at a git
// ref, beside this checkout's own `build/`, so a bench serves both and measures them in turn
// under the same load. Built once into .old-build/<commit> by scripts/old-build.mjs (the
// two-builds test's older build is the same folder).
//   node bench/ref-build.mjs <ref>        builds it, prints the build folder
// A bench given `--compare <ref>` calls buildsToCompare: [{ label, dir }] for the ref and now.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { oldBuild } from '../scripts/old-build.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The build folder of `ref` (built once by scripts/old-build.mjs, as the two-builds test's). */
export function buildOfRef(ref) {
	const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
	return { commit, dir: oldBuild(commit) };
}

/**
 * The builds a bench measures: with `--compare <ref>` in `argv`, the ref's and this checkout's
 * (`build/`, or BENCH_BUILD), labelled; else this checkout's alone. `argv` loses the two words.
 */
export function buildsToCompare(argv) {
	const now = { label: 'now', dir: resolve(ROOT, process.env.BENCH_BUILD ?? 'build') };
	const at = argv.indexOf('--compare');
	if (at < 0) return [now];
	const ref = argv[at + 1];
	if (!ref) throw new Error('--compare needs a git ref');
	argv.splice(at, 2);
	const before = buildOfRef(ref);
	const head = git('rev-parse', '--short', 'HEAD');
	return [
		{ label: `${ref} (${before.commit.slice(0, 7)})`, dir: before.dir },
		{ label: `now (${head}${git('status', '--porcelain') ? ' + changes' : ''})`, dir: now.dir }
	];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	console.log(buildOfRef(process.argv[2] ?? 'HEAD').dir);
}
