// What a running server was started with (state.json in the data folder, no secret in it: the
// admin's and host's hashes only), and each node's config written from it and the registry.
// `npm run server -- revoke…` reads the ports here to ask the running server, and with no
// server running rewrites the configs of any nats-server left on the folder.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configText, type User } from './config';
import type { Node } from './nats';
import { openTablesOf, type Registry } from './registry';
import { clerkOf } from '../src/lib/wire/names.js';

export interface State {
	count: number;
	nodes: Node[];
	wsHost?: string;
	users: User[];
	/** whether this nats-server reads `sync_interval: always` (config.ts, `syncsAlways`) */
	syncAlways?: boolean;
	/**
	 * The hash of the password of every group's clerk (the server's user in each group's account,
	 * names.js `clerkOf`): a new one each start, the password in the running server only.
	 */
	clerk?: string;
	/** each group account's file store, when a test asks for less than GROUP_STORE_BYTES */
	groupBytes?: number;
}

export const configOf = (node: Node) => join(node.dir, 'nats.conf');
export const pidFileOf = (node: Node) => join(node.dir, 'nats.pid');

export function readState(dataDir: string): State | null {
	const file = join(dataDir, 'state.json');
	return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/**
 * The table and group accounts a config names and the tables a board follows (config.ts,
 * `accountsOf`): a reload that adds to it adds an account, or an account's imports (live.ts,
 * `save`).
 */
export function accountsNamed(registry: Registry): Set<string> {
	const tables = registry.users.flatMap((user) => (user.table ? [user.table] : []));
	const groups = Object.keys(registry.groups).map((group) => `${group}/group`);
	const followed = Object.values(openTablesOf(registry))
		.flat()
		.map((table) => `${table}/followed`);
	return new Set([...tables, ...groups, ...followed]);
}

/** Each node's config from the state and the registry. */
export function writeConfigs(dataDir: string, state: State, registry: Registry) {
	mkdirSync(dataDir, { recursive: true });
	writeFileSync(join(dataDir, 'state.json'), JSON.stringify(state, null, '\t'), { mode: 0o600 });
	const { count, nodes } = state;
	// each group's account, even a revoked group's (its stream is kept), holds the server's clerk
	const clerks: User[] = state.clerk
		? Object.keys(registry.groups).map((group) => ({
				user: clerkOf(group),
				hash: state.clerk as string,
				role: 'clerk',
				group
			}))
		: [];
	const users = [...state.users, ...registry.users, ...clerks];
	nodes.forEach((node, index) => {
		mkdirSync(node.dir, { recursive: true });
		const text = configText({
			name: count > 1 ? `passpad-${index + 1}` : 'passpad',
			port: node.port,
			wsPort: node.wsPort,
			wsHost: state.wsHost,
			httpPort: node.httpPort,
			storeDir: join(node.dir, 'jetstream'),
			pidFile: pidFileOf(node),
			users,
			openTables: openTablesOf(registry),
			syncAlways: state.syncAlways,
			groupBytes: state.groupBytes,
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
		writeFileSync(configOf(node), text, { mode: 0o600 });
	});
}
