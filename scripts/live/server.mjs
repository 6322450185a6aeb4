// Starts Passpad's live server: writes the nats-server config from the registry, starts one
// nats-server (or three, clustered), and answers the host's "new table" requests itself
// (provisioning: docs/live.md, "A new table"). Used by scripts/server.mjs (npm run server,
// npm start), the tests and bench/live.mjs.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { join, resolve } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { configText } from './config.mjs';
import {
	DEFAULT_COST,
	addTable,
	hashOf,
	hostCredential,
	newPassword,
	readRegistry,
	revokeTable,
	writeRegistry
} from './registry.mjs';
import { PROVISION_SUBJECT, matchesOf, streamOf } from '../../src/lib/live/names.js';

export const NATS_SERVER = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';

/** Whether nats-server can be run here. */
export function natsInstalled() {
	if (existsSync(NATS_SERVER)) return true;
	try {
		execFileSync('nats-server', ['--version'], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
}
const natsBinary = () => (existsSync(NATS_SERVER) ? NATS_SERVER : 'nats-server');

/** A port nobody listens on, from the OS (port 0), on the loopback. */
export function freePort() {
	return new Promise((done, fail) => {
		const probe = createServer();
		probe.once('error', fail);
		probe.listen(0, '127.0.0.1', () => {
			const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
			probe.close(() => done(port));
		});
	});
}

const sleep = (/** @type {number} */ ms) => new Promise((done) => setTimeout(done, ms));

/** Resolves once something accepts connections on the port (nats-server is up in ~0.1 s). */
async function listening(/** @type {number} */ port, ms = 10_000) {
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

/**
 * @typedef {{ port: number, wsPort: number, httpPort: number, clusterPort: number, dir: string }} Node
 * @typedef {{
 *   dataDir: string,
 *   nodes?: number,
 *   cost?: number,
 *   ports?: Partial<Node>[],
 *   wsHost?: string,
 *   quiet?: boolean,
 *   log?: (line: string) => void
 * }} LiveOptions
 */

/**
 * What a running server was started with (state.json in the data folder, no secret in it: the
 * admin's and host's hashes only), so `node scripts/server.mjs revoke` can rewrite its config.
 * @typedef {{ count: number, nodes: Node[], wsHost?: string, users: import('./config.mjs').User[] }} State
 */

/**
 * Each node's config from the state and the registry.
 * @param {string} dataDir @param {State} state @param {import('./registry.mjs').Registry} registry
 */
function writeConfigsOf(dataDir, state, registry) {
	writeFileSync(join(dataDir, 'state.json'), JSON.stringify(state, null, '\t'), { mode: 0o600 });
	const { count, nodes } = state;
	const users = [...state.users, ...registry.users];
	nodes.forEach((node, index) => {
		mkdirSync(node.dir, { recursive: true });
		const text = configText({
			name: count > 1 ? `passpad-${index + 1}` : 'passpad',
			port: node.port,
			wsPort: node.wsPort,
			wsHost: state.wsHost,
			httpPort: node.httpPort,
			storeDir: join(node.dir, 'jetstream'),
			pidFile: join(node.dir, 'nats.pid'),
			users,
			cluster:
				count > 1
					? {
							name: 'passpad',
							port: node.clusterPort,
							routes: nodes
								.filter((other) => other !== node)
								.map((other) => `nats://127.0.0.1:${other.clusterPort}`)
						}
					: undefined
		});
		writeFileSync(join(node.dir, 'nats.conf'), text, { mode: 0o600 });
	});
}

/**
 * A nats-server left running on this data folder by a server process that was killed holds
 * its JetStream store: it is stopped first (only when its command line names this folder).
 * @param {string} dir
 */
async function stopLeftOver(dir) {
	const pidFile = join(dir, 'nats.pid');
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

/**
 * Revokes a table on a running server from another process: its users leave the registry,
 * every node's config is rewritten and reloaded (SIGHUP to the pid nats-server wrote).
 * @param {string} dataDir @param {string} table
 */
export function revokeOnDisk(dataDir, table) {
	const state = /** @type {State} */ (
		JSON.parse(readFileSync(join(dataDir, 'state.json'), 'utf8'))
	);
	const registry = readRegistry(dataDir);
	if (!revokeTable(registry, table)) return false;
	writeRegistry(dataDir, registry);
	writeConfigsOf(dataDir, state, registry);
	for (const node of state.nodes) {
		const pidFile = join(node.dir, 'nats.pid');
		if (existsSync(pidFile)) {
			try {
				process.kill(Number(readFileSync(pidFile, 'utf8').trim()), 'SIGHUP');
			} catch {
				// that node is not running: it reads the new config when it starts
			}
		}
	}
	return true;
}

/**
 * Starts the live server. `nodes: 3` starts a cluster on one machine (each node its own ports
 * and store, JetStream replicas 3): the project's cluster config, used by its test.
 * @param {LiveOptions} options
 */
export async function startLive(options) {
	const dataDir = resolve(options.dataDir);
	const cost = options.cost ?? DEFAULT_COST;
	const count = options.nodes ?? 1;
	const log = options.log ?? (() => {});
	mkdirSync(dataDir, { recursive: true });

	/** @type {Node[]} */
	const nodes = [];
	for (let index = 0; index < count; index++) {
		const given = options.ports?.[index] ?? {};
		nodes.push({
			port: given.port ?? (await freePort()),
			wsPort: given.wsPort ?? (await freePort()),
			httpPort: given.httpPort ?? (await freePort()),
			clusterPort: count > 1 ? (given.clusterPort ?? (await freePort())) : 0,
			dir: count > 1 ? join(dataDir, `node${index + 1}`) : dataDir
		});
	}

	let registry = readRegistry(dataDir);
	// the admin's password lives in this process only: a new one each start
	const admin = { user: 'admin', pass: newPassword() };
	const adminUser = { user: 'admin', hash: await hashOf(admin.pass, cost), role: 'admin' };
	const host = await hostCredential(dataDir, cost);

	const configOf = (/** @type {number} */ index) => join(nodes[index].dir, 'nats.conf');
	const state = { count, nodes, wsHost: options.wsHost, users: [adminUser, host.user] };
	const writeConfigs = () => writeConfigsOf(dataDir, /** @type {State} */ (state), registry);

	/** @type {(import('node:child_process').ChildProcess | null)[]} */
	const processes = nodes.map(() => null);
	async function startNode(/** @type {number} */ index) {
		const child = spawn(natsBinary(), ['-c', configOf(index)], {
			stdio: ['ignore', 'ignore', options.quiet === false ? 'inherit' : 'ignore']
		});
		processes[index] = child;
		child.once('exit', (code, signal) => {
			if (processes[index] === child) processes[index] = null;
			log(`nats-server ${index + 1} stopped (${signal ?? code})`);
		});
		await listening(nodes[index].port);
		await listening(nodes[index].wsPort);
	}

	writeConfigs();
	for (const node of nodes) await stopLeftOver(node.dir);
	await Promise.all(nodes.map((_, index) => startNode(index)));

	const nc = await connect({
		servers: nodes.map((node) => `127.0.0.1:${node.port}`),
		user: admin.user,
		pass: admin.pass,
		maxReconnectAttempts: -1,
		reconnectTimeWait: 250,
		name: 'passpad-provisioning'
	});
	// a cluster elects its JetStream leader a few seconds after starting: no check now
	const jsm = await jetstreamManager(nc, { checkAPI: false });

	/** Every running node reads its config again (a config reload: docs/live.md). */
	async function reload() {
		writeConfigs();
		for (const child of processes) child?.kill('SIGHUP');
	}

	/** Waits until a new user is accepted: the reload is effective once it is. */
	async function accepted(/** @type {{ user: string, pass: string }} */ credential) {
		for (let tries = 0; tries < 100; tries++) {
			try {
				const probe = await connect({
					servers: `127.0.0.1:${nodes[0].port}`,
					user: credential.user,
					pass: credential.pass,
					reconnect: false
				});
				await probe.close();
				return;
			} catch {
				await sleep(50);
			}
		}
		throw new Error('the reloaded server does not accept the new credential');
	}

	async function addStream(/** @type {string} */ table) {
		const config = {
			name: streamOf(table),
			subjects: [matchesOf(table)],
			storage: /** @type {import('@nats-io/jetstream').StorageType} */ ('file'),
			num_replicas: count > 1 ? 3 : 1,
			// a retried append (same Nats-Msg-Id) within two minutes is acknowledged, not stored twice
			duplicate_window: 120 * 1e9,
			max_msg_size: 16 * 1024,
			// ~25,000 entries: hundreds of matches; the server reserves it per table (16 GB for 2,000)
			max_bytes: 8 * 1024 * 1024,
			// the log is the record: nobody deletes or purges an entry
			deny_delete: true,
			deny_purge: true
		};
		// a cluster elects its JetStream leader a few seconds after starting
		for (let tries = 0; ; tries++) {
			try {
				return await jsm.streams.add(config);
			} catch (error) {
				if (tries > 100) throw error;
				await sleep(200);
			}
		}
	}

	let queue = Promise.resolve();
	/**
	 * A new table: its credentials, its stream, the config reloaded. One at a time (the
	 * registry and config are rewritten whole).
	 * @returns {Promise<{ table: string, writer: { user: string, pass: string }, reader: { user: string, pass: string } }>}
	 */
	function createTable() {
		const next = queue.then(async () => {
			const made = await addTable(registry, cost);
			writeRegistry(dataDir, registry);
			await reload();
			await accepted(made.writer);
			await addStream(made.table);
			log(`table ${made.table} ready`);
			return made;
		});
		queue = next.then(
			() => {},
			() => {}
		);
		return next;
	}

	/**
	 * Many tables at once, one reload for all (bench/live.mjs opens hundreds).
	 * @param {number} count
	 */
	function createTables(count) {
		const next = queue.then(async () => {
			const made = [];
			for (let index = 0; index < count; index++) made.push(await addTable(registry, cost));
			writeRegistry(dataDir, registry);
			await reload();
			if (made.length) await accepted(made[made.length - 1].writer);
			for (const table of made) await addStream(table.table);
			return made;
		});
		queue = next.then(
			() => {},
			() => {}
		);
		return next;
	}

	const provisioning = nc.subscribe(PROVISION_SUBJECT, {
		callback: (error, msg) => {
			if (error) return;
			createTable().then(
				(made) => msg.respond(JSON.stringify(made)),
				(failure) => msg.respond(JSON.stringify({ error: String(failure?.message ?? failure) }))
			);
		}
	});

	return {
		nodes,
		dataDir,
		host: host.credential,
		admin,
		nc,
		jsm,
		createTable,
		createTables,
		/** A table's credentials stop working at once; its matches stay on the server. */
		async revoke(/** @type {string} */ table) {
			registry = readRegistry(dataDir);
			const done = revokeTable(registry, table);
			writeRegistry(dataDir, registry);
			await reload();
			return done;
		},
		/** The nats-server process of a node, for tests that kill it. */
		process: (index = 0) => processes[index],
		/** Kills a node (SIGKILL by default: nothing flushed, as a power cut). */
		async kill(index = 0, signal = /** @type {NodeJS.Signals} */ ('SIGKILL')) {
			const child = processes[index];
			if (!child) return;
			const exited = new Promise((done) => child.once('exit', done));
			child.kill(signal);
			await exited;
		},
		/** Starts a stopped node again, on the same ports and store. */
		async restart(index = 0) {
			if (processes[index]) return;
			writeConfigs();
			await startNode(index);
		},
		async stop() {
			provisioning.unsubscribe();
			await nc.close().catch(() => {});
			await Promise.all(processes.map((_, index) => this.kill(index, 'SIGTERM')));
		}
	};
}
