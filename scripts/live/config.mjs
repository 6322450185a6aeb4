// The nats-server configuration Passpad's live play and groups need (docs/live.md,
// docs/group.md): pure, so the tests read what a credential may do without starting anything.
import {
	PROVISION_GROUP_SUBJECT,
	PROVISION_SUBJECT,
	asksOf,
	groupProvisionsOf,
	groupStreamOf,
	heresOf,
	inboxOf,
	matchesOf,
	playerSubject,
	recordSubject,
	streamOf
} from '../../src/lib/live/names.js';

/**
 * What a credential may ask of JetStream to read one stream, and nothing else: its info, an
 * (ordered) consumer on it, that consumer's messages. The same list for a table's reader, a
 * group's member and a group's board (docs/live.md, docs/group.md).
 * @param {string} stream
 */
export const readingOf = (stream) => [
	`$JS.API.STREAM.INFO.${stream}`,
	`$JS.API.CONSUMER.CREATE.${stream}`,
	`$JS.API.CONSUMER.CREATE.${stream}.>`,
	`$JS.API.CONSUMER.MSG.NEXT.${stream}.>`,
	`$JS.API.CONSUMER.INFO.${stream}.>`,
	`$JS.API.CONSUMER.DELETE.${stream}.>`
];

/** @typedef {'admin' | 'host' | 'writer' | 'reader' | 'member' | 'board'} Role */

/**
 * What each kind of credential may publish and subscribe to. Never `_INBOX.>`: a user allowed
 * it receives another table's replies; each credential has its own inbox prefix instead.
 * A reader asks its table's stream for messages and nothing else; only the admin (the
 * provisioning process) creates streams. A group's member writes its players and matches and
 * asks for its own group only; the server alone writes the group's tables and members; the
 * board reads the group and its open tables and never writes (docs/group.md, "Credentials").
 * @param {Role} role
 * @param {string} user
 * @param {string} [table] a writer's or reader's table
 * @param {{ group: string, tables?: string[] }} [group] a member's or board's group, and the
 *   group's open tables (a board follows them)
 */
export function permissionsOf(role, user, table, group) {
	if (role === 'admin') return null; // everything
	const inbox = `${inboxOf(user)}.>`;
	if (role === 'host') {
		return { publish: [PROVISION_SUBJECT, PROVISION_GROUP_SUBJECT], subscribe: [inbox] };
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
					groupProvisionsOf(group.group)
				],
				subscribe: [inbox]
			};
		}
		const tables = group.tables ?? [];
		return {
			publish: [...reading, ...tables.flatMap((open) => readingOf(streamOf(open)))],
			subscribe: [inbox, ...tables.map(heresOf)]
		};
	}
	if (!table) throw new Error(`a ${role} credential belongs to a table`);
	const reading = readingOf(streamOf(table));
	if (role === 'reader') {
		return { publish: reading, subscribe: [inbox, heresOf(table)] };
	}
	return {
		publish: [...reading, matchesOf(table), asksOf(table), heresOf(table)],
		subscribe: [inbox, asksOf(table), heresOf(table)]
	};
}

/** A string as the config file quotes it (JSON's quoting is the config's). */
const q = (/** @type {unknown} */ value) => JSON.stringify(String(value));

/**
 * @typedef {{ user: string, hash: string, role: Role, table?: string, group?: string }} User
 * @typedef {{ name: string, port: number, routes: string[] }} Cluster
 * @typedef {{
 *   name?: string,
 *   host?: string,
 *   port: number,
 *   wsHost?: string,
 *   wsPort: number,
 *   httpPort?: number,
 *   storeDir: string,
 *   pidFile?: string,
 *   users: User[],
 *   openTables?: Record<string, string[]>,
 *   cluster?: Cluster
 * }} ServerOptions
 */

/** @param {ServerOptions} options */
export function configText(options) {
	const lines = [
		'# Written by scripts/server.mjs: edits are overwritten (docs/live.md)',
		`server_name: ${q(options.name ?? 'passpad')}`,
		`listen: ${q(`${options.host ?? '127.0.0.1'}:${options.port}`)}`,
		// a move is a few hundred bytes: nothing larger is ever a Passpad message
		'max_payload: 65536'
	];
	if (options.httpPort) lines.push(`http: ${q(`127.0.0.1:${options.httpPort}`)}`);
	if (options.pidFile) lines.push(`pid_file: ${q(options.pidFile)}`);
	lines.push(
		'jetstream {',
		`  store_dir: ${q(options.storeDir)}`,
		'  max_memory_store: 64MB',
		'  max_file_store: 16GB',
		'}',
		'websocket {',
		`  host: ${q(options.wsHost ?? '127.0.0.1')}`,
		`  port: ${options.wsPort}`,
		// plain ws behind scripts/serve.mjs, which the phones reach over the page's own origin
		'  no_tls: true',
		'  compression: false',
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
	lines.push('authorization {', '  users: [');
	for (const user of options.users) {
		const group = user.group
			? { group: user.group, tables: options.openTables?.[user.group] ?? [] }
			: undefined;
		const permissions = permissionsOf(user.role, user.user, user.table, group);
		const entry = [`user: ${q(user.user)}`, `password: ${q(user.hash)}`];
		if (permissions) {
			entry.push(
				`permissions: { publish: { allow: [${permissions.publish.map(q).join(', ')}] }, ` +
					`subscribe: { allow: [${permissions.subscribe.map(q).join(', ')}] } }`
			);
		}
		lines.push(`    { ${entry.join(', ')} }`);
	}
	lines.push('  ]', '}', '');
	return lines.join('\n');
}
