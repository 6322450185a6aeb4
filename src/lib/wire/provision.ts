/**
 * What a phone asks of the server for a group (docs/group.md, "Requests"): a new group (with the
 * host credential), another member, a live table of the group, closing it, removing a
 * credential. Given a connection opened with the credential's own inbox prefix, so the browser
 * (WebSocket) and node (tests) share it; it imports no NATS code of its own. Every answer is
 * validated; a refusal is a code the screen words, never an exception.
 */
import * as v from 'valibot';
import type { NatsConnection } from '@nats-io/nats-core';
import { GAME_IDS } from '$lib/rules/common/game';
import { MAX_MEMBER_KEYS, MAX_SEATS } from './limits';
import { PUBLIC_KEY } from './signing';
import {
	GROUP_ID,
	MATCH_ID,
	PROVISION_GROUP_SUBJECT,
	PROVISION_SUBJECT,
	TABLE_ID,
	groupProvisionSubject
} from './names.js';
import { Credential, GroupUser, Label, SeatName } from './schemas';
import { newId } from './ids';

/**
 * Why a request did not give what was asked:
 * - `bad-request`: a name, label or id not in its form (refused here or by the server);
 * - `unknown-group`, `unknown-user`, `unknown-table`: the server has no such (live) thing;
 * - `full`: the group has as many members (200) or open tables (40) as a server gives one, or
 *   the server as many groups as its store holds (server/groups.ts, `groupsFit`);
 * - `refused`: this credential may not ask that (another group's, a revoked one);
 * - `no-answer`: no provisioning server answered in time (offline, or no server running);
 * - `bad-answer`: an answer that is not what was asked for;
 * - `failed`: the server could not make it (its own trouble; asking again may work).
 */
export type ProvisionError =
	| 'bad-request'
	| 'unknown-group'
	| 'unknown-user'
	| 'unknown-table'
	| 'full'
	| 'refused'
	| 'no-answer'
	| 'bad-answer'
	| 'failed';

export type Provisioned<T> =
	{ readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ProvisionError };

export const GroupId = v.pipe(v.string(), v.regex(GROUP_ID));
export const TableId = v.pipe(v.string(), v.regex(TABLE_ID));
export { Credential };

export const NewGroup = v.object({
	group: GroupId,
	name: Label,
	member: Credential,
	board: Credential
});
export type NewGroup = v.InferOutput<typeof NewGroup>;

export const NewMember = v.object({ group: GroupId, name: Label, member: Credential });
export type NewMember = v.InferOutput<typeof NewMember>;

/** A live table of the group: its players' and its followers' credentials (docs/live.md). */
export const GroupTable = v.object({ table: TableId, writer: Credential, reader: Credential });
export type GroupTable = v.InferOutput<typeof GroupTable>;

const Closed = v.object({ table: TableId });
const Removed = v.object({ user: GroupUser });
const Refusal = v.object({
	error: v.picklist([
		'bad-request',
		'unknown-group',
		'unknown-user',
		'unknown-table',
		'full',
		'failed'
	])
});

/** What a live table plays, as the board shows it. */
export const TableAsked = v.object({
	match: v.pipe(v.string(), v.regex(MATCH_ID)),
	game: v.picklist(GAME_IDS),
	names: v.pipe(
		v.array(v.pipe(SeatName, v.regex(/^[^\p{Cc}]+$/u))),
		v.minLength(1),
		v.maxLength(MAX_SEATS)
	)
});
export type TableAsked = v.InferOutput<typeof TableAsked>;

// What the server writes in the group's stream (docs/group.md): read by every member and the board.

/** A wire a phone reads its group's matches from (`WIRE_READS`): 1 or more. */
export const Reads = v.pipe(v.number(), v.safeInteger(), v.minValue(1));

/**
 * `passpad.g.<g>.member.<user>`: a member credential's label, whether it was removed, and the
 * public keys its phones registered with the keeper (docs/wire.md, "Keys"): the keys whose
 * entries the keeper takes, and so who wrote each. `keys` is optional, so a record written
 * before registration, and a phone reading it on an older build, still read. `reads`: the wire
 * each key's phone said it reads its group's matches from when it last registered
 * (`WIRE_READS`; docs/wire.md, "Reading a group's matches from the wire: the switch"), named
 * only for a key that did not say 1 (`readsOf`); optional too, and an older build's parse
 * drops it (`v.object` strips what it does not name) and keeps the rest.
 */
export const MemberRecord = v.object({
	v: v.literal(1),
	user: GroupUser,
	label: v.string(),
	removed: v.boolean(),
	at: v.number(),
	keys: v.optional(
		v.pipe(v.array(v.pipe(v.string(), v.regex(PUBLIC_KEY))), v.maxLength(MAX_MEMBER_KEYS))
	),
	reads: v.optional(
		v.pipe(v.record(v.pipe(v.string(), v.regex(PUBLIC_KEY)), Reads), v.maxEntries(MAX_MEMBER_KEYS))
	)
});
export type MemberRecord = v.InferOutput<typeof MemberRecord>;

/** The wire `key`'s phone reads as the member's record says: 1 unless it said more. */
export const readsOf = (record: Pick<MemberRecord, 'reads'>, key: string): number =>
	(record.reads && Object.hasOwn(record.reads, key) ? record.reads[key] : undefined) ?? 1;

/** `passpad.g.<g>.table.<table>`: a live table of the group, open or closed, for the board. */
export const BoardTable = v.object({
	v: v.literal(1),
	table: TableId,
	...TableAsked.entries,
	open: v.boolean(),
	at: v.number()
});
export type BoardTable = v.InferOutput<typeof BoardTable>;

/** Bcrypt, a config reload and a new stream: well under a second, but a phone's network is slow. */
const TIMEOUT_MS = 15_000;

/**
 * One asking's wait before the same request is asked again under its name (server/asked.ts): an
 * answer lost with a broken WebSocket is heard from the second asking, not after 15 s of
 * nothing; a slow server's first answer is what the second asking gets.
 */
const ASKING_MS = 4_000;

/** Whether the server refused the request for this credential's permissions. */
function isPermission(error: unknown): boolean {
	for (let at = error; at instanceof Error; at = at.cause) {
		if (at.name === 'PermissionViolationError' || /permission/i.test(at.message)) return true;
	}
	return false;
}

/**
 * Asks until answered or TIMEOUT_MS is over. The request carries its own name (`ask`), so the
 * server makes what it asks once however often it is asked (docs/group.md, "Requests": asked
 * again): nobody listening yet (the provisioning process reconnecting after a server restart)
 * or no answer heard (lost on the way), it is asked again.
 */
async function ask<T extends v.GenericSchema>(
	nc: NatsConnection,
	subject: string,
	body: object,
	schema: T
): Promise<Provisioned<v.InferOutput<T>>> {
	const until = Date.now() + TIMEOUT_MS;
	const named = JSON.stringify({ ...body, ask: newId() });
	let reply;
	for (;;) {
		const left = until - Date.now();
		try {
			reply = await nc.request(subject, named, { timeout: Math.max(1, Math.min(ASKING_MS, left)) });
			break;
		} catch (error) {
			if (isPermission(error)) return { ok: false, error: 'refused' };
			if (until - Date.now() < 500 || nc.isClosed()) return { ok: false, error: 'no-answer' };
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	}
	let json: unknown;
	try {
		json = reply.json();
	} catch {
		return { ok: false, error: 'bad-answer' };
	}
	const refusal = v.safeParse(Refusal, json);
	if (refusal.success) return { ok: false, error: refusal.output.error };
	const parsed = v.safeParse(schema, json);
	return parsed.success ? { ok: true, value: parsed.output } : { ok: false, error: 'bad-answer' };
}

const badRequest = { ok: false, error: 'bad-request' } as const;

/**
 * A new group, asked with the host credential: its id, its first member's credential (this
 * phone's, labelled `label` for the others) and its board's.
 */
export function createGroup(
	nc: NatsConnection,
	name: string,
	label: string
): Promise<Provisioned<NewGroup>> {
	const asked = v.safeParse(v.object({ name: Label, label: Label }), { name, label });
	if (!asked.success) return Promise.resolve(badRequest);
	return ask(nc, PROVISION_GROUP_SUBJECT, asked.output, NewGroup);
}

/** A new table, asked with the host credential (docs/live.md, "A new table"). */
export function hostTable(nc: NatsConnection): Promise<Provisioned<GroupTable>> {
	return ask(nc, PROVISION_SUBJECT, {}, GroupTable);
}

/** Another member's credential (for the phone the invitation's link is given to). */
export function invite(
	nc: NatsConnection,
	group: string,
	label: string
): Promise<Provisioned<NewMember>> {
	const asked = v.safeParse(Label, label);
	if (!asked.success || !GROUP_ID.test(group)) return Promise.resolve(badRequest);
	return ask(nc, groupProvisionSubject(group, 'invite'), { label: asked.output }, NewMember);
}

/** A live table of the group (like the host's, docs/live.md), which the group's board follows. */
export function openGroupTable(
	nc: NatsConnection,
	group: string,
	table: TableAsked
): Promise<Provisioned<GroupTable>> {
	const asked = v.safeParse(TableAsked, table);
	if (!asked.success || !GROUP_ID.test(group)) return Promise.resolve(badRequest);
	return ask(nc, groupProvisionSubject(group, 'table'), asked.output, GroupTable);
}

/** The board stops showing a table of the group (its phones keep following it). */
export function closeGroupTable(
	nc: NatsConnection,
	group: string,
	table: string
): Promise<Provisioned<{ table: string }>> {
	if (!GROUP_ID.test(group) || !TABLE_ID.test(table)) return Promise.resolve(badRequest);
	return ask(nc, groupProvisionSubject(group, 'close'), { table }, Closed);
}

/**
 * A member's credential (or the board's) is refused by the server from now on; the member
 * keeps its local copies. A phone removing its own credential may get `no-answer`: the server
 * closes its connection as it answers.
 */
export function removeMember(
	nc: NatsConnection,
	group: string,
	user: string
): Promise<Provisioned<{ user: string }>> {
	if (!GROUP_ID.test(group) || !v.is(GroupUser, user)) return Promise.resolve(badRequest);
	return ask(nc, groupProvisionSubject(group, 'remove'), { user }, Removed);
}
