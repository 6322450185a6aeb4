// Starts scripts/serve.mjs on a port of its own (a build folder other than build/ may be given)
// and resolves once it answers, for the scripts and browser tests that need their own server.
import { spawn } from 'node:child_process';

/** A loaded machine (the CI's 2 cores shared) can take seconds to start node and read the build. */
const BUDGET = 30_000;

/**
 * @param {number} port
 * @param {string} [root] the folder to serve (default build/)
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
export async function startServer(port, root) {
	const args = ['scripts/serve.mjs', String(port), ...(root ? [root] : [])];
	const server = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
	let said = '';
	/** @type {string | null} */
	let exited = null;
	let listening = false;
	server.stdout.on('data', (chunk) => {
		said += chunk;
		// serve.mjs says so once its own socket listens: then whatever answers is this server,
		// not another one left on the port (that one would make this child fail and exit)
		if (said.includes(`Passpad is served on http://localhost:${port}`)) listening = true;
	});
	server.stderr.on('data', (chunk) => (said += chunk));
	server.once('exit', (code, signal) => (exited = String(signal ?? code)));
	const deadline = Date.now() + BUDGET;
	while (Date.now() < deadline) {
		if (exited !== null)
			throw new Error(
				`scripts/serve.mjs on port ${port} exited (${exited}) before answering:\n${said}`
			);
		if (listening) {
			const up = await fetch(`http://localhost:${port}/`).then(
				(response) => response.ok,
				() => false
			);
			if (up) {
				// nothing reads these any more: a full pipe must not stall the child
				server.stdout.resume();
				server.stderr.resume();
				return server;
			}
		}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	server.kill();
	throw new Error(
		`scripts/serve.mjs did not answer on port ${port} within ${BUDGET / 1000} s:\n${said}`
	);
}
