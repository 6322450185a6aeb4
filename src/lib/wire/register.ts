/**
 * A member's key registered with the keeper (docs/wire.md, "Keys"; "Who writes", check 2): the
 * phone asks on its own user's subject (names.js `registerSubject`, which only that member's
 * credential may publish to), with a body naming the group and the user, signed by the key it
 * registers, so the keeper knows whose key it is from the server and that the phone holds it
 * from the signature. The server reads it with `readRegistration`, the phone reads the answer
 * with `RegisterAnswer`: one schema each, shared. `reads` (optional, absent is 1) says which wire
 * the phone reads its group's matches from (`WIRE_READS`; docs/wire.md, "Reading a group's
 * matches from the wire: the switch"), signed with the rest.
 */
import * as v from 'valibot';
import type { NatsConnection } from '@nats-io/nats-core';
import { MAX_REQUEST_BYTES } from './limits';
import { readJson } from './json';
import { GROUP_ID, registerSubject } from './names.js';
import { Reads } from './provision';
import { GroupUser, Time } from './schemas';
import { PUBLIC_KEY, SIGNATURE, signed, verified, type Signer } from './signing';

export const Registration = v.strictObject({
	v: v.literal(1),
	group: v.pipe(v.string(), v.regex(GROUP_ID)),
	user: GroupUser,
	at: Time,
	reads: v.optional(Reads),
	key: v.pipe(v.string(), v.regex(PUBLIC_KEY)),
	sig: v.pipe(v.string(), v.regex(SIGNATURE))
});
export type Registration = v.InferOutput<typeof Registration>;

/**
 * The keeper's answer: the key is the member's (`keys`: how many its record names), or why
 * not: `not-passpad` (not a registration, or another group's or user's), `not-yours` (the
 * signature is not by the key, the key is another member's, or the user is not a member: the
 * board), `removed` (the member was removed from the group), `full` (its record names
 * MAX_MEMBER_KEYS keys already), `failed` (the server could not write the record; ask again),
 * `slow-down` (the group's registrations for the minute spent: ask again in a while).
 */
export const REGISTER_REFUSALS = [
	'not-passpad',
	'not-yours',
	'removed',
	'full',
	'failed',
	'slow-down'
] as const;
export type RegisterRefusal = (typeof REGISTER_REFUSALS)[number];

export const RegisterAnswer = v.variant('ok', [
	v.object({ ok: v.literal(true), keys: v.pipe(v.number(), v.integer(), v.minValue(1)) }),
	v.object({ ok: v.literal(false), why: v.picklist(REGISTER_REFUSALS) })
]);
export type RegisterAnswer = v.InferOutput<typeof RegisterAnswer>;

/**
 * A registration's bytes read for `user` of `group` and its signature checked: its key and the
 * wire its phone reads (1 when it does not say), or why not.
 */
export async function readRegistration(
	bytes: Uint8Array,
	group: string,
	user: string
): Promise<
	{ ok: true; key: string; reads: number } | { ok: false; why: 'not-passpad' | 'not-yours' }
> {
	const read = readJson(bytes, MAX_REQUEST_BYTES);
	const parsed = read.ok ? v.safeParse(Registration, read.data) : null;
	// a body signed for another group or user is not replayed on this subject
	if (!parsed?.success || parsed.output.group !== group || parsed.output.user !== user) {
		return { ok: false, why: 'not-passpad' };
	}
	if (!(await verified(read.ok ? read.data : null))) return { ok: false, why: 'not-yours' };
	return { ok: true, key: parsed.output.key, reads: parsed.output.reads ?? 1 };
}

/**
 * How a phone's registration ended: the keeper's answer, `offline` (no answer in `ms`), or
 * `no-register` (the server refuses the subject: a server older than registration, whose keeper
 * takes any member's key).
 */
export type Registered = RegisterAnswer | { ok: false; why: 'offline' | 'no-register' };

/**
 * Registers `signer`'s key for `user` of `group` with the keeper, its phone reading the wire
 * `reads`. A phone reading 1 says nothing of it: a keeper older than `reads` reads the body
 * strictly (`Registration` was a `v.strictObject` without it) and would refuse it `not-passpad`.
 */
export async function register(
	nc: NatsConnection,
	group: string,
	user: string,
	signer: Signer,
	ms = 5_000,
	reads = 1
): Promise<Registered> {
	const readsSaid = reads === 1 ? {} : { reads };
	const body = await signed({ v: 1 as const, group, user, at: Date.now(), ...readsSaid }, signer);
	let reply;
	try {
		reply = await nc.request(registerSubject(group, user), JSON.stringify(body), { timeout: ms });
	} catch (error) {
		const said = error instanceof Error ? `${error.name} ${error.message}` : String(error);
		return { ok: false, why: /permission/i.test(said) ? 'no-register' : 'offline' };
	}
	const read = readJson(reply.data, MAX_REQUEST_BYTES);
	const answer = read.ok ? v.safeParse(RegisterAnswer, read.data) : null;
	return answer?.success ? answer.output : { ok: false, why: 'offline' };
}
