/**
 * A phone registers its key with the group's keeper before its first entry (docs/wire.md,
 * "Keys"): a real nats-server and its keeper, a member's phone as a node client with its own
 * database joined to the group. The registration is kept in IndexedDB (a `settings` row), and
 * asked again once when the keeper has forgotten it (`not-yours`).
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { NatsConnection } from '@nats-io/nats-core';
import * as db from '$lib/db';
import { MatchStore } from '$lib/match/store';
import { ui } from '$lib/match/session-fixture';
import { startTestLive, type TestLive } from '$lib/live/test-server';
import { newKeyPair, signerOf } from '$lib/wire/signing';
import { groupStreamOf, memberSubject } from '$lib/wire/names.js';
import { MemberRecord } from '$lib/wire/provision';
import { register } from '$lib/wire/register';
import { MAX_MEMBER_KEYS } from '$lib/wire/limits';
import { game, tally } from '../../../server/group-keeper-fixtures';
import { entriesOf } from './keeper-fixtures';
import { KeyRegistration, registeredKeyOf } from './key-registration';
import { open } from './live-fixtures';

let server: TestLive;
let club: Awaited<ReturnType<TestLive['live']['createGroup']>>;

beforeAll(async () => {
	server = await startTestLive({ limits: { groupBytes: 8 * 1024 * 1024 } });
	club = await server.live.createGroup('Thursday club', 'Ana’s phone');
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

/**
 * A new member's phone: its database joined to the club, its connection, the subjects it asked.
 * `answers`: the keeper's answer to a kind of request (`register`), as if the server said it.
 */
async function memberPhone(label: string, answers: Record<string, object> = {}) {
	const { member } = await server.live.invite(club.group, label);
	const passpad = new db.PasspadDb(`${label}-${crypto.randomUUID()}`);
	await open(passpad, club.group, member);
	const nc = await server.phone(member);
	const asked: string[] = [];
	// every request this phone makes of the keeper, in order: a registration or an append
	const counted = new Proxy(nc, {
		get(target, name) {
			if (name === 'request') {
				return (
					subject: string,
					...rest: Parameters<NatsConnection['request']> extends [string, ...infer R] ? R : never
				) => {
					const kind = subject.split('.')[1];
					if (subject.startsWith('passpad.')) asked.push(kind);
					if (subject.startsWith('passpad.') && answers[kind]) {
						return Promise.resolve({
							data: new TextEncoder().encode(JSON.stringify(answers[kind]))
						});
					}
					return target.request(subject, ...rest);
				};
			}
			const value = Reflect.get(target, name);
			return typeof value === 'function' ? value.bind(target) : value;
		}
	});
	return { passpad, member, nc: counted, asked };
}

/** A finished match of the club recorded on the phone: steps waiting in its outbox. */
async function finished(passpad: db.PasspadDb) {
	const made = await db.createMatch(
		{ game: 'ill-pass', config: game.config, names: ['Ana', 'Ben', 'Chloé'], group: club.group },
		Date.now(),
		passpad
	);
	const store = new MatchStore(ui, await db.loadLog(made.id, passpad), passpad);
	expect((await store.act((tally as Extract<typeof tally, { kind: 'act' }>).action)).ok).toBe(true);
	return made.id;
}

async function recordOf(user: string) {
	const jsm = await server.live.groupManager(club.group);
	const message = await jsm.streams.getMessage(groupStreamOf(club.group), {
		last_by_subj: memberSubject(club.group, user)
	});
	return v.parse(MemberRecord, message!.json());
}

const keysOf = async (user: string) => (await recordOf(user)).keys;

const sealedOf = async (match: string) => {
	const jsm = await server.live.groupManager(club.group);
	const info = await jsm.streams.info(groupStreamOf(club.group), { subjects_filter: '>' });
	return Object.keys(info.state.subjects ?? {}).filter((one) => one.includes(`.s.${match}`));
};

describe('a phone’s key registered with its group’s keeper', () => {
	it('key registration: a group’s match reaches the keeper with the phone registering its key first, once, kept across runs', async () => {
		const phone = await memberPhone('Ben’s phone');
		const signer = await signerOf(await newKeyPair());
		const entries = () => entriesOf({ db: phone.passpad, group: club.group, nc: phone.nc, signer });
		const first = await finished(phone.passpad);
		expect(await entries().sendAll()).toEqual(new Map([[first, { kind: 'done' }]]));
		expect(await sealedOf(first)).toHaveLength(1);
		// registered before the first entry: start, act, seal after it
		expect(phone.asked).toEqual(['register', 'append', 'append', 'append']);
		expect(await keysOf(phone.member.user)).toEqual([signer.key]);
		// this build reads the wire (WIRE_READS, 2): its record says so, and the phone kept it
		expect(await db.getValue(registeredKeyOf(club.group), null, phone.passpad)).toEqual({
			key: signer.key,
			reads: 2
		});
		expect((await recordOf(phone.member.user)).reads).toEqual({ [signer.key]: 2 });
		// the next run (the app opened again) reads that it registered, and only sends
		phone.asked.length = 0;
		const second = await finished(phone.passpad);
		expect(await entries().sendAll()).toEqual(new Map([[second, { kind: 'done' }]]));
		expect(phone.asked).toEqual(['append', 'append', 'append']);
	});

	it('key registration: a phone whose registration the server lost registers again on not-yours, once, and sends again', async () => {
		const phone = await memberPhone('Chloé’s phone');
		const signer = await signerOf(await newKeyPair());
		// the phone kept that it registered; the server's store, made anew, knows no key of it
		await db.setValue(registeredKeyOf(club.group), { key: signer.key, reads: 2 }, phone.passpad);
		const match = await finished(phone.passpad);
		const entries = entriesOf({ db: phone.passpad, group: club.group, nc: phone.nc, signer });
		expect(await entries.sendAll()).toEqual(new Map([[match, { kind: 'done' }]]));
		expect(phone.asked).toEqual(['append', 'register', 'append', 'append', 'append']);
		expect(await keysOf(phone.member.user)).toEqual([signer.key]);
		expect(await sealedOf(match)).toHaveLength(1);
	});

	it('key registration: a key the keeper will not take for this member (its keys full) stops the match, its steps kept with the refusal', async () => {
		const zoe = await memberPhone('Zoé’s phone', { register: { ok: false, why: 'full' } });
		const signer = await signerOf(await newKeyPair());
		const match = await finished(zoe.passpad);
		const entries = entriesOf({ db: zoe.passpad, group: club.group, nc: zoe.nc, signer });
		expect(await entries.sendAll()).toEqual(
			new Map([[match, { kind: 'refused', why: 'keys-full' }]])
		);
		expect(zoe.asked).toEqual(['register']);
		expect(await zoe.passpad.sends.count()).toBe(1);
		// not asked again this run
		expect(await entries.sendAll()).toEqual(
			new Map([[match, { kind: 'refused', why: 'keys-full' }]])
		);
		expect(zoe.asked).toEqual(['register']);
	});

	it('key registration: a member whose link already registered the most keys allowed is refused as keys-full, not as another phone’s (not-yours), and asked again on the next run', async () => {
		const phone = await memberPhone('Léa’s phone');
		// the same member's link opened on as many phones as the keeper takes for one member
		for (let one = 0; one < MAX_MEMBER_KEYS; one++) {
			const other = await signerOf(await newKeyPair());
			expect(await register(phone.nc, club.group, phone.member.user, other)).toMatchObject({
				ok: true
			});
		}
		phone.asked.length = 0;
		const signer = await signerOf(await newKeyPair());
		const match = await finished(phone.passpad);
		const run = () => entriesOf({ db: phone.passpad, group: club.group, nc: phone.nc, signer });
		expect(await run().sendAll()).toEqual(
			new Map([[match, { kind: 'refused', why: 'keys-full' }]])
		);
		expect(phone.asked).toEqual(['register']);
		expect(await keysOf(phone.member.user)).toHaveLength(MAX_MEMBER_KEYS);
		// its steps wait, and no refusal is kept on them: the phone's, not the step's
		const steps = await phone.passpad.sends.toArray();
		expect(steps).toHaveLength(1);
		expect(steps[0].refused).toBeUndefined();
		// the app opened again asks again (the member may have let one of its phones go)
		expect(await run().sendAll()).toEqual(
			new Map([[match, { kind: 'refused', why: 'keys-full' }]])
		);
		expect(phone.asked).toEqual(['register', 'register']);
	});
	it('key registration: a phone told its member was removed lets the group’s steps go and sends nothing more this run', async () => {
		const phone = await memberPhone('Hugo’s phone', { register: { ok: false, why: 'removed' } });
		const signer = await signerOf(await newKeyPair());
		const entries = entriesOf({ db: phone.passpad, group: club.group, nc: phone.nc, signer });
		const first = await finished(phone.passpad);
		expect(await entries.sendAll()).toEqual(
			new Map([[first, { kind: 'refused', why: 'not-yours' }]])
		);
		expect(await phone.passpad.sends.count()).toBe(0);
		const second = await finished(phone.passpad);
		expect(await entries.sendAll()).toEqual(
			new Map([[second, { kind: 'refused', why: 'not-yours' }]])
		);
		// asked once, and never an entry
		expect(phone.asked).toEqual(['register']);
		expect(await phone.passpad.sends.count()).toBe(0);
		expect(await sealedOf(first)).toEqual([]);
	});
	it('key registration: a build reading the wire registers saying so, once; the same phone back on a build reading versions registers again, saying 1', async () => {
		const phone = await memberPhone('Inès’s phone');
		const signer = await signerOf(await newKeyPair());
		const run = (reads?: number) =>
			new KeyRegistration({
				db: phone.passpad,
				group: club.group,
				nc: phone.nc,
				signer,
				...(reads ? { reads } : {})
			});
		expect(await run(2).ensure()).toBe('ok');
		expect(await run(2).ensure()).toBe('ok');
		expect(phone.asked).toEqual(['register']);
		expect(await recordOf(phone.member.user)).toMatchObject({
			keys: [signer.key],
			reads: { [signer.key]: 2 }
		});
		// kept with what it said, so a build before `reads` (it compares the row with its key)
		// finds another thing there and registers again too
		const kept = await db.getValue(registeredKeyOf(club.group), null, phone.passpad);
		expect(kept).toEqual({ key: signer.key, reads: 2 });
		expect(kept).not.toBe(signer.key);
		// a build reading the versions on the same phone: registered again, the record says 1
		expect(await run(1).ensure()).toBe('ok');
		expect(phone.asked).toEqual(['register', 'register']);
		expect((await recordOf(phone.member.user)).reads).toBeUndefined();
		expect(await db.getValue(registeredKeyOf(club.group), null, phone.passpad)).toBe(signer.key);
	});
});
