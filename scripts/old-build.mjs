// Yesterday's build, for tests/two-builds.e2e.ts (docs/wire.md, "Upgrade in place and phones on
// two versions"): the app at an older commit, built as that commit builds itself, into
// .old-build/<ref>/build (gitignored), beside today's build/. The commit is pinned in one place,
// tests/two-builds.ref. The source comes from `git archive <ref>` (a fresh clone has the
// history) into a folder of the system's temporary files, with this checkout's node_modules
// linked in, and is removed once built: only the build is kept, so no tool of this checkout
// (eslint, svelte-check, vitest) ever meets a second copy of the sources.
// Usage: node scripts/old-build.mjs [ref]. Does nothing when that build is already there.
import { execFileSync, execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { built } from './app.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The pinned commit: tests/two-builds.ref's one line. */
export const pinnedRef = () => readFileSync(join(root, 'tests/two-builds.ref'), 'utf8').trim();

/** Where the build of `ref` is (or will be): a folder scripts/serve.mjs can serve. */
export const oldBuildOf = (ref) => join(root, '.old-build', ref, 'build');

/** Builds the app at `ref` unless it is built already; returns its build folder. */
export function oldBuild(ref = pinnedRef()) {
	const target = oldBuildOf(ref);
	if (built(target)) return target;
	// the full commit, so `8c99279` and its 40 digits are one build (and a bad ref stops here)
	const commitOf = () =>
		execFileSync('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], {
			cwd: root,
			encoding: 'utf8'
		}).trim();
	let commit;
	try {
		commit = commitOf();
	} catch {
		// a shallow clone (CI may clone so): the pinned commit asked of the clone's origin once
		try {
			execFileSync('git', ['fetch', '--quiet', '--depth=1', 'origin', ref], { cwd: root });
			commit = commitOf();
		} catch {
			commit = '';
		}
	}
	if (!commit) {
		throw new Error(
			`The commit ${ref} (tests/two-builds.ref) is not in this clone's history: a shallow clone? \`git fetch --unshallow\` brings it.`
		);
	}
	const source = mkdtempSync(join(tmpdir(), `passpad-old-${ref}-`));
	try {
		execSync(`git archive --format=tar ${commit} | tar -x -C "${source}"`, {
			cwd: root,
			stdio: 'inherit'
		});
		// the same packages as today: if the old commit needs one this checkout lacks, its build
		// fails here, and the pinned ref must move to the nearest commit that builds
		symlinkSync(join(root, 'node_modules'), join(source, 'node_modules'), 'dir');
		const started = Date.now();
		console.log(`Building Passpad at ${ref} (${commit.slice(0, 12)}) for the two-builds test…`);
		execSync('npm run build', { cwd: source, stdio: 'inherit', env: { ...process.env } });
		if (!built(join(source, 'build'))) throw new Error(`the build at ${ref} made no app shell`);
		// moved in whole, only once built: a build stopped half-way is never taken for a build
		mkdirSync(join(target, '..'), { recursive: true });
		rmSync(target, { recursive: true, force: true });
		renameSync(join(source, 'build'), target);
		console.log(`Built ${ref} into ${target} in ${Math.round((Date.now() - started) / 1000)} s.`);
	} finally {
		rmSync(source, { recursive: true, force: true });
	}
	return target;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
	oldBuild(process.argv[2] ?? pinnedRef());
}
