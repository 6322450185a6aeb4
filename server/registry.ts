// Who may connect to the live server: the registry in the data folder (tables.json) holds each
// user's bcrypt hash and role, never a password (docs/live.md, "A new table"). A password
// exists in plain only in the answer to the phone that asked for it, and, for the host
// credential, in host.secret (readable by the server's own user only), so the host's link
// survives a restart. The running server alone writes tables.json (docs/live.md, "One owner of
// the registry"); these functions change a registry in memory and never read the disk behind it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { GROUP_ID, TABLE_ID } from '../src/lib/wire/names.js';
import type { User } from './config';

/**
 * bcrypt's cost: its least. Every password is 24 random bytes the server made (newPassword), so
 * a slower hash protects nothing a person could guess; and nats-server checks every connected
 * phone's password again at each config reload (a new table, a revocation): measured
 * (bench/live-appends.mjs, 200 connections), a reload cost it 10 s of CPU at cost 10 and 0.2 s
 * at cost 4 (docs/live.md, "A new table: config reload").
 */
export const DEFAULT_COST = 4;

export interface Credential {
	user: string;
	pass: string;
}

/** A table; one opened for a group (docs/group.md) names the group and what it plays. */
export interface Table {
	createdAt: number;
	revokedAt?: number;
	group?: string;
	match?: string;
	game?: string;
	names?: string[];
	closedAt?: number;
	/** opened by any phone on an open server (server/open.ts): it expires after a day unused */
	open?: true;
	/** when it expired: its credentials and stream removed (docs/live.md, "Open tables") */
	expiredAt?: number;
}
export interface Member {
	label: string;
	addedAt: number;
	removedAt?: number;
}
export interface Group {
	name: string;
	createdAt: number;
	revokedAt?: number;
	members: Record<string, Member>;
	boards: Record<string, { addedAt: number; removedAt?: number }>;
}
export interface Registry {
	version: 1;
	users: User[];
	tables: Record<string, Table>;
	groups: Record<string, Group>;
}

/** A password a person never types: 24 random bytes, as letters a link carries as they are. */
export const newPassword = () => randomBytes(24).toString('base64url');
/** A table's id: 12 letters and digits (TABLE_ID). */
export const newTableId = () =>
	[...randomBytes(12)].map((byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');

/**
 * nats-server (Go's bcrypt) reads the "$2a$" prefix; bcryptjs writes "$2b$", the same hash for
 * any password shorter than 255 bytes.
 */
export async function hashOf(password: string, cost = DEFAULT_COST): Promise<string> {
	const hash = await bcrypt.hash(password, cost);
	return hash.replace(/^\$2b\$/, '$2a$');
}

/** A group member's user name: the group's id, then `-m` and letters of its own. */
const newMemberUser = (group: string) => `${group}-m${newTableId().slice(0, 8)}`;
const newBoardUser = (group: string) => `${group}-b${newTableId().slice(0, 8)}`;

export function readRegistry(dir: string): Registry {
	const file = join(dir, 'tables.json');
	const registry: Registry = existsSync(file)
		? JSON.parse(readFileSync(file, 'utf8'))
		: { version: 1, users: [], tables: {}, groups: {} };
	// a registry written before groups has none
	registry.groups ??= {};
	return registry;
}

/** Written whole then renamed: a crash leaves the old registry or the new one, never half. */
export function writeRegistry(dir: string, registry: Registry) {
	mkdirSync(dir, { recursive: true });
	const file = join(dir, 'tables.json');
	writeFileSync(`${file}.tmp`, JSON.stringify(registry, null, '\t'), { mode: 0o600 });
	renameSync(`${file}.tmp`, file);
}

/** The host credential as host.secret keeps it, or null when no server made one here. */
export function readHostSecret(dir: string): Credential | null {
	const file = join(dir, 'host.secret');
	return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** The host credential (it asks for new tables): kept across restarts in host.secret. */
export async function hostCredential(
	dir: string,
	cost = DEFAULT_COST
): Promise<{ credential: Credential; user: User }> {
	let credential = readHostSecret(dir);
	if (!credential) {
		credential = { user: 'host', pass: newPassword() };
		mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, 'host.secret'), JSON.stringify(credential), { mode: 0o600 });
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
 */
export async function addTable(
	registry: Registry,
	cost = DEFAULT_COST,
	now = Date.now(),
	forGroup?: { group: string; match: string; game: string; names: string[] }
) {
	const table = newTableId();
	if (!TABLE_ID.test(table) || registry.tables[table]) throw new Error('table id clash');
	const writer = { user: `${table}-w`, pass: newPassword() };
	const reader = { user: `${table}-r`, pass: newPassword() };
	const hashes = await Promise.all([hashOf(writer.pass, cost), hashOf(reader.pass, cost)]);
	registry.tables[table] = { createdAt: now, ...forGroup };
	registry.users.push(
		{ user: writer.user, hash: hashes[0], role: 'writer', table },
		{ user: reader.user, hash: hashes[1], role: 'reader', table }
	);
	return { table, writer, reader };
}

/**
 * A table's credentials stop working: its users leave the registry (the next config drops
 * them, and the reload closes their connections); its stream is kept.
 */
export function revokeTable(registry: Registry, table: string, now = Date.now()): boolean {
	if (!Object.hasOwn(registry.tables, table)) return false;
	registry.tables[table].revokedAt = now;
	registry.users = registry.users.filter((user) => user.table !== table);
	return true;
}

/** A group that exists and is not revoked, or null. */
export function groupOf(registry: Registry, group: string): Group | null {
	const found = Object.hasOwn(registry.groups, group) ? registry.groups[group] : undefined;
	return found && !found.revokedAt ? found : null;
}

/**
 * A member credential of a group (one per phone or person), labelled for the others. The hash
 * is made before the registry is touched: a change made meanwhile is never written over.
 */
export async function addMember(
	registry: Registry,
	group: string,
	label: string,
	cost = DEFAULT_COST,
	now = Date.now()
): Promise<Credential> {
	const member = { user: newMemberUser(group), pass: newPassword() };
	const hash = await hashOf(member.pass, cost);
	const found = groupOf(registry, group);
	if (!found) throw new Error(`no group ${group}`);
	if (found.members[member.user]) throw new Error('member id clash');
	found.members[member.user] = { label, addedAt: now };
	registry.users.push({ user: member.user, hash, role: 'member', group });
	return member;
}

/** A new group: its first member (the phone that asked) and its board's credential. */
export async function addGroup(
	registry: Registry,
	asked: { name: string; label: string },
	cost = DEFAULT_COST,
	now = Date.now()
) {
	const group = newTableId();
	if (!GROUP_ID.test(group) || registry.groups[group]) throw new Error('group id clash');
	const board = { user: newBoardUser(group), pass: newPassword() };
	const boardHash = await hashOf(board.pass, cost);
	registry.groups[group] = { name: asked.name, createdAt: now, members: {}, boards: {} };
	const member = await addMember(registry, group, asked.label, cost, now);
	registry.groups[group].boards[board.user] = { addedAt: now };
	registry.users.push({ user: board.user, hash: boardHash, role: 'board', group });
	return { group, name: asked.name, member, board };
}

/**
 * A member's or the board's credential stops working (the next config drops it; the reload
 * closes its connection). Which one it was, or null when the group has no such credential.
 */
export function removeCredential(
	registry: Registry,
	group: string,
	user: string,
	now = Date.now()
): 'member' | 'board' | null {
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
 */
export function closeTable(
	registry: Registry,
	group: string,
	table: string,
	now = Date.now()
): Table | null {
	const found = Object.hasOwn(registry.tables, table) ? registry.tables[table] : undefined;
	if (!groupOf(registry, group) || !found || found.group !== group) return null;
	if (found.closedAt || found.revokedAt) return null;
	found.closedAt = now;
	return found;
}

/** Each group's open tables, which its board follows. */
export function openTablesOf(registry: Registry): Record<string, string[]> {
	const open: Record<string, string[]> = {};
	for (const [table, entry] of Object.entries(registry.tables)) {
		if (!entry.group || entry.closedAt || entry.revokedAt) continue;
		(open[entry.group] ??= []).push(table);
	}
	return open;
}

/**
 * Every credential of a group stops working: its members', its board's and its tables'. Its
 * stream is kept (the record is the members' too: they keep their copies).
 */
export function revokeGroup(registry: Registry, group: string, now = Date.now()): boolean {
	const found = groupOf(registry, group);
	if (!found) return false;
	found.revokedAt = now;
	for (const [table, entry] of Object.entries(registry.tables)) {
		if (entry.group === group && !entry.revokedAt) revokeTable(registry, table, now);
	}
	registry.users = registry.users.filter((user) => user.group !== group);
	return true;
}
