// The nats-server processes: where the binary is, which version it is, free ports, starting a
// node and waiting for it, a config reload and waiting until it is read (docs/live.md, "A new
// table: config reload").
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { connect } from '@nats-io/transport-node';
import {
	KEEPER_ACCOUNT,
	groupAccountOf,
	groupStreamOf,
	inboxOf,
	readSubject
} from '../src/lib/wire/names.js';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, connect as tcpConnect, type AddressInfo } from 'node:net';

export const NATS_SERVER = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';
const natsBinary = () => (existsSync(NATS_SERVER) ? NATS_SERVER : 'nats-server');

/** What `nats-server --version` says ("nats-server: v2.9.10"), or null when it cannot be run. */
export function natsVersion(): string | null {
	try {
		return execFileSync(natsBinary(), ['--version'], { encoding: 'utf8' }).trim();
	} catch {
		return null;
	}
}

/** Whether nats-server can be run here. */
export const natsInstalled = () => natsVersion() !== null;

/** A port nobody listens on, from the OS (port 0), on the loopback. */
export function freePort(): Promise<number> {
	return new Promise((done, fail) => {
		const probe = createServer();
		probe.once('error', fail);
		probe.listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as AddressInfo;
			probe.close(() => done(port));
		});
	});
}

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
/** How long a config reload may take to be seen on a loaded machine before it is an error. */
export const RELOAD_BUDGET = 30_000;

/** Resolves once something accepts connections on the port (nats-server is up in ~0.1 s). */
export async function listening(port: number, ms = 10_000) {
	const until = Date.now() + ms;
	while (Date.now() < until) {
		const open = await new Promise((done) => {
			const socket = tcpConnect(port, '127.0.0.1');
			socket.once('connect', () => (socket.destroy(), done(true)));
			socket.once('error', () => done(false));
		});
		if (open) return;
		await sleep(50);
	}
	throw new Error(`nats-server did not listen on ${port}`);
}

/** One nats-server's ports and folder. */
export interface Node {
	port: number;
	wsPort: number;
	httpPort: number;
	clusterPort: number;
	dir: string;
}

/**
 * Starts nats-server on a config file; resolves once its client and WebSocket ports listen,
 * rejects at once when it stops before (a port taken), and stops it when it does not listen.
 */
export async function spawnNode(node: Node, config: string, quiet = true): Promise<ChildProcess> {
	const child = spawn(natsBinary(), ['-c', config], {
		stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'inherit']
	});
	const stopped = new Promise<never>((_, fail) =>
		child.once('exit', (code) => fail(new Error(`nats-server stopped (${code}) on ${node.port}`)))
	);
	stopped.catch(() => {});
	try {
		await Promise.race([
			(async () => {
				await listening(node.port);
				await listening(node.wsPort);
			})(),
			stopped
		]);
	} catch (error) {
		child.kill('SIGKILL');
		throw error;
	}
	return child;
}

/**
 * Starts the node as `spawnNode` does, and should it not listen, again on new free ports for
 * those not `given`, its config written anew by `config`, up to three times: a port `freePort`
 * found free can be taken before nats-server binds it (any connection of another process may
 * be given it), and a server or a test would fail for a port it did not ask for.
 */
export async function spawnOnFreePorts(
	node: Node,
	given: Partial<Node>,
	config: () => string,
	quiet = true
): Promise<ChildProcess> {
	for (let tries = 1; ; tries++) {
		try {
			return await spawnNode(node, config(), quiet);
		} catch (error) {
			const free = (['port', 'wsPort', 'httpPort'] as const).filter((key) => !given[key]);
			if (tries === 3 || free.length === 0) throw error;
			for (const key of free) node[key] = await freePort();
		}
	}
}

/**
 * A nats-server left running on this data folder by a server process that was killed holds
 * its JetStream store: it is stopped first (only when its command line names this folder).
 */
export async function stopLeftOver(dir: string) {
	const pidFile = `${dir}/nats.pid`;
	if (!existsSync(pidFile)) return;
	const pid = Number(readFileSync(pidFile, 'utf8').trim());
	let command = '';
	try {
		command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
	} catch {
		return; // not running (or no /proc: nothing to find)
	}
	if (!command.includes('nats-server') || !command.includes(dir)) return;
	process.kill(pid, 'SIGTERM');
	for (let tries = 0; tries < 100 && existsSync(`/proc/${pid}`); tries++) await sleep(50);
}

/** Sends SIGHUP to the nats-server whose pid file is given, if it runs: it reads its config. */
export function hangUp(pidFile: string) {
	if (!existsSync(pidFile)) return;
	try {
		process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGHUP');
	} catch {
		// that node is not running: it reads the new config when it starts
	}
}

/** When a node last read its config (its monitoring port's `config_load_time`). */
export async function loadedAt(node: Node): Promise<string | null> {
	try {
		const answer = await fetch(`http://127.0.0.1:${node.httpPort}/varz`);
		return String(((await answer.json()) as { config_load_time: unknown }).config_load_time);
	} catch {
		return null;
	}
}

/**
 * Waits until a node reads its config again after `before` (its `config_load_time`): a board or
 * a group's permissions read before the reload would be the old ones, so no silent give-up.
 */
export async function reloaded(node: Node, before: string, alive: () => boolean, index: number) {
	const deadline = Date.now() + RELOAD_BUDGET;
	while (Date.now() < deadline) {
		const now = await loadedAt(node);
		if (now !== null && now !== before) return;
		if (!alive()) return;
		await sleep(20);
	}
	throw new Error(
		`nats-server ${index + 1} did not reload its config within ${RELOAD_BUDGET / 1000} s ` +
			`(its config_load_time on port ${node.httpPort} stayed ${before})`
	);
}

/** Every running node reads its config again; resolves once each has. */
export async function reload(nodes: Node[], processes: (ChildProcess | null)[]) {
	const before = await Promise.all(nodes.map(loadedAt));
	for (const child of processes) child?.kill('SIGHUP');
	await Promise.all(
		nodes.map((node, index) => {
			const was = before[index];
			if (!processes[index] || was === null) return;
			return reloaded(node, was, () => processes[index] !== null, index);
		})
	);
}

/**
 * Waits until a node accepts a new user, and a table's user reaches the keeper through its
 * account's imports (docs/wire.md, "Where it is stored"): the reload is effective once it does.
 */
export async function acceptedBy(
	node: Node,
	credential: { user: string; pass: string },
	table?: string,
	budget = RELOAD_BUDGET
) {
	const deadline = Date.now() + budget;
	while (Date.now() < deadline) {
		try {
			const probe = await connect({
				servers: `127.0.0.1:${node.port}`,
				user: credential.user,
				pass: credential.pass,
				inboxPrefix: inboxOf(credential.user),
				reconnect: false
			});
			try {
				if (table) {
					const asked = JSON.stringify({ from: 1 });
					await probe.request(readSubject(table, 'probe'), asked, { timeout: 1_000 });
				}
			} finally {
				await probe.close();
			}
			return;
		} catch {
			await sleep(50);
		}
	}
	throw new Error(
		`the reloaded server did not accept the new credential within ${RELOAD_BUDGET / 1000} s`
	);
}

/**
 * A store written before accounts (docs/wire.md, "Where it is stored") keeps its streams under
 * the global account's folder (`jetstream/$G`): with no nats-server running on it, that folder
 * becomes the keeper's account's, so every table and group keeps its log. A single node only: a
 * cluster's JetStream meta state names the account too (not moved; docs/live.md).
 */
export function adoptGlobalStore(storeDir: string): boolean {
	const from = join(storeDir, 'jetstream', '$G');
	const to = join(storeDir, 'jetstream', KEEPER_ACCOUNT);
	if (!existsSync(from) || existsSync(to)) return false;
	renameSync(from, to);
	return true;
}

/**
 * A store written before groups had accounts of their own (docs/wire.md, "Where it is stored")
 * keeps each group's stream in the keeper's account's folder: with no nats-server running on
 * it, each one moves to its group's account's folder, so every group keeps its record. The
 * groups whose stream moved. A single node only: a cluster's JetStream meta state names the
 * account too (not moved; docs/wire.md).
 */
export function adoptGroupStores(storeDir: string, groups: string[]): string[] {
	const moved: string[] = [];
	for (const group of groups) {
		const stream = groupStreamOf(group);
		const from = join(storeDir, 'jetstream', KEEPER_ACCOUNT, 'streams', stream);
		const to = join(storeDir, 'jetstream', groupAccountOf(group), 'streams', stream);
		if (!existsSync(from) || existsSync(to)) continue;
		mkdirSync(join(to, '..'), { recursive: true });
		renameSync(from, to);
		moved.push(group);
	}
	return moved;
}

/**
 * A new credential accepted (acceptedBy) after the config's reload. Measured (bench/live.mjs, a
 * hundred tables opened at once beside 200): a new account's imports may still be unwired after
 * the second reading, and a third wires them.
 */
export async function acceptedAfterReload(
	nodes: Node[],
	processes: (ChildProcess | null)[],
	credential: { user: string; pass: string },
	table?: string
) {
	try {
		await acceptedBy(nodes[0], credential, table, RELOAD_BUDGET / 3);
	} catch {
		await reload(nodes, processes);
		await acceptedBy(nodes[0], credential, table);
	}
}

/** How long the keeper's answer to a probe may take on a loaded machine (its p95: under 1 s). */
export const PROBE_MS = 2_000;
/** Readings of the config again, at most, while the keeper's answers do not reach the phones. */
export const READINGS_AGAIN = 3;

/**
 * Reads the config again while the keeper's answers do not reach a table's phones, at most
 * `tries` times; how many it read again. Measured on 2.9.10 (bench/live-appends.mjs): a reload
 * may leave every answer that crosses a table account's import dropped (the appends reach the
 * keeper, its answers never reach the phone) until a later reload, which nats-server 2.10.0
 * fixed ("Fixed accounts configuration reload"; docs/live.md, "A new table: config reload").
 */
export async function reloadUntilAnswered(
	answered: () => Promise<boolean>,
	readAgain: () => Promise<void>,
	log: (line: string) => void = () => {},
	tries = READINGS_AGAIN
): Promise<number> {
	for (let again = 0; ; again++) {
		// two probes: one lost to a loaded moment is not a broken import
		if ((await answered()) || (await answered())) return again;
		if (again === tries) {
			log(`the keeper's answers still do not reach the phones after ${tries} readings again`);
			return again;
		}
		log('the keeper’s answers did not reach the phones after a config reload: read again');
		await readAgain();
	}
}

/**
 * The server's own phone at a table of its own (a reader's credential, made each start, like
 * the admin's): it asks the keeper for a page as a phone does, through its account's import,
 * so an answer that comes back says answers cross the imports. One connection, kept.
 */
export function keeperProbe(
	nodes: Node[],
	credential: { user: string; pass: string },
	table: string
) {
	let connection: ReturnType<typeof connect> | null = null;
	const connected = () =>
		(connection ??= connect({
			servers: nodes.map((node) => `127.0.0.1:${node.port}`),
			user: credential.user,
			pass: credential.pass,
			inboxPrefix: inboxOf(credential.user),
			maxReconnectAttempts: -1,
			reconnectTimeWait: 250,
			name: 'passpad-probe'
		}).catch((failure) => {
			connection = null;
			throw failure;
		}));
	return {
		/** Whether the keeper's answer to a read reached this phone within PROBE_MS. */
		async answered(): Promise<boolean> {
			try {
				const nc = await connected();
				await nc.request(readSubject(table, 'probe'), JSON.stringify({ from: 1 }), {
					timeout: PROBE_MS
				});
				return true;
			} catch {
				return false;
			}
		},
		async close() {
			const nc = await connection?.catch(() => null);
			await nc?.close().catch(() => {});
		}
	};
}
