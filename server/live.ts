// Starts Passpad's live server: writes the nats-server config from the registry, starts one
// nats-server (or three, clustered), and answers the host's "new table" and "new group"
// requests, a group's members' requests and the admin's revocations itself (provisioning:
// docs/live.md, "A new table"; docs/group.md, "Requests"). This process alone writes the
// registry while it runs (docs/live.md, "One owner of the registry"). Used by cli.ts
// (npm run server, npm start), the tests and the benches.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { connect } from '@nats-io/transport-node';
import type { Msg } from '@nats-io/nats-core';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
	PROVISION_GROUP_SUBJECT,
	PROVISION_SUBJECT,
	groupProvisionSubject
} from '../src/lib/wire/names.js';
import type { TableAsked } from '../src/lib/wire/provision';
import { ADMIN_SUBJECTS } from './admin-subjects';
import { readAdminRequest } from './admin';
import { syncsAlways } from './config';
import { announceRemovals, provisionGroup, removeMember, type Desk } from './groups';
import { startKeeper, type KeeperOptions } from './keeper';
import { startGroupKeeper } from './group-keeper';
import { startMemberKeys } from './member-keys';
import { startRegistrar } from './register';
import { takeLock } from './lock';
import {
	adoptGlobalStore,
	adoptGroupStores,
	freePort,
	natsVersion,
	acceptedAfterReload,
	keeperProbe,
	reload,
	reloadUntilAnswered,
	spawnOnFreePorts,
	stopLeftOver,
	type Node
} from './nats';
import {
	DEFAULT_COST,
	hashOf,
	hostCredential,
	newPassword,
	newTableId,
	readRegistry,
	revokeGroup,
	revokeTable,
	writeRegistry,
	type Credential
} from './registry';
import { groupRequestSubject, readGroupRequest, type GroupRequest } from './requests';
import { closedOf } from './open';
import { answerer } from './asked';
import { startOpenTables, type OpenSettings } from './open-tables';
import { tableMaker } from './opening';
import { accountsNamed, configOf, writeConfigs, type State } from './state';
import { startClerks } from './clerks';
import { addStream, groupStream, record, tableStream } from './streams';

export interface LiveOptions {
	dataDir: string;
	nodes?: number;
	cost?: number;
	ports?: Partial<Node>[];
	wsHost?: string;
	quiet?: boolean;
	log?: (line: string) => void;
	limits?: { members?: number; openTables?: number; groupBytes?: number };
	/** any phone may open a table, within these limits (`--open`: docs/live.md, "Open tables") */
	open?: OpenSettings;
	/** the keeper's clock, reads quota and pen's silence, for the tests (server/pen.test.ts) */
	keeper?: Pick<KeeperOptions, 'now' | 'reads' | 'penSilenceMs'>;
}

/**
 * Starts the live server. `nodes: 3` starts a cluster on one machine (each node its own ports
 * and store, JetStream replicas 3): the project's cluster config, used by its test.
 */
export async function startLive(options: LiveOptions) {
	const dataDir = resolve(options.dataDir);
	const cost = options.cost ?? DEFAULT_COST;
	const count = options.nodes ?? 1;
	const log = options.log ?? (() => {});
	mkdirSync(dataDir, { recursive: true });
	const lock = takeLock(dataDir);
	if (!lock) throw new Error(`another Passpad server runs on ${dataDir}`);

	const nodes: Node[] = [];
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

	// read once: from now on this process alone changes it (docs/live.md, "One owner")
	const registry = readRegistry(dataDir);
	// the admin's password lives in this process only: a new one each start
	const admin = { user: 'admin', pass: newPassword() };
	const adminUser = { user: 'admin', hash: await hashOf(admin.pass, cost), role: 'admin' as const };
	const host = await hostCredential(dataDir, cost);
	// every group's clerk (clerks.ts): one password for this process, like the admin's
	const clerkPass = newPassword();
	// the server's own phone at a table of its own, a new one each start: it checks after each
	// reload that the keeper's answers reach the phones (nats.ts, `reloadUntilAnswered`)
	const probeTable = newTableId();
	const probe = { user: `${probeTable}-r`, pass: newPassword() };
	const probeUser = {
		user: probe.user,
		hash: await hashOf(probe.pass, cost),
		role: 'reader' as const,
		table: probeTable
	};
	const syncAlways = syncsAlways(natsVersion() ?? '');
	const state: State = {
		count,
		nodes,
		wsHost: options.wsHost,
		users: [adminUser, host.user, probeUser],
		syncAlways,
		clerk: await hashOf(clerkPass, cost),
		groupBytes: options.limits?.groupBytes
	};

	const processes: (ChildProcess | null)[] = nodes.map(() => null);
	async function startNode(index: number) {
		const given = options.ports?.[index] ?? {};
		const config = () => (writeConfigs(dataDir, state, registry), configOf(nodes[index]));
		const child = await spawnOnFreePorts(nodes[index], given, config, options.quiet !== false);
		processes[index] = child;
		child.once('exit', (code, signal) => {
			if (processes[index] === child) processes[index] = null;
			log(`nats-server ${index + 1} stopped (${signal ?? code})`);
		});
	}

	writeConfigs(dataDir, state, registry);
	for (const node of nodes) await stopLeftOver(node.dir);
	if (count === 1 && adoptGlobalStore(join(nodes[0].dir, 'jetstream'))) {
		log('the streams written before accounts are the keeper account’s now');
	}
	if (count === 1) {
		const moved = adoptGroupStores(join(nodes[0].dir, 'jetstream'), Object.keys(registry.groups));
		if (moved.length) log(`${moved.length} group streams are their groups’ accounts’ now`);
	}
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
	// the one writer of every table's stream (docs/live.md, "Who writes: the keeper"); a group's
	// board reads its open tables through an import too (config.ts), so no one else is answered
	const keeper = startKeeper(nc, { ...options.keeper, log });
	const answers = keeperProbe(nodes, probe, probeTable);
	const clerks = startClerks(() => nodes.map((node) => `127.0.0.1:${node.port}`), clerkPass);
	// a group's matches as entries, from its members' registered keys only (docs/wire.md, "Keys")
	const members = startMemberKeys(clerks);
	const groupKeeper = startGroupKeeper(nc, clerks, { ...options.keeper, log, members });

	/** The table accounts the nodes have read, and the tables whose "still here" a board hears. */
	let accountsRead = accountsNamed(registry);

	/**
	 * The registry written and every running node's config read again (a config reload:
	 * docs/live.md); resolves once each has: a removed credential is refused from then on.
	 */
	async function save() {
		writeRegistry(dataDir, registry);
		writeConfigs(dataDir, state, registry);
		await reload(nodes, processes);
		// measured on 2.9.10: an account added by a reload has its imports wired only at the
		// next reload (its phones' requests find "no responders" until then): read it twice;
		// a removed one needs no second reading
		const named = accountsNamed(registry);
		if ([...named].some((one) => !accountsRead.has(one))) await reload(nodes, processes);
		accountsRead = named;
		await reloadUntilAnswered(answers.answered, () => reload(nodes, processes), log);
	}

	/** Waits until a new user is accepted and a table's user reaches the keeper (nats.ts). */
	const accepted = (credential: Credential) =>
		acceptedAfterReload(nodes, processes, credential, tableOf(credential.user));
	const tableOf = (user: string) => registry.users.find((one) => one.user === user)?.table;

	const replicas = count > 1 ? 3 : 1;
	const write = async (group: string, subject: string, body: object) =>
		record((await clerks.of(group)).js, subject, body);
	const desk: Desk = {
		registry,
		cost,
		limits: options.limits ?? {},
		save,
		accepted,
		tableStream: (table) => addStream(jsm, tableStream(table, replicas)),
		groupStream: async (group) =>
			addStream(
				(await clerks.of(group)).jsm,
				groupStream(group, replicas, options.limits?.groupBytes)
			),
		// a member's record names its keys (member-keys.ts)
		record: (group, subject, body) =>
			members.record(group, subject, body, (kept) => write(group, subject, kept)),
		log,
		announced: new Set()
	};

	let queue: Promise<unknown> = Promise.resolve();
	/** One change to the registry and config at a time: they are rewritten whole. */
	function serial<T>(step: () => Promise<T>): Promise<T> {
		const next = queue.then(step);
		queue = next.then(
			() => {},
			() => {}
		);
		return next;
	}

	const { createTables, createTable } = tableMaker({ ...desk, serial });
	const registrar = startRegistrar(nc, { registry, members, write, serial, log });

	// open tables (--open): any phone's, within limits, expired after a day without an entry
	const openDoor = options.open
		? startOpenTables({ registry, createTables, serial, save, jsm, log }, options.open)
		: null;

	const provision = (asked: GroupRequest, group = '') =>
		serial(() => provisionGroup(desk, asked, group));

	/** A table's credentials stop working at once; its matches stay on the server. */
	const revoke = (table: string) =>
		serial(async () => {
			const done = revokeTable(registry, table);
			if (done) await save();
			return done;
		});
	/** Every credential of a group is refused from now on; its stream stays. */
	const revokeWholeGroup = (group: string) =>
		serial(async () => {
			const done = revokeGroup(registry, group);
			if (done) await save();
			return done;
		});
	/** A member's (or the board's) credential is refused from now on, its removal recorded. */
	const revokeMember = (group: string, user: string) =>
		serial(async () => {
			const removed = removeMember(desk, group, user);
			if (!removed) return false;
			await save();
			await removed.announce();
			return true;
		});

	// whether the group's member records say so already (member-keys.ts)
	const removedOf = async (group: string, user: string) =>
		!!(await members.memberOf(group, user))?.removed;
	serial(() => announceRemovals(desk, removedOf)).catch((failure) =>
		log(`announcing removals: ${failure}`)
	);

	// every request answered, a request asked again by its name with its first answer (asked.ts)
	const answer = answerer(log);
	const on = (subject: string, make: (msg: Msg) => Promise<object>) =>
		nc.subscribe(subject, {
			callback: (error, msg) => {
				if (!error) void answer(msg, () => make(msg));
			}
		});
	const subscriptions = [
		on(PROVISION_SUBJECT, createTable),
		on(PROVISION_GROUP_SUBJECT, async (msg) => {
			const asked = readGroupRequest('group', msg.data);
			return asked ? provision(asked) : { error: 'bad-request' };
		}),
		on(groupProvisionSubject('*', '*' as 'invite'), async (msg) => {
			const where = groupRequestSubject(msg.subject);
			const asked = where && readGroupRequest(where.what, msg.data);
			return where && asked ? provision(asked, where.group) : { error: 'bad-request' };
		}),
		// `npm run server -- revoke…` while this server runs (admin.ts)
		on(ADMIN_SUBJECTS, async (msg) => {
			const asked = readAdminRequest(msg.subject, msg.data);
			if (!asked) return { error: 'bad-request' };
			if (asked.what === 'revoke') return { done: await revoke(asked.table) };
			if (asked.what === 'revoke-group') return { done: await revokeWholeGroup(asked.group) };
			return { done: await revokeMember(asked.group, asked.user) };
		})
	];

	function must<T extends object>(made: T | { error: string }): T {
		if ('error' in made) throw new Error(made.error);
		return made;
	}

	return {
		nodes,
		dataDir,
		host: host.credential,
		admin,
		nc,
		jsm,
		/** Manages a group's stream, in the group's own account (for tests). */
		groupManager: async (group: string) => (await clerks.of(group)).jsm,
		/** Writes to a group's stream as the server does (for tests: a hostile or a bulk record). */
		groupWriter: async (group: string, timeout = 5_000) =>
			jetstream((await clerks.of(group)).nc, { timeout }),
		createTable,
		createTables,
		/** A new group, as the host link's `passpad.provision.group` makes it (for tests). */
		createGroup: async (name = 'Thursday club', label = 'First phone') =>
			must(await provision({ what: 'group', name, label })) as {
				group: string;
				name: string;
				member: Credential;
				board: Credential;
			},
		/** Another member of a group (its `invite` request). */
		invite: async (group: string, label = 'Another phone') =>
			must(await provision({ what: 'invite', label }, group)) as {
				group: string;
				name: string;
				member: Credential;
			},
		/** A live table of a group, followed by its board (its `table` request). */
		openGroupTable: async (group: string, table: TableAsked) =>
			must(await provision({ what: 'table', ...table }, group)) as {
				table: string;
				writer: Credential;
				reader: Credential;
			},
		/** The board stops following a group's table. */
		closeGroupTable: async (group: string, table: string) =>
			must(await provision({ what: 'close', table }, group)),
		/** A member's (or the board's) credential is refused from now on. */
		removeMember: async (group: string, user: string) =>
			must(await provision({ what: 'remove', user }, group)),
		revokeGroup: revokeWholeGroup,
		revoke,
		/** Whether the table was closed by its host, or expired: what a refused link's phone is told. */
		closedTable: (table: string) => closedOf(registry, table),
		/** Open tables (`--open`): `open(address)`, `sweep(now)`; null when the server is not open. */
		openDoor,
		/** The nats-server process of a node, for tests that kill it. */
		process: (index = 0) => processes[index],
		/** Kills a node (SIGKILL by default: nothing flushed, as a power cut). */
		async kill(index = 0, signal: NodeJS.Signals = 'SIGKILL') {
			const child = processes[index];
			if (!child) return;
			const exited = new Promise((done) => child.once('exit', done));
			child.kill(signal);
			await exited;
		},
		/** Starts a stopped node again, on the same ports and store, with the registry as it is. */
		async restart(index = 0) {
			if (processes[index]) return;
			await serial(async () => {
				writeConfigs(dataDir, state, registry);
				await startNode(index);
			});
		},
		async stop() {
			for (const sub of subscriptions) sub.unsubscribe();
			registrar.stop();
			await openDoor?.stop();
			await keeper.stop();
			await groupKeeper.stop();
			await queue;
			await answers.close();
			await clerks.stop();
			await nc.close().catch(() => {});
			await Promise.all(processes.map((_, index) => this.kill(index, 'SIGTERM')));
			lock.release();
		}
	};
}

export type Live = Awaited<ReturnType<typeof startLive>>;
