// What a phone may ask of the server for a group (docs/group.md, "Requests"), read with the
// app's own valibot schemas (src/lib/wire/provision.ts and schemas.ts: the same names, labels and ids the
// phone checks before it asks): a request is untrusted bytes, and a bad one is answered
// `bad-request` before anything is made. Pure, so its test needs no server.
import * as v from 'valibot';
import { GroupId, TableAsked, TableId } from '../src/lib/wire/provision';
import { GroupUser, Label } from '../src/lib/wire/schemas';
import { MAX_REQUEST_BYTES } from '../src/lib/wire/limits';
import { readJson } from '../src/lib/wire/json';

/** Each request's body, by its kind (its subject's last word). */
const BODIES = {
	group: v.object({ name: Label, label: Label }),
	invite: v.object({ label: Label }),
	table: TableAsked,
	close: v.object({ table: TableId }),
	remove: v.object({ user: GroupUser })
} as const;

type Bodies = typeof BODIES;
export type GroupRequest = {
	[What in keyof Bodies]: { what: What } & v.InferOutput<Bodies[What]>;
}[keyof Bodies];
export type GroupError =
	'bad-request' | 'unknown-group' | 'unknown-user' | 'unknown-table' | 'full' | 'failed';

/** The request kinds a member may send on its group's subjects. */
export const MEMBER_REQUESTS = ['invite', 'table', 'close', 'remove'] as const;

/** A body's JSON, or undefined when it is not UTF-8 JSON of a sensible size. */
export function jsonOf(bytes: Uint8Array): unknown {
	const read = readJson(bytes, MAX_REQUEST_BYTES);
	return read.ok ? read.data : undefined;
}

/** Reads a request's body, or null when it is not one (then nothing is made). */
export function readGroupRequest(what: string, bytes: Uint8Array): GroupRequest | null {
	if (!Object.hasOwn(BODIES, what)) return null;
	const kind = what as keyof Bodies;
	const parsed = v.safeParse(BODIES[kind], jsonOf(bytes));
	return parsed.success ? ({ what: kind, ...parsed.output } as GroupRequest) : null;
}

/**
 * The group and the kind of a member's request from its subject
 * (`passpad.provision.g.<g>.<what>`), or null. The server's permissions already let only the
 * group's members publish there (config.ts).
 */
export function groupRequestSubject(subject: string) {
	const [passpad, provision, g, group, what, ...rest] = subject.split('.');
	if (passpad !== 'passpad' || provision !== 'provision' || g !== 'g' || rest.length) return null;
	if (!v.is(GroupId, group) || !v.is(v.picklist(MEMBER_REQUESTS), what)) return null;
	return { group, what };
}

/**
 * A member as the group's stream records it (the server writes it: docs/group.md), with the
 * keys its phones registered (member-keys.ts adds them to every record it writes).
 */
export const memberRecord = (
	user: string,
	label: string,
	removed: boolean,
	at: number,
	keys?: readonly string[]
) => ({ v: 1, user, label, removed, at, ...(keys?.length ? { keys: [...keys] } : {}) });

/** A live table of the group as the board reads it (the server writes it: docs/group.md). */
export const tableRecord = (
	table: string,
	entry: { match?: string; game?: string; names?: string[] },
	open: boolean,
	at: number
) => ({ v: 1, table, match: entry.match, game: entry.game, names: entry.names, open, at });
