// Who may connect to the live server: the registry in the data folder (tables.json) holds each
// user's bcrypt hash and role, never a password (docs/live.md, "A new table"). A password
// exists in plain only in the answer to the phone that asked for it, and, for the host
// credential, in host.secret (readable by the server's own user only), so the host's link
// survives a restart.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { GROUP_ID, TABLE_ID } from '../../src/lib/live/names.js';

/** bcrypt's cost: each connection pays it once, so ~50 ms on a small machine is the aim. */
export const DEFAULT_COST = 10;

/** A password a person never types: 24 random bytes, as letters a link carries as they are. */
export const newPassword = () => randomBytes(24).toString('base64url');
/** A table's id: 12 letters and digits (TABLE_ID). */
export const newTableId = () =>
	[...randomBytes(12)].map((byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');

/**
 * nats-server (Go's bcrypt) reads the "$2a$" prefix; bcryptjs writes "$2b$", the same hash for
 * any password shorter than 255 bytes.
 * @param {string} password @param {number} cost
 */
export async function hashOf(password, cost = DEFAULT_COST) {
	const hash = await bcrypt.hash(password, cost);
	return hash.replace(/^\$2b\$/, '$2a$');
}

/** A group member's user name: the group's id, then `-m` and letters of its own. @param {string} group */
const newMemberUser = (group) => `${group}-m${newTableId().slice(0, 8)}`;
/** @param {string} group */
const newBoardUser = (group) => `${group}-b${newTableId().slice(0, 8)}`;

/**
 * @typedef {import('./config.mjs').User} User
 * @typedef {{ user: string, pass: string }} Credential
 * @typedef {{
 *   createdAt: number,
 *   revokedAt?: number,
 *   group?: string,
 *   match?: string,
 *   game?: string,
 *   names?: string[],
 *   closedAt?: number
 * }} Table a table; one opened for a group (docs/group.md) names the group and what it plays
 * @typedef {{ label: string, addedAt: number, removedAt?: number }} Member
 * @typedef {{
 *   name: string,
 *   createdAt: number,
 *   revokedAt?: number,
 *   members: Record<string, Member>,
 *   boards: Record<string, { addedAt: number, removedAt?: number }>
 * }} Group
 * @typedef {{ version: 1, users: User[], tables: Record<string, Table>, groups: Record<string, Group> }} Registry
 */

export function readRegistry(/** @type {string} */ dir) {
	const file = join(dir, 'tables.json');
	/** @type {Registry} */
	const registry = existsSync(file)
		? JSON.parse(readFileSync(file, 'utf8'))
		: { version: 1, users: [], tables: {}, groups: {} };
	// a registry written before groups has none
	registry.groups ??= {};
	return registry;
}

/** Written whole then renamed: a crash leaves the old registry or the new one, never half. */
/** @param {string} dir @param {Registry} registry */
export function writeRegistry(dir, registry) {
	mkdirSync(dir, { recursive: true });
	const file = join(dir, 'tables.json');
	writeFileSync(`${file}.tmp`, JSON.stringify(registry, null, '\t'), { mode: 0o600 });
	renameSync(`${file}.tmp`, file);
}

/**
 * The host credential (it asks for new tables): kept across restarts in host.secret.
 * @param {string} dir @param {number} cost
 * @returns {Promise<{ credential: Credential, user: User }>}
 */
export async function hostCredential(dir, cost = DEFAULT_COST) {
	const file = join(dir, 'host.secret');
	let credential;
	if (existsSync(file)) credential = JSON.parse(readFileSync(file, 'utf8'));
	else {
		credential = { user: 'host', pass: newPassword() };
		mkdirSync(dir, { recursive: true });
		writeFileSync(file, JSON.stringify(credential), { mode: 0o600 });
	}
	return {
		credential,
		user: { user: credential.user, hash: await hashOf(credential.pass, cost), role: 'host' }
	};
}

/**
 * A new table's two credentials: a writer's (a player's phone: it may take the pen and enter)
 * and a reader's (a spectator: it follows and never writes). A group's table also names its
 * group and what it plays, for the group's board (docs/group.md, "The board").
 * @param {Registry} registry @param {number} cost @param {number} now
 * @param {{ group: string, match: string, game: string, names: string[] }} [forGroup]
 */
export async function addTable(registry, cost = DEFAULT_COST, now = Date.now(), forGroup) {
	const table = newTableId();
	if (!TABLE_ID.test(table) || registry.tables[table]) throw new Error('table id clash');
	const writer = { user: `${table}-w`, pass: newPassword() };
	const reader = { user: `${table}-r`, pass: newPassword() };
	registry.tables[table] = { createdAt: now, ...forGroup };
	registry.users.push(
		{ user: writer.user, hash: await hashOf(writer.pass, cost), role: 'writer', table },
		{ user: reader.user, hash: await hashOf(reader.pass, cost), role: 'reader', table }
	);
	return { table, writer, reader };
}

/**
 * A table's credentials stop working: its users leave the registry (the next config drops
 * them, and the reload closes their connections); its stream is kept.
 * @param {Registry} registry @param {string} table @param {number} now
 */
export function revokeTable(registry, table, now = Date.now()) {
	if (!registry.tables[table]) return false;
	registry.tables[table].revokedAt = now;
	registry.users = registry.users.filter((user) => user.table !== table);
	return true;
}

/** A group that exists and is not revoked, or null. @param {Registry} registry @param {string} group */
export function groupOf(registry, group) {
	const found = Object.hasOwn(registry.groups, group) ? registry.groups[group] : undefined;
	return found && !found.revokedAt ? found : null;
}

/**
 * A member credential of a group (one per phone or person), labelled for the others.
 * @param {Registry} registry @param {string} group @param {string} label
 * @param {number} cost @param {number} now
 * @returns {Promise<Credential>}
 */
export async function addMember(registry, group, label, cost = DEFAULT_COST, now = Date.now()) {
	const found = groupOf(registry, group);
	if (!found) throw new Error(`no group ${group}`);
	const member = { user: newMemberUser(group), pass: newPassword() };
	if (found.members[member.user]) throw new Error('member id clash');
	found.members[member.user] = { label, addedAt: now };
	registry.users.push({
		user: member.user,
		hash: await hashOf(member.pass, cost),
		role: 'member',
		group
	});
	return member;
}

/**
 * A new group: its first member (the phone that asked) and its board's credential.
 * @param {Registry} registry @param {{ name: string, label: string }} asked
 * @param {number} cost @param {number} now
 */
export async function addGroup(registry, asked, cost = DEFAULT_COST, now = Date.now()) {
	const group = newTableId();
	if (!GROUP_ID.test(group) || registry.groups[group]) throw new Error('group id clash');
	registry.groups[group] = { name: asked.name, createdAt: now, members: {}, boards: {} };
	const member = await addMember(registry, group, asked.label, cost, now);
	const board = { user: newBoardUser(group), pass: newPassword() };
	registry.groups[group].boards[board.user] = { addedAt: now };
	registry.users.push({
		user: board.user,
		hash: await hashOf(board.pass, cost),
		role: 'board',
		group
	});
	return { group, name: asked.name, member, board };
}

/**
 * A member's or the board's credential stops working (the next config drops it; the reload
 * closes its connection). Which one it was, or null when the group has no such credential.
 * @param {Registry} registry @param {string} group @param {string} user @param {number} now
 * @returns {'member' | 'board' | null}
 */
export function removeCredential(registry, group, user, now = Date.now()) {
	const found = groupOf(registry, group);
	if (!found) return null;
	const member = Object.hasOwn(found.members, user) ? found.members[user] : undefined;
	const board = Object.hasOwn(found.boards, user) ? found.boards[user] : undefined;
	const entry = member ?? board;
	if (!entry || entry.removedAt) return null;
	entry.removedAt = now;
	registry.users = registry.users.filter((one) => one.user !== user);
	return member ? 'member' : 'board';
}

/**
 * A group's table is over: the board stops following it (its credentials still work, so the
 * table's own phones keep what they have). The table, or null when the group has no such open one.
 * @param {Registry} registry @param {string} group @param {string} table @param {number} now
 */
export function closeTable(registry, group, table, now = Date.now()) {
	const found = Object.hasOwn(registry.tables, table) ? registry.tables[table] : undefined;
	if (!groupOf(registry, group) || !found || found.group !== group) return null;
	if (found.closedAt || found.revokedAt) return null;
	found.closedAt = now;
	return found;
}

/** Each group's open tables, which its board follows. @param {Registry} registry */
export function openTablesOf(registry) {
	/** @type {Record<string, string[]>} */
	const open = {};
	for (const [table, entry] of Object.entries(registry.tables)) {
		if (!entry.group || entry.closedAt || entry.revokedAt) continue;
		(open[entry.group] ??= []).push(table);
	}
	return open;
}

/**
 * Every credential of a group stops working: its members', its board's and its tables'. Its
 * stream is kept (the record is the members' too: they keep their copies).
 * @param {Registry} registry @param {string} group @param {number} now
 */
export function revokeGroup(registry, group, now = Date.now()) {
	const found = groupOf(registry, group);
	if (!found) return false;
	found.revokedAt = now;
	for (const [table, entry] of Object.entries(registry.tables)) {
		if (entry.group === group && !entry.revokedAt) revokeTable(registry, table, now);
	}
	registry.users = registry.users.filter((user) => user.group !== group);
	return true;
}
