// Who may connect to the live server: the registry in the data folder (tables.json) holds each
// user's bcrypt hash and role, never a password (docs/live.md, "Credentials"). A password
// exists in plain only in the answer to the phone that asked for it, and, for the host
// credential, in host.secret (readable by the server's own user only), so the host's link
// survives a restart.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { TABLE_ID } from '../../src/lib/live/names.js';

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

/**
 * @typedef {import('./config.mjs').User} User
 * @typedef {{ version: 1, users: User[], tables: Record<string, { createdAt: number, revokedAt?: number }> }} Registry
 * @typedef {{ user: string, pass: string }} Credential
 */

export function readRegistry(/** @type {string} */ dir) {
	const file = join(dir, 'tables.json');
	if (!existsSync(file)) return /** @type {Registry} */ ({ version: 1, users: [], tables: {} });
	return /** @type {Registry} */ (JSON.parse(readFileSync(file, 'utf8')));
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
 * and a reader's (a spectator: it follows and never writes).
 * @param {Registry} registry @param {number} cost @param {number} now
 */
export async function addTable(registry, cost = DEFAULT_COST, now = Date.now()) {
	const table = newTableId();
	if (!TABLE_ID.test(table) || registry.tables[table]) throw new Error('table id clash');
	const writer = { user: `${table}-w`, pass: newPassword() };
	const reader = { user: `${table}-r`, pass: newPassword() };
	registry.tables[table] = { createdAt: now };
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
