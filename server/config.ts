// The nats-server configuration Passpad's live play and groups need (docs/live.md,
// docs/group.md): pure, so the tests read what a credential may do without starting anything.
import {
	ALL_APPENDS,
	ALL_GROUP_APPENDS,
	ALL_READS,
	ALL_REGISTERS,
	KEEPER_ACCOUNT,
	PROVISION_GROUP_SUBJECT,
	PROVISION_SUBJECT,
	appendsOf,
	asksOf,
	feedsOf,
	groupProvisionsOf,
	groupStreamOf,
	heresOf,
	inboxOf,
	playerSubject,
	readsOf,
	recordSubject,
	clubSettingsSubject,
	eveningSubject,
	groupAccountOf,
	groupAppendsOf,
	groupProvisionSubject,
	registerSubject,
	registersOf,
	tableAccountOf
} from '../src/lib/wire/names.js';
import { ADMIN_SUBJECTS } from './admin-subjects';
import { GROUP_STORE_BYTES, MAX_VERSION_BYTES } from '../src/lib/wire/limits';

/** `clerk`: the server's own user in a group's account (names.js `clerkOf`). */
export type Role = 'admin' | 'host' | 'writer' | 'reader' | 'member' | 'board' | 'clerk';

/** A user of the config: its bcrypt hash, never a password (docs/live.md, "Credentials"). */
export interface User {
	user: string;
	hash: string;
	role: Role;
	table?: string;
	group?: string;
}

export interface Permissions {
	publish: string[];
	subscribe: string[];
}

/**
 * What a credential may ask of JetStream to read one stream, and nothing else: its info, an
 * (ordered) consumer on it, that consumer's messages. The same list for a table's reader, a
 * group's member and a group's board (docs/live.md, docs/group.md).
 */
export const readingOf = (stream: string): string[] => [
	`$JS.API.STREAM.INFO.${stream}`,
	`$JS.API.CONSUMER.CREATE.${stream}`,
	`$JS.API.CONSUMER.CREATE.${stream}.>`,
	`$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
	`$JS.API.CONSUMER.INFO.${stream}.>`,
	`$JS.API.CONSUMER.DELETE.${stream}.>`
];

/**
 * What each kind of credential may publish and subscribe to. Never `_INBOX.>`: a user allowed
 * it receives another table's replies; each credential has its own inbox prefix instead.
 * A reader asks its table's stream for messages and nothing else; only the admin (the
 * provisioning process) creates streams. A group's member writes its players and matches and
 * asks for its own group only; the server alone writes the group's tables and members; the
 * board reads the group and its open tables and never writes (docs/group.md, "Credentials").
 * The host may also ask the running server to revoke (docs/live.md, "One owner of the registry").
 * A table's writer never publishes to its stream: it asks the keeper to append (docs/live.md,
 * "Who writes: the keeper"), so what a leaked players' link sends is checked before it is stored.
 * A table's phones never touch JetStream either: their account has none (docs/wire.md, "Where it
 * is stored"); they read through the keeper's `read` service and hear its feed. A group's members
 * and board use JetStream in their group's own account, where the only stream is the group's; the
 * server's clerk there may do anything in that account (like the admin in the keeper's).
 * @param group a member's or board's group, and the group's open tables (a board follows them)
 */
export function permissionsOf(
	role: Role,
	user: string,
	table?: string,
	group?: { group: string; tables?: string[] }
): Permissions | null {
	if (role === 'admin' || role === 'clerk') return null; // everything (in its own account)
	const inbox = `${inboxOf(user)}.>`;
	if (role === 'host') {
		return {
			publish: [PROVISION_SUBJECT, PROVISION_GROUP_SUBJECT, ADMIN_SUBJECTS],
			subscribe: [inbox]
		};
	}
	if (role === 'member' || role === 'board') {
		if (!group) throw new Error(`a ${role} credential belongs to a group`);
		const reading = readingOf(groupStreamOf(group.group));
		if (role === 'member') {
			return {
				publish: [
					...reading,
					playerSubject(group.group, '>'),
					recordSubject(group.group, '>'),
					// the club's things (docs/evening.md): the group's settings, its evenings
					clubSettingsSubject(group.group),
					eveningSubject(group.group, '>'),
					groupProvisionsOf(group.group),
					// a match's entries, checked and stored by the keeper (docs/wire.md, "Who writes")
					groupAppendsOf(group.group),
					// its phone's key, for its own user only: the subject says whose (docs/wire.md, "Keys")
					registerSubject(group.group, user)
				],
				subscribe: [inbox]
			};
		}
		// it follows each open table as a phone does (the live client): the keeper's `read`, the
		// table's feed and its "still here", each imported into the group's account (accountsOf)
		const tables = group.tables ?? [];
		return {
			publish: [...reading, ...tables.map(readsOf)],
			subscribe: [inbox, ...tables.flatMap((open) => [feedsOf(open), heresOf(open)])]
		};
	}
	if (!table) throw new Error(`a ${role} credential belongs to a table`);
	if (role === 'reader') {
		return { publish: [readsOf(table)], subscribe: [inbox, heresOf(table), feedsOf(table)] };
	}
	return {
		publish: [appendsOf(table), readsOf(table), asksOf(table), heresOf(table)],
		subscribe: [inbox, asksOf(table), heresOf(table), feedsOf(table)]
	};
}

/**
 * The file store nats-server may reserve (16 GiB): each table's stream reserves its bytes from
 * it, each group's stream its bytes, and each group's account its `max_file` too (GROUP_STORE_BYTES).
 * A single node refuses to start JetStream at all when its accounts reserve more (measured on
 * 2.9.10: "insufficient storage resources available"), so the server makes no group past it
 * (groups.ts, `groupsFit`; docs/wire.md, "Where it is stored").
 */
export const MAX_FILE_STORE = 16 * 1024 ** 3;

/** A string as the config file quotes it (JSON's quoting is the config's). */
const q = (value: unknown) => JSON.stringify(String(value));

export interface Cluster {
	name: string;
	port: number;
	routes: string[];
}

export interface ServerOptions {
	name?: string;
	host?: string;
	port: number;
	wsHost?: string;
	wsPort: number;
	httpPort?: number;
	storeDir: string;
	pidFile?: string;
	users: User[];
	openTables?: Record<string, string[]>;
	cluster?: Cluster;
	/** each group stream's bytes (GROUP_STORE_BYTES unless a test says less): its account's store */
	groupBytes?: number;
	/**
	 * Each acknowledged write is on disk before its acknowledgement (`sync_interval: always`):
	 * only nats-server 2.10 and later read it (docs/live.md, "Durability"; `syncsAlways`).
	 */
	syncAlways?: boolean;
}

/** The `major.minor.patch` of `nats-server --version`'s answer ("nats-server: v2.9.10"), or null. */
export function versionOf(said: string): [number, number, number] | null {
	const found = /v?(\d+)\.(\d+)\.(\d+)/.exec(said);
	return found ? [Number(found[1]), Number(found[2]), Number(found[3])] : null;
}

/**
 * Whether this nats-server reads `sync_interval: always` (2.10 and later): older ones refuse a
 * config that names it, so it is written only where it is understood (docs/live.md, "Durability").
 */
export function syncsAlways(said: string): boolean {
	const version = versionOf(said);
	if (!version) return false;
	const [major, minor] = version;
	return major > 2 || (major === 2 && minor >= 10);
}

export function configText(options: ServerOptions): string {
	const lines = [
		'# Written by the Passpad server (server/config.ts): edits are overwritten (docs/live.md)',
		`server_name: ${q(options.name ?? 'passpad')}`,
		`listen: ${q(`${options.host ?? '127.0.0.1'}:${options.port}`)}`,
		// the largest Passpad message is a group's version (src/lib/wire/limits.ts); a little
		// more, for its headers
		`max_payload: ${MAX_VERSION_BYTES + 4 * 1024}`
	];
	if (options.httpPort) lines.push(`http: ${q(`127.0.0.1:${options.httpPort}`)}`);
	if (options.pidFile) lines.push(`pid_file: ${q(options.pidFile)}`);
	lines.push(
		'jetstream {',
		`  store_dir: ${q(options.storeDir)}`,
		'  max_memory_store: 64MB',
		`  max_file_store: ${MAX_FILE_STORE}`
	);
	if (options.syncAlways) lines.push('  sync_interval: always');
	lines.push(
		'}',
		'websocket {',
		`  host: ${q(options.wsHost ?? '127.0.0.1')}`,
		`  port: ${options.wsPort}`,
		// plain ws on the loopback: the phones reach it through the app's own origin (proxy.ts),
		// which carries the TLS when the server has a certificate
		'  no_tls: true',
		// JSON deflates: a joining phone reads an eighth of the bytes (docs/group.md, "Figures")
		'  compression: true',
		'}'
	);
	if (options.cluster) {
		lines.push(
			'cluster {',
			`  name: ${q(options.cluster.name)}`,
			`  listen: ${q(`127.0.0.1:${options.cluster.port}`)}`,
			`  routes: [${options.cluster.routes.map(q).join(', ')}]`,
			'}'
		);
	}
	// a cluster's group stream has three replicas, each counted in its account's store
	const groupStore = (options.groupBytes ?? GROUP_STORE_BYTES) * (options.cluster ? 3 : 1);
	lines.push(...accountsOf(options.users, options.openTables ?? {}, groupStore));
	lines.push('');
	return lines.join('\n');
}

/** One user as the config lists it: its hash, and its permissions unless it is the admin. */
function userLine(user: User, openTables: Record<string, string[]>): string {
	const group = user.group
		? { group: user.group, tables: openTables[user.group] ?? [] }
		: undefined;
	const permissions = permissionsOf(user.role, user.user, user.table, group);
	const entry = [`user: ${q(user.user)}`, `password: ${q(user.hash)}`];
	if (permissions) {
		entry.push(
			`permissions: { publish: { allow: [${permissions.publish.map(q).join(', ')}] }, ` +
				`subscribe: { allow: [${permissions.subscribe.map(q).join(', ')}] } }`
		);
	}
	return `      { ${entry.join(', ')} }`;
}

/**
 * The accounts (docs/wire.md, "Where it is stored"): the keeper's own, with JetStream, every
 * table's stream and the server's users (admin, host); one per table, holding its phones' users
 * only, without JetStream; and one per group, with JetStream, holding the group's stream and its
 * members', board's and clerk's users. A table's account imports from the keeper's exactly its
 * own `append` and `read` services and its feed: a consumer's delivery, which JetStream makes on
 * its account's behalf past any permission, cannot leave the keeper's account, and nothing a
 * phone sends reaches a stream except through the keeper's checks. A group's pull or consumer
 * delivers inside the group's account, where no other stream is. The exports name every table
 * (`*`): only the config, which the server writes, says who imports. A group's board imports its
 * open tables' `read` and feed from the keeper's account and their "still here" from theirs.
 */
export function accountsOf(
	users: User[],
	openTables: Record<string, string[]>,
	groupBytes = GROUP_STORE_BYTES
): string[] {
	const tables = new Map<string, User[]>();
	const groups = new Map<string, User[]>();
	const own: User[] = [];
	for (const user of users) {
		if (user.table) tables.set(user.table, [...(tables.get(user.table) ?? []), user]);
		else if (user.group) groups.set(user.group, [...(groups.get(user.group) ?? []), user]);
		else own.push(user);
	}
	const keeper = q(KEEPER_ACCOUNT);
	const followed = new Set(
		[...groups.keys()].flatMap((group) => openTables[group] ?? []).filter((one) => tables.has(one))
	);
	const lines = ['accounts {', `  ${KEEPER_ACCOUNT}: {`, '    jetstream: enabled', '    users: ['];
	lines.push(...own.map((user) => userLine(user, openTables)), '    ]');
	lines.push(
		`    exports: [ { service: ${q(ALL_APPENDS)} }, { service: ${q(ALL_READS)} }, ` +
			`{ service: ${q(groupProvisionSubject('*', '*' as 'invite'))} }, ` +
			`{ service: ${q(ALL_GROUP_APPENDS)} }, { service: ${q(ALL_REGISTERS)} }, ` +
			`{ stream: ${q(feedsOf('*'))} } ]`
	);
	// the keeper hears every table's "still here" (docs/live.md, "The pen"); a board its open
	// tables' (below, in its group's account)
	if (tables.size) {
		const heres = [...tables.keys()].map(
			(table) =>
				`{ stream: { account: ${q(tableAccountOf(table))}, subject: ${q(heresOf(table))} } }`
		);
		lines.push(`    imports: [ ${heres.join(', ')} ]`);
	}
	lines.push('  }');
	for (const [table, members] of tables) {
		lines.push(`  ${tableAccountOf(table)}: {`, '    users: [');
		lines.push(...members.map((user) => userLine(user, openTables)), '    ]');
		lines.push(
			`    imports: [ { service: { account: ${keeper}, subject: ${q(appendsOf(table).replace(/>$/, '*'))} } }, ` +
				`{ service: { account: ${keeper}, subject: ${q(readsOf(table).replace(/>$/, '*'))} } }, ` +
				`{ stream: { account: ${keeper}, subject: ${q(feedsOf(table))} } } ]`
		);
		lines.push(`    exports: [ { stream: ${q(heresOf(table))} } ]`);
		lines.push('  }');
	}
	for (const [group, members] of groups) {
		// one stream of `groupBytes`, nothing in memory (phones' ordered consumers keep no
		// messages); a leaked member link that makes consumers fills nothing of another group
		lines.push(
			`  ${groupAccountOf(group)}: {`,
			`    jetstream: { max_file: ${groupBytes}, max_mem: 0, max_streams: 1 }`,
			'    users: ['
		);
		lines.push(...members.map((user) => userLine(user, openTables)), '    ]');
		// its members' requests (docs/group.md, "Requests") reach the server in the keeper's account
		const requests = `{ service: { account: ${keeper}, subject: ${q(groupProvisionSubject(group, '*' as 'invite'))} } }`;
		// its members' entries of a match, to the keeper (docs/wire.md, "Who writes")
		const appends = `{ service: { account: ${keeper}, subject: ${q(groupAppendsOf(group))} } }`;
		// its members' keys, each on its own user's subject (docs/wire.md, "Keys")
		const registers = `{ service: { account: ${keeper}, subject: ${q(registersOf(group))} } }`;
		const imports = (openTables[group] ?? []).flatMap((table) => [
			`{ service: { account: ${keeper}, subject: ${q(readsOf(table).replace(/>$/, '*'))} } }`,
			`{ stream: { account: ${keeper}, subject: ${q(feedsOf(table))} } }`,
			...(followed.has(table)
				? [`{ stream: { account: ${q(tableAccountOf(table))}, subject: ${q(heresOf(table))} } }`]
				: [])
		]);
		lines.push(`    imports: [ ${[requests, appends, registers, ...imports].join(', ')} ]`);
		lines.push('  }');
	}
	lines.push('}');
	return lines;
}
