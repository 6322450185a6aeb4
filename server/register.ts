// A member's phone registering its key (docs/wire.md, "Keys"): a request on
// `passpad.register.g.<group>.<user>` (names.js `registerSubject`), which only that member's
// credential may publish to (config.ts), so the subject says whose key it is; the body, signed by
// the key (wire/register.ts), proves the phone holds it. The keeper writes the key into the
// member's record (member-keys.ts) with the wire its phone said it reads (`reads`, absent 1) and
// answers. Registering a key again with the same `reads` changes nothing, with another (the
// phone updated, or back on an older build) writes it: what the phone says now is true; a board,
// a removed member or a key another member registered is refused. A registration that writes
// runs in the provisioning queue (live.ts, `serial`), so a removal and a registration never
// cross; the others are answered from the keeper's book at once, and each group's registrations
// are held to a table's quota (`slow-down`), so a leaked member link's flood of them delays no
// other group's requests.
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import { ALL_REGISTERS, GROUP_ID, memberSubject } from '../src/lib/wire/names.js';
import { readRegistration, type RegisterAnswer } from '../src/lib/wire/register';
import { MAX_MEMBER_KEYS } from '../src/lib/wire/limits';
import { GroupUser } from '../src/lib/wire/schemas';
import * as v from 'valibot';
import { throughImport } from './keeper';
import { Quota } from './quota';
import type { MemberKeys } from './member-keys';
import { memberRecord } from './requests';
import { readsOf } from '../src/lib/wire/provision';
import { groupOf, type Registry } from './registry';

/** `passpad.register.g.<group>.<user>` as its group and user, or null. */
export function registerTarget(subject: string): { group: string; user: string } | null {
	const [passpad, register, g, group, user, ...rest] = subject.split('.');
	if (passpad !== 'passpad' || register !== 'register' || g !== 'g' || rest.length) return null;
	if (!GROUP_ID.test(group ?? '') || !v.is(GroupUser, user)) return null;
	return { group, user };
}

export interface Registrar {
	readonly registry: Registry;
	readonly members: MemberKeys;
	/** the server's own record in the group's stream (live.ts: the group's clerk) */
	write(group: string, subject: string, body: object): Promise<unknown>;
	serial<T>(step: () => Promise<T>): Promise<T>;
	log(line: string): void;
}

/** The registration of `bytes` by `user` of `group`: the keeper's answer. */
export async function registerKey(
	desk: Registrar,
	group: string,
	user: string,
	bytes: Uint8Array
): Promise<RegisterAnswer> {
	const read = await readRegistration(bytes, group, user);
	if (!read.ok) return read;
	const { key, reads } = read;
	/** a member of the group in the registry (not the board's credential, not another group's) */
	const memberIn = (one: string) => {
		const found = groupOf(desk.registry, group);
		return found && Object.hasOwn(found.members, one) ? found.members[one] : null;
	};
	const removed = async (one: string) =>
		!!memberIn(one)?.removedAt || !!(await desk.members.memberOf(group, one))?.removed;
	/**
	 * The answer from the registry and the book, or what to write: the member's label, how many
	 * keys its record names once written, and the member whose key it was. A key another member registered moves to this one: the
	 * request is signed by it, so it is the same phone, under another credential of the group
	 * (a second invitation opened there, or the phone invited anew after a removal). A key the
	 * member holds already, said to read another wire, is written again, taking no new place.
	 */
	async function answered(): Promise<
		RegisterAnswer | { label: string; keys: number; from: string | null }
	> {
		const member = memberIn(user);
		// the board's credential, or another group's user: not a member's
		if (!member) return { ok: false, why: 'not-yours' };
		if (await removed(user)) return { ok: false, why: 'removed' };
		const owner = await desk.members.ownerOf(group, key);
		const recorded = await desk.members.memberOf(group, user);
		const keys = recorded?.keys ?? [];
		const held = keys.includes(key) && (!owner || owner === user);
		if (held && readsOf(recorded ?? {}, key) === reads) return { ok: true, keys: keys.length };
		if (held) return { label: member.label, keys: keys.length, from: null };
		if (keys.length >= MAX_MEMBER_KEYS) return { ok: false, why: 'full' };
		const from = owner && owner !== user ? owner : null;
		return { label: member.label, keys: keys.length + 1, from };
	}
	const first = await answered();
	if ('ok' in first) return first;
	return desk.serial(async (): Promise<RegisterAnswer> => {
		// asked again in the queue: a removal or another registration may have come first
		const now = await answered();
		if ('ok' in now) return now;
		const subject = memberSubject(group, user);
		await desk.members.record(
			group,
			subject,
			memberRecord(user, now.label, false, Date.now()),
			(body) => desk.write(group, subject, body),
			{ keys: [key], reads: { [key]: reads } }
		);
		if (now.from) {
			// the member it was registered by no longer names it, so a restarted keeper reads it
			// this member's whatever the order of the records (member-keys.ts)
			const from = now.from;
			const before = memberSubject(group, from);
			const gone = !!(await desk.members.memberOf(group, from))?.removed;
			await desk.members.record(
				group,
				before,
				memberRecord(
					from,
					memberIn(from)?.label ?? '',
					gone || !!memberIn(from)?.removedAt,
					Date.now()
				),
				(body) => desk.write(group, before, body),
				{ moved: key }
			);
		}
		desk.log(
			`keeper: ${group}: a key of ${user} registered, reading ${reads}${now.from ? ` (${now.from}'s before)` : ''}`
		);
		return { ok: true, keys: now.keys };
	});
}

/** Listens to every group's registrations (imported by each group's account, config.ts). */
export function startRegistrar(nc: NatsConnection, desk: Registrar, quota = new Quota()) {
	const respond = (msg: Msg, answer: RegisterAnswer) => {
		try {
			msg.respond(JSON.stringify(answer));
		} catch {
			// the phone is gone: it registers when it sends next
		}
	};
	function heard(msg: Msg) {
		const target = registerTarget(msg.subject);
		// a member's request comes through its group account's import only (keeper.ts)
		if (!target || !throughImport(msg.reply)) return;
		if (!quota.take(`r.${target.group}`, msg.data.length, Date.now())) {
			return respond(msg, { ok: false, why: 'slow-down' });
		}
		void registerKey(desk, target.group, target.user, msg.data)
			.catch((error): RegisterAnswer => {
				desk.log(`keeper: ${target.group}: registration: ${String(error?.message ?? error)}`);
				return { ok: false, why: 'failed' };
			})
			.then((answer) => respond(msg, answer));
	}
	const subscription = nc.subscribe(ALL_REGISTERS, {
		callback: (error, msg) => {
			if (!error) heard(msg);
		}
	});
	return { stop: () => subscription.unsubscribe() };
}
