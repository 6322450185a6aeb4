// Starts scripts/serve.mjs on a port of its own (a build folder other than build/ may be given)
// and resolves once it answers, for the scripts and browser tests that need their own server.
import { spawn } from 'node:child_process';

/**
 * @param {number} port
 * @param {string} [root] the folder to serve (default build/)
 * @returns {Promise<import('node:child_process').ChildProcess>}
 */
export async function startServer(port, root) {
	const args = ['scripts/serve.mjs', String(port), ...(root ? [root] : [])];
	const server = spawn(process.execPath, args, { stdio: 'ignore' });
	for (let tries = 0; tries < 100; tries++) {
		const up = await fetch(`http://localhost:${port}/`).then(
			(response) => response.ok,
			() => false
		);
		if (up) return server;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	server.kill();
	throw new Error(`scripts/serve.mjs did not start on port ${port}`);
}
