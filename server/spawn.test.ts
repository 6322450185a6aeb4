// A nats-server started on ports freePort found free, one of them taken meanwhile by another
// process (nats.ts, `spawnOnFreePorts`): it starts on new free ports, its config written anew,
// unless the port was given; and a server that stops before it listens is said at once.
import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { freePort, spawnOnFreePorts, type Node } from './nats';

const cleanUp: (() => void)[] = [];
afterEach(() => cleanUp.splice(0).forEach((clean) => clean()));

/** A port another process holds (a listener that is not nats-server). */
async function taken(): Promise<number> {
	const holder: Server = createServer();
	await new Promise<void>((done) => holder.listen(0, '127.0.0.1', done));
	cleanUp.push(() => holder.close());
	return (holder.address() as { port: number }).port;
}

/** A node in a folder of its own, and its config written from its ports as they are now. */
async function node(port: number) {
	const dir = mkdtempSync(join(tmpdir(), 'passpad-spawn-'));
	cleanUp.push(() => rmSync(dir, { recursive: true, force: true }));
	const made: Node = {
		port,
		wsPort: await freePort(),
		httpPort: await freePort(),
		clusterPort: 0,
		dir
	};
	const written: number[] = [];
	const config = () => {
		written.push(made.port);
		const path = join(dir, 'nats.conf');
		writeFileSync(
			path,
			`port: ${made.port}\nhttp: "127.0.0.1:${made.httpPort}"\nwebsocket {\n  port: ${made.wsPort}\n  no_tls: true\n}\n`
		);
		return path;
	};
	return { made, config, written };
}

const started = (child: ChildProcess) => cleanUp.unshift(() => child.kill('SIGKILL'));

describe('nats-server on free ports', () => {
	it('free ports: a port taken between freePort and the start is replaced, the config written anew', async () => {
		const port = await taken();
		const { made, config, written } = await node(port);
		const child = await spawnOnFreePorts(made, {}, config);
		started(child);
		expect(made.port).not.toBe(port);
		expect(written).toEqual([port, made.port]);
	});

	it('free ports: a port the server was given is never changed: its start fails, and says so at once', async () => {
		const port = await taken();
		const { made, config, written } = await node(port);
		// told by the process's exit ("stopped"), not by the wait for a port ("did not listen")
		await expect(spawnOnFreePorts(made, { port }, config)).rejects.toThrow(/stopped/);
		// tried on new ports for the others, never on another client port
		expect(written).toEqual([port, port, port]);
		expect(made.port).toBe(port);
	});
});
