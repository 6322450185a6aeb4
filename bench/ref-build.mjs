// Before and after in one run (bench/RESULTS.md, "Method"): the app built as it was at a git
// ref, beside this checkout's own `build/`, so a bench serves both and measures them in turn
// under the same load. The ref's files come from `git archive` into a folder of the system's
// temporary directory (kept, keyed by the commit: a second run reuses it), built there with this
// checkout's node_modules.
//   node bench/ref-build.mjs <ref>        builds it, prints the build folder
// A bench given `--compare <ref>` calls buildsToCompare: [{ label, dir }] for the ref and now.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();

/** The build folder of `ref` (built on first use), and the commit it names. */
export function buildOfRef(ref) {
	const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
	const dir = join(tmpdir(), `passpad-ref-${commit.slice(0, 12)}`);
	const build = join(dir, 'build');
	if (existsSync(join(build, 'index.html')) && existsSync(join(build, '200.html'))) {
		return { commit, dir: build };
	}
	mkdirSync(dir, { recursive: true });
	execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${dir}'`], { cwd: ROOT });
	if (!existsSync(join(dir, 'node_modules'))) {
		symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
	}
	console.log(`building ${ref} (${commit.slice(0, 7)}) in ${dir} ...`);
	const built = spawnSync('npm', ['run', 'build'], {
		cwd: dir,
		stdio: ['ignore', 'ignore', 'inherit']
	});
	if (built.status !== 0) throw new Error(`the build of ${ref} failed`);
	return { commit, dir: build };
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
