// `npm run server -- revoke <table>`, `revoke-member <group> <user>`, `revoke-group <group>`
// (docs/live.md, "One owner of the registry"): the registry has one writer at a time. With a
// server running on the folder (it holds registry.lock), the command asks it, as the host
// (host.secret), on `passpad.admin.<what>`; the server makes the change in its own queue, so a
// member added meanwhile never writes a revoked credential back. With no server running, the
// command takes the lock itself, changes tables.json, rewrites the configs and reloads any
// nats-server left running on the folder.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { connect } from '@nats-io/transport-node';
import { inboxOf } from '../src/lib/wire/names.js';
import { GroupId, TableId } from '../src/lib/wire/provision';
import { GroupUser } from '../src/lib/wire/schemas';
import { adminSubject, type AdminRequest } from './admin-subjects';
import { lockHolder, takeLock } from './lock';
import { hangUp, sleep } from './nats';
import {
	readHostSecret,
	readRegistry,
	removeCredential,
	revokeGroup,
	revokeTable,
	writeRegistry,
	type Credential,
	type Registry
} from './registry';
import { jsonOf } from './requests';
import { pidFileOf, readState, writeConfigs } from './state';

const BODIES = {
	revoke: v.object({ table: TableId }),
	'revoke-member': v.object({ group: GroupId, user: GroupUser }),
	'revoke-group': v.object({ group: GroupId })
} as const;

/** An admin request from its subject and body (the server's side), or null. */
export function readAdminRequest(subject: string, bytes: Uint8Array): AdminRequest | null {
	const what = subject.split('.').slice(2).join('.');
	if (!subject.startsWith('passpad.admin.') || !Object.hasOwn(BODIES, what)) return null;
	const kind = what as keyof typeof BODIES;
	const parsed = v.safeParse(BODIES[kind], jsonOf(bytes));
	return parsed.success ? ({ what: kind, ...parsed.output } as AdminRequest) : null;
}

/** The change a request makes to a registry; false when there is nothing to change. */
function change(registry: Registry, asked: AdminRequest): boolean {
	if (asked.what === 'revoke') return revokeTable(registry, asked.table);
	if (asked.what === 'revoke-group') return revokeGroup(registry, asked.group);
	return removeCredential(registry, asked.group, asked.user) !== null;
}

/** How long the running server may take to answer (a reload on a loaded machine). */
const ANSWER_BUDGET = 120_000;

/** How a connection cut by a reload fails (measured on 2.9.10 with accounts). */
const CUT = /authorization|refused|ECONNRESET|connection closed/i;

/**
 * The host's connection to the running server. A connection opened while nats-server reloads
 * its config can be refused for a moment (nats-server 2.9): tried again, as a phone would.
 */
async function hostConnection(servers: string[], host: Credential) {
	for (let tries = 0; ; tries++) {
		try {
			return await connect({
				servers,
				user: host.user,
				pass: host.pass,
				inboxPrefix: inboxOf(host.user),
				reconnect: false
			});
		} catch (error) {
			// with an account per table (docs/wire.md), a reload also resets or refuses it
			if (tries >= 50 || !CUT.test(String(error))) throw error;
			await sleep(100);
		}
	}
}

/** Asks the running server, as the host. */
async function askServer(dataDir: string, asked: AdminRequest): Promise<boolean> {
	const state = readState(dataDir);
	const host = readHostSecret(dataDir);
	if (!state || !host)
		throw new Error(`the server on ${dataDir} left no state.json or host.secret`);
	const servers = state.nodes.map((node) => `127.0.0.1:${node.port}`);
	const { what, ...body } = asked;
	const until = Date.now() + ANSWER_BUDGET;
	for (;;) {
		const nc = await hostConnection(servers, host);
		try {
			const reply = await nc.request(adminSubject(what), JSON.stringify(body), {
				timeout: Math.max(1, until - Date.now())
			});
			const answer = reply.json<{ done?: boolean; error?: string }>();
			if (answer.error) throw new Error(`the server refused the request (${answer.error})`);
			return answer.done === true;
		} catch (error) {
			// nobody listens for a moment around a reload (as src/lib/group/provision.ts meets),
			// or the reload cut the connection: asked again (a revocation done twice is done)
			if (!/no responders/i.test(String(error)) && !CUT.test(String(error))) throw error;
			if (Date.now() > until) throw error;
			await sleep(100);
		} finally {
			await nc.close().catch(() => {});
		}
	}
}

/** Changes the registry of a folder no server runs on, holding its lock meanwhile. */
function changeOnDisk(dataDir: string, asked: AdminRequest): boolean | null {
	const lock = takeLock(dataDir);
	if (!lock) return null; // a server started meanwhile: ask it
	try {
		const registry = readRegistry(dataDir);
		if (!change(registry, asked)) return false;
		writeRegistry(dataDir, registry);
		// a nats-server left running by a killed server process reads the new users now
		const state = readState(dataDir);
		if (state) {
			writeConfigs(dataDir, state, registry);
			for (const node of state.nodes) hangUp(pidFileOf(node));
		}
		return true;
	} finally {
		lock.release();
	}
}

/**
 * A revocation, made by the folder's running server or, with none, on disk. Whether something
 * was revoked (false: no such table, group or credential).
 */
export async function adminRevoke(dataDir: string, asked: AdminRequest): Promise<boolean> {
	for (let tries = 0; tries < 3; tries++) {
		if (lockHolder(dataDir) !== null) return askServer(dataDir, asked);
		// no server ever ran here: nothing to revoke
		if (!existsSync(join(dataDir, 'tables.json'))) return false;
		const done = changeOnDisk(dataDir, asked);
		if (done !== null) return done;
	}
	throw new Error(`could not take the lock of ${dataDir}`);
}
