// Two builds against one server (docs/wire.md, "Upgrade in place and phones on two versions"):
// today's live server (tests/live.ts: nats-server and the app beside it, as `npm run server`
// does) and, on a second port, yesterday's build (scripts/old-build.mjs, the commit pinned in
// tests/two-builds.ref) served the same way, its WebSocket at /nats reaching the same nats-server.
// A phone that has not updated yet is a browser context on the old build's origin; both origins
// hold the same accounts, streams and groups, as one server with phones on two versions would.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { freePort } from '../server/nats';
import { proxyLiveForTests } from '../server/proxy.testing';
import { answerClosed } from '../server/closed';
import { answerOpen } from '../server/open-http';
import { startLiveApp } from './live';

/** The older commit the test plays against: tests/two-builds.ref's one line. */
export const OLD_REF = readFileSync(new URL('two-builds.ref', import.meta.url), 'utf8').trim();

/**
 * Yesterday's build folder, built first when it is not there yet (about a minute: the app's
 * own `npm run build` at that commit, once; scripts/old-build.mjs keeps it in .old-build/).
 */
async function oldBuild(): Promise<string> {
	const script = new URL('../scripts/old-build.mjs', import.meta.url).pathname;
	// the build's own words only when it fails: a passing run's log stays the tests' own
	const said: Buffer[] = [];
	await new Promise<void>((resolve, reject) => {
		const child = spawn(process.execPath, [script, OLD_REF], { stdio: ['ignore', 'pipe', 'pipe'] });
		child.stdout.on('data', (chunk: Buffer) => said.push(chunk));
		child.stderr.on('data', (chunk: Buffer) => said.push(chunk));
		child.on('error', reject);
		child.on('close', (code) => {
			if (code === 0) return resolve();
			console.log(Buffer.concat(said).toString());
			reject(new Error(`the build at ${OLD_REF} failed (exit ${code}): its output is above`));
		});
	});
	const built = Buffer.concat(said)
		.toString()
		.match(/^Built .*$/m);
	if (built) console.log(built[0]);
	return new URL(`../.old-build/${OLD_REF}/build`, import.meta.url).pathname;
}

/** Today's server and app, and yesterday's app on a second port beside them. */
export async function startTwoBuilds() {
	const folder = await oldBuild();
	const app = await startLiveApp();
	// scripts/app.mjs is plain, untyped JavaScript of the static server: loaded as it is
	const script: string = '../scripts/app.mjs';
	const { appHandler } = await import(/* @vite-ignore */ script);
	const closed = answerClosed(app.live.closedTable, appHandler(folder));
	const server = createServer(answerOpen(app.live.openDoor?.open ?? null, closed));
	const proxy = proxyLiveForTests(server, () => app.live.nodes[0].wsPort);
	const port = await freePort();
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	const oldOrigin = `http://localhost:${port}`;
	return {
		/**
		 * Each build's own version (SvelteKit's, the time it was built): a phone's page asks its
		 * origin for it, so a test knows which build each phone runs
		 */
		versions: { old: versionOf(folder), new: versionOf('build') },
		/** today's build */
		newOrigin: app.origin,
		/** yesterday's build */
		oldOrigin,
		live: app.live,
		/** the host link, opened on yesterday's build */
		oldHostLink: onOrigin(app.hostLink, oldOrigin),
		/** Cuts the phones `who` names off the server and refuses them, on both builds' doors. */
		refuse(who: (agent: string) => boolean) {
			app.proxy.refuse(who);
			proxy.refuse(who);
		},
		async stop() {
			proxy.cut();
			server.close();
			await app.stop();
		}
	};
}

/** A build folder's version, as SvelteKit wrote it (`_app/version.json`). */
function versionOf(folder: string): string {
	const file = join(folder, '_app', 'version.json');
	return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

/**
 * A link one phone shows, opened on another phone's build: the same path and fragment on the
 * other origin (the link names no server, so each phone reaches the one server through its own).
 */
export function onOrigin(link: string, origin: string): string {
	const url = new URL(link, origin);
	return `${origin}${url.pathname}${url.search}${url.hash}`;
}
