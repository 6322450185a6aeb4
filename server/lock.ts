// The registry's one owner (docs/live.md, "One owner of the registry"): a running server holds
// `registry.lock` in its data folder (its pid in it) for as long as it runs, and alone writes
// tables.json; `npm run server -- revoke…` asks that server, or, with none running, takes the
// lock itself for its one change. A lock whose process is gone (a server killed) is taken over.
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const lockFile = (dir: string) => join(dir, 'registry.lock');

/** Whether a process with this pid runs (signal 0 asks without sending anything). */
function running(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		// EPERM: it runs, as another user
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/** The pid of the running process that holds the folder's lock, or null. */
export function lockHolder(dir: string): number | null {
	let pid: number;
	try {
		pid = Number(readFileSync(lockFile(dir), 'utf8').trim());
	} catch {
		return null;
	}
	return running(pid) ? pid : null;
}

export interface Lock {
	release(): void;
}

/**
 * Takes the folder's lock for this process, or null when a running process holds it. Its pid is
 * written first and the file linked into place (a link fails when the name exists): of two
 * processes taking it at once one gets it, and nobody ever reads a lock without its pid.
 */
export function takeLock(dir: string): Lock | null {
	const file = lockFile(dir);
	for (let tries = 0; tries < 2; tries++) {
		const mine = `${file}.${process.pid}`;
		writeFileSync(mine, String(process.pid), { mode: 0o600 });
		try {
			linkSync(mine, file);
			return {
				release() {
					if (lockHolder(dir) === process.pid) rmSync(file, { force: true });
				}
			};
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
			if (lockHolder(dir) !== null) return null;
			// its process is gone: a stale lock
			rmSync(file, { force: true });
		} finally {
			rmSync(mine, { force: true });
		}
	}
	return null;
}
