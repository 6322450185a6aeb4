// Starts Passpad's live server: writes the nats-server config from the registry, starts one
// nats-server (or three, clustered), and answers the host's "new table" and "new group"
// requests and a group's members' requests itself (provisioning: docs/live.md, "A new table";
// docs/group.md, "Requests"). Used by scripts/server.mjs (npm run server, npm start), the tests
// and bench/live.mjs.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, watch, writeFileSync } from 'node:fs';
import { createServer, connect as tcpConnect } from 'node:net';
import { join, resolve } from 'node:path';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { configText } from './config.mjs';
import { groupRequestSubject, memberRecord, readGroupRequest, tableRecord } from './groups.mjs';
import {
	DEFAULT_COST,
	addGroup,
	addMember,
	addTable,
	closeTable,
	groupOf,
	hashOf,
	hostCredential,
	newPassword,
	openTablesOf,
	readRegistry,
	removeCredential,
	revokeGroup,
	revokeTable,
	writeRegistry
} from './registry.mjs';
import {
	PROVISION_GROUP_SUBJECT,
	PROVISION_SUBJECT,
	boardTableSubject,
	groupProvisionSubject,
	groupStreamOf,
	groupSubjectsOf,
	matchesOf,
	memberSubject,
	streamOf
} from '../../src/lib/live/names.js';

export const NATS_SERVER = process.env.NATS_SERVER ?? '/usr/sbin/nats-server';

/** Versions of each thing a group's stream keeps (docs/group.md). */
export const GROUP_VERSIONS = 8;
/** A group stream's size: ~10,000 matches of a few KiB with a few versions each. */
export const GROUP_BYTES = 256 * 1024 * 1024;
/**
 * A group's members and open tables at most: a club's, with room to spare. Each costs a user in
 * the config and a reload, so one member's phone cannot grow the config without end.
 */
export const MAX_MEMBERS = 200;
export const MAX_OPEN_TABLES = 40;

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
/** How long a config reload may take to be seen on a loaded machine before it is an error. */
const RELOAD_BUDGET = 30_000;

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
 *   log?: (line: string) => void,
 *   limits?: { members?: number, openTables?: number, groupBytes?: number }
 * }} LiveOptions
 */

/**
 * What a running server was started with (state.json in the data folder, no secret in it: the
 * admin's and host's hashes only), so `node scripts/server.mjs revoke` can rewrite its config.
 * @typedef {{ count: number, nodes: Node[], wsHost?: string, users: import('./config.mjs').User[] }} State
 * @typedef {import('./registry.mjs').Credential} Credential
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
			openTables: openTablesOf(registry),
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
 * Changes the registry of a running server from another process (`node scripts/server.mjs
 * revoke…`): the users it drops leave the registry, every node's config is rewritten and
 * reloaded (SIGHUP to the pid nats-server wrote). The provisioning process sees the registry
 * change and writes a removed member's record to its group (docs/group.md, "Removing").
 * @param {string} dataDir
 * @param {(registry: import('./registry.mjs').Registry) => boolean} change false: nothing to change
 */
function changeOnDisk(dataDir, change) {
	// no server ever ran on this folder: nothing to revoke
	if (!existsSync(join(dataDir, 'state.json'))) return false;
	const state = /** @type {State} */ (
		JSON.parse(readFileSync(join(dataDir, 'state.json'), 'utf8'))
	);
	const registry = readRegistry(dataDir);
	if (!change(registry)) return false;
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

/** A table's links stop working. @param {string} dataDir @param {string} table */
export const revokeOnDisk = (dataDir, table) =>
	changeOnDisk(dataDir, (registry) => revokeTable(registry, table));

/**
 * A group member's (or its board's) credential stops working.
 * @param {string} dataDir @param {string} group @param {string} user
 */
export const revokeMemberOnDisk = (dataDir, group, user) =>
	changeOnDisk(dataDir, (registry) => removeCredential(registry, group, user) !== null);

/**
 * Every credential of a group (members, board, its tables) stops working; its stream stays.
 * @param {string} dataDir @param {string} group
 */
export const revokeGroupOnDisk = (dataDir, group) =>
	changeOnDisk(dataDir, (registry) => revokeGroup(registry, group));

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

	/** When a node last read its config (its monitoring port's `config_load_time`). */
	async function loadedAt(/** @type {Node} */ node) {
		try {
			const answer = await fetch(`http://127.0.0.1:${node.httpPort}/varz`);
			return String((await answer.json()).config_load_time);
		} catch {
			return null;
		}
	}

	/**
	 * Every running node reads its config again (a config reload: docs/live.md), and this
	 * resolves once each has: a removed credential is refused from then on.
	 */
	async function reload() {
		const before = await Promise.all(nodes.map(loadedAt));
		writeConfigs();
		for (const child of processes) child?.kill('SIGHUP');
		await Promise.all(
			nodes.map(async (node, index) => {
				if (!processes[index] || before[index] === null) return;
				// a loaded machine can take seconds to answer; a board or a group's permissions
				// read before the reload would be the old ones, so no silent give-up here
				const deadline = Date.now() + RELOAD_BUDGET;
				while (Date.now() < deadline) {
					const now = await loadedAt(node);
					if (now !== null && now !== before[index]) return;
					if (!processes[index]) return;
					await sleep(20);
				}
				throw new Error(
					`nats-server ${index + 1} did not reload its config within ${RELOAD_BUDGET / 1000} s ` +
						`(its config_load_time on port ${node.httpPort} stayed ${before[index]})`
				);
			})
		);
	}

	/** Waits until a new user is accepted: the reload is effective once it is. */
	async function accepted(/** @type {{ user: string, pass: string }} */ credential) {
		const deadline = Date.now() + RELOAD_BUDGET;
		while (Date.now() < deadline) {
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
		throw new Error(
			`the reloaded server did not accept the new credential within ${RELOAD_BUDGET / 1000} s`
		);
	}

	/** @param {import('@nats-io/jetstream').StreamConfig | any} config */
	async function addStreamOf(config) {
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

	const addStream = (/** @type {string} */ table) =>
		addStreamOf({
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
		});

	/** A group's stream (docs/group.md, "One stream per group"). */
	const addGroupStream = (/** @type {string} */ group) =>
		addStreamOf({
			name: groupStreamOf(group),
			subjects: [groupSubjectsOf(group)],
			storage: /** @type {import('@nats-io/jetstream').StorageType} */ ('file'),
			num_replicas: count > 1 ? 3 : 1,
			duplicate_window: 120 * 1e9,
			// a few versions of each thing: the one a person did not keep stays readable a while
			max_msgs_per_subject: GROUP_VERSIONS,
			// a match's whole version: a long log with its notes fits with room to spare
			max_msg_size: 60 * 1024,
			// ~10,000 matches of a few KiB, each with a few versions; when full, a new version is
			// refused (the phone keeps it and says so) rather than an old match dropped
			max_bytes: options.limits?.groupBytes ?? GROUP_BYTES,
			discard: /** @type {import('@nats-io/jetstream').DiscardPolicy} */ ('new'),
			deny_delete: true,
			deny_purge: true
		});

	const js = jetstream(nc, { timeout: 5_000 });
	/**
	 * The server's own messages in a group's stream: a member's or a table's record. JetStream
	 * can miss a request for a moment around a reload (docs/group.md, "Removing"): tried again.
	 */
	async function record(/** @type {string} */ subject, /** @type {object} */ body) {
		for (let tries = 0; ; tries++) {
			try {
				return await js.publish(subject, JSON.stringify(body));
			} catch (error) {
				if (tries >= 20 || !/no responders|not enabled/i.test(String(error))) throw error;
				await sleep(100);
			}
		}
	}

	let queue = Promise.resolve();
	/**
	 * One change to the registry and config at a time (they are rewritten whole), each from the
	 * registry on disk: `node scripts/server.mjs revoke…` may have changed it since.
	 * @template T @param {() => Promise<T>} step @returns {Promise<T>}
	 */
	function serial(step) {
		const next = queue.then(() => {
			registry = readRegistry(dataDir);
			return step();
		});
		queue = next.then(
			() => {},
			() => {}
		);
		return next;
	}

	/**
	 * A new table: its credentials, its stream, the config reloaded.
	 * @returns {Promise<{ table: string, writer: { user: string, pass: string }, reader: { user: string, pass: string } }>}
	 */
	function createTable() {
		return serial(async () => {
			const made = await addTable(registry, cost);
			writeRegistry(dataDir, registry);
			await reload();
			await accepted(made.writer);
			await addStream(made.table);
			log(`table ${made.table} ready`);
			return made;
		});
	}

	/**
	 * Many tables at once, one reload for all (bench/live.mjs opens hundreds).
	 * @param {number} count
	 */
	function createTables(count) {
		return serial(async () => {
			const made = [];
			for (let index = 0; index < count; index++) made.push(await addTable(registry, cost));
			writeRegistry(dataDir, registry);
			await reload();
			if (made.length) await accepted(made[made.length - 1].writer);
			for (const table of made) await addStream(table.table);
			return made;
		});
	}

	/** Members whose removal this process has written to their group's stream. */
	const announced = new Set();
	/**
	 * A member removed with `node scripts/server.mjs revoke-member` (another process) gets its
	 * record in the group's stream too, once, when this process sees the registry change.
	 */
	async function announceRemovals() {
		for (const [group, entry] of Object.entries(registry.groups)) {
			if (entry.revokedAt) continue;
			for (const [user, member] of Object.entries(entry.members)) {
				const key = `${group}/${user}`;
				if (!member.removedAt || announced.has(key)) continue;
				const last = await jsm.streams
					.getMessage(groupStreamOf(group), { last_by_subj: memberSubject(group, user) })
					.catch(() => null);
				if (!last?.json()?.removed) {
					await record(
						memberSubject(group, user),
						memberRecord(user, member.label, true, member.removedAt)
					);
				}
				announced.add(key);
			}
		}
	}

	/**
	 * A group's request, already read (groups.mjs): what it makes and its answer, or an error
	 * code. Every credential it makes is accepted, and every one it drops refused, before it
	 * answers.
	 * @param {import('./groups.mjs').GroupRequest} asked @param {string} [group]
	 * @returns {Promise<object>}
	 */
	function provisionGroup(asked, group = '') {
		return serial(async () => {
			const now = Date.now();
			if (asked.what === 'group') {
				const made = await addGroup(registry, asked, cost, now);
				writeRegistry(dataDir, registry);
				await reload();
				await accepted(made.member);
				await addGroupStream(made.group);
				await record(
					memberSubject(made.group, made.member.user),
					memberRecord(made.member.user, asked.label, false, now)
				);
				log(`group ${made.group} ready`);
				return made;
			}
			const found = groupOf(registry, group);
			if (!found) return { error: 'unknown-group' };
			switch (asked.what) {
				case 'invite': {
					const active = Object.values(found.members).filter((one) => !one.removedAt);
					if (active.length >= (options.limits?.members ?? MAX_MEMBERS)) return { error: 'full' };
					const member = await addMember(registry, group, asked.label, cost, now);
					writeRegistry(dataDir, registry);
					await reload();
					await accepted(member);
					await record(
						memberSubject(group, member.user),
						memberRecord(member.user, asked.label, false, now)
					);
					return { group, name: found.name, member };
				}
				case 'table': {
					const most = options.limits?.openTables ?? MAX_OPEN_TABLES;
					if ((openTablesOf(registry)[group] ?? []).length >= most) {
						return { error: 'full' };
					}
					const { match, game, names } = asked;
					const made = await addTable(registry, cost, now, { group, match, game, names });
					writeRegistry(dataDir, registry);
					await reload();
					await accepted(made.writer);
					await addStream(made.table);
					await record(
						boardTableSubject(group, made.table),
						tableRecord(made.table, registry.tables[made.table], true, now)
					);
					log(`table ${made.table} of group ${group} ready`);
					return made;
				}
				case 'close': {
					const closed = closeTable(registry, group, asked.table, now);
					if (!closed) return { error: 'unknown-table' };
					// the board hears "closed" first, then loses the table's permissions: it stops
					// following before the server would refuse it
					await record(
						boardTableSubject(group, asked.table),
						tableRecord(asked.table, closed, false, now)
					);
					writeRegistry(dataDir, registry);
					await reload();
					return { table: asked.table };
				}
				case 'remove': {
					const label = found.members[asked.user]?.label;
					const removed = removeCredential(registry, group, asked.user, now);
					if (!removed) return { error: 'unknown-user' };
					writeRegistry(dataDir, registry);
					await reload();
					if (removed === 'member') {
						await record(
							memberSubject(group, asked.user),
							memberRecord(asked.user, label ?? '', true, now)
						);
						announced.add(`${group}/${asked.user}`);
					}
					return { user: asked.user };
				}
			}
		});
	}

	/** A request's answer: the provisioner answers every request, and never falls over one. */
	async function answer(
		/** @type {import('@nats-io/nats-core').Msg} */ msg,
		/** @type {() => Promise<object>} */ make
	) {
		let body;
		try {
			body = await make();
		} catch (failure) {
			log(`provisioning failed: ${String(/** @type {Error} */ (failure)?.message ?? failure)}`);
			body = { error: 'failed' };
		}
		try {
			msg.respond(JSON.stringify(body));
		} catch {
			// the asking phone is gone (a member that removed itself): nobody to answer
		}
	}

	const provisioning = [
		nc.subscribe(PROVISION_SUBJECT, {
			callback: (error, msg) => {
				if (error) return;
				void answer(msg, createTable);
			}
		}),
		nc.subscribe(PROVISION_GROUP_SUBJECT, {
			callback: (error, msg) => {
				if (error) return;
				const asked = readGroupRequest('group', msg.data);
				void answer(msg, async () => (asked ? provisionGroup(asked) : { error: 'bad-request' }));
			}
		}),
		nc.subscribe(groupProvisionSubject('*', /** @type {'invite'} */ ('*')), {
			callback: (error, msg) => {
				if (error) return;
				const where = groupRequestSubject(msg.subject);
				const asked = where && readGroupRequest(where.what, msg.data);
				void answer(msg, async () =>
					where && asked ? provisionGroup(asked, where.group) : { error: 'bad-request' }
				);
			}
		})
	];

	// removals made by `node scripts/server.mjs revoke-member` while this process runs, and before
	let watching = /** @type {import('node:fs').FSWatcher | null} */ (null);
	let settle = /** @type {NodeJS.Timeout | undefined} */ (undefined);
	let stopped = false;
	const onRegistry = (tries = 0) => {
		if (stopped) return;
		clearTimeout(settle);
		settle = setTimeout(
			() => {
				serial(announceRemovals).catch((failure) => {
					log(`announcing removals: ${failure}`);
					if (tries < 10) onRegistry(tries + 1);
				});
			},
			200 * (tries + 1)
		);
	};
	try {
		watching = watch(dataDir, (_, file) => file === 'tables.json' && onRegistry(0));
	} catch {
		// no file watching here: removals made elsewhere are written at the next start
	}
	onRegistry();

	/** @param {{ error?: string }} made */
	function must(made) {
		if (made.error) throw new Error(made.error);
		return made;
	}

	return {
		nodes,
		dataDir,
		host: host.credential,
		admin,
		nc,
		jsm,
		createTable,
		createTables,
		/**
		 * A new group, as the host link's `passpad.provision.group` makes it (for tests).
		 * @returns {Promise<{ group: string, name: string, member: Credential, board: Credential }>}
		 */
		createGroup: async (name = 'Thursday club', label = 'First phone') =>
			/** @type {any} */ (must(await provisionGroup({ what: 'group', name, label }))),
		/**
		 * Another member of a group (its `invite` request).
		 * @param {string} group
		 * @returns {Promise<{ group: string, name: string, member: Credential }>}
		 */
		invite: async (group, label = 'Another phone') =>
			/** @type {any} */ (must(await provisionGroup({ what: 'invite', label }, group))),
		/**
		 * A live table of a group, followed by its board (its `table` request).
		 * @param {string} group @param {{ match: string, game: string, names: string[] }} table
		 * @returns {Promise<{ table: string, writer: Credential, reader: Credential }>}
		 */
		openGroupTable: async (group, table) =>
			/** @type {any} */ (must(await provisionGroup({ what: 'table', ...table }, group))),
		/** The board stops following a group's table. @param {string} group @param {string} table */
		closeGroupTable: async (group, table) =>
			must(await provisionGroup({ what: 'close', table }, group)),
		/** A member's (or the board's) credential is refused from now on. @param {string} group @param {string} user */
		removeMember: async (group, user) =>
			must(await provisionGroup({ what: 'remove', user }, group)),
		/** Every credential of a group is refused from now on; its stream stays. @param {string} group */
		revokeGroup: (group) =>
			serial(async () => {
				const done = revokeGroup(registry, group);
				writeRegistry(dataDir, registry);
				await reload();
				return done;
			}),
		/** A table's credentials stop working at once; its matches stay on the server. */
		revoke: (/** @type {string} */ table) =>
			serial(async () => {
				const done = revokeTable(registry, table);
				writeRegistry(dataDir, registry);
				await reload();
				return done;
			}),
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
			// the registry on disk: a revoke from the command line is never undone by a restart
			registry = readRegistry(dataDir);
			writeConfigs();
			await startNode(index);
		},
		async stop() {
			stopped = true;
			watching?.close();
			clearTimeout(settle);
			for (const sub of provisioning) sub.unsubscribe();
			await queue;
			await nc.close().catch(() => {});
			await Promise.all(processes.map((_, index) => this.kill(index, 'SIGTERM')));
		}
	};
}
