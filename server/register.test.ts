/**
 * The keeper's answer to a member's registration (docs/wire.md, "Keys"), on a registry and a
 * book of keys in memory: who may register, how many keys, and that a key is registered once.
 * The server's permissions (who may ask on which subject) are member-keys.test.ts's.
 */
import { describe, expect, it } from 'vitest';
import { MAX_MEMBER_KEYS } from '../src/lib/wire/limits';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import { registerKey, registerTarget, startRegistrar, type Registrar } from './register';
import { Quota } from './quota';
import type { Msg, NatsConnection } from '@nats-io/nats-core';
import type { Added, MemberKeys } from './member-keys';
import type { Registry } from './registry';

const GROUP = 'club00000001';
const ANA = `${GROUP}-maaaaaaaa`;
const BEN = `${GROUP}-mbbbbbbbb`;
const BOARD = `${GROUP}-bcccccccc`;

/** A registry of Ana and Ben (Ben removed), the book the records make, and what was written. */
function desk(removedInRecord = false) {
	const registry: Registry = {
		version: 1,
		users: [],
		tables: {},
		groups: {
			[GROUP]: {
				name: 'Thursday club',
				createdAt: 1,
				members: {
					[ANA]: { label: 'Ana', addedAt: 1 },
					[BEN]: { label: 'Ben', addedAt: 1, removedAt: 2 }
				},
				boards: { [BOARD]: { addedAt: 1 } }
			}
		}
	};
	const book = new Map<
		string,
		{ keys: string[]; removed: boolean; reads?: Record<string, number> }
	>();
	if (removedInRecord) book.set(ANA, { keys: [], removed: true });
	const written: object[] = [];
	const members = {
		memberOf: async (_group: string, user: string) => book.get(user) ?? null,
		ownerOf: async (_group: string, key: string) =>
			[...book].find(([, one]) => one.keys.includes(key))?.[0] ?? null,
		record: async (
			_group: string,
			subject: string,
			body: object,
			write: (body: object) => Promise<unknown>,
			added: Added = {}
		) => {
			const user = subject.split('.').pop()!;
			const all = [...new Set([...(book.get(user)?.keys ?? []), ...(added.keys ?? [])])];
			// as member-keys.ts: a key's wire named only when not 1
			const said = { ...book.get(user)?.reads, ...added.reads };
			const reads = Object.fromEntries(Object.entries(said).filter(([, wire]) => wire !== 1));
			const readsSaid = Object.keys(reads).length ? { reads } : {};
			await write({ ...body, keys: all, ...readsSaid });
			book.set(user, { keys: all, removed: false, ...readsSaid });
		}
	} as unknown as MemberKeys;
	const registrar: Registrar = {
		registry,
		members,
		write: async (_group, _subject, body) => written.push(body),
		serial: (step) => step(),
		log: () => {}
	};
	return { registrar, written };
}

const keys = (count: number) =>
	Promise.all(Array.from({ length: count }, async () => signerOf(await newKeyPair())));

const registration = async (signer: Signer, user = ANA, group = GROUP, reads?: number) =>
	new TextEncoder().encode(
		JSON.stringify(await signed({ v: 1, group, user, at: 1, ...(reads ? { reads } : {}) }, signer))
	);

describe('registering a member’s key', () => {
	it('register: a member’s key is written once; the same key again changes nothing', async () => {
		const { registrar, written } = desk();
		const [key] = await keys(1);
		expect(await registerKey(registrar, GROUP, ANA, await registration(key))).toEqual({
			ok: true,
			keys: 1
		});
		expect(await registerKey(registrar, GROUP, ANA, await registration(key))).toEqual({
			ok: true,
			keys: 1
		});
		expect(written).toEqual([
			expect.objectContaining({ user: ANA, removed: false, keys: [key.key] })
		]);
	});

	it('register: the same key saying another wire is written (a phone updated, or back on an older build); the same wire again is not', async () => {
		const { registrar, written } = desk();
		const [key] = await keys(1);
		const said = async (reads?: number) =>
			registerKey(registrar, GROUP, ANA, await registration(key, ANA, GROUP, reads));
		expect(await said()).toEqual({ ok: true, keys: 1 });
		expect(await said(2)).toEqual({ ok: true, keys: 1 });
		expect(await said(2)).toEqual({ ok: true, keys: 1 });
		// an older build on the same phone: it says nothing, which is 1
		expect(await said()).toEqual({ ok: true, keys: 1 });
		expect(await said(1)).toEqual({ ok: true, keys: 1 });
		expect(written).toEqual([
			{ v: 1, user: ANA, label: 'Ana', removed: false, at: expect.any(Number), keys: [key.key] },
			expect.objectContaining({ keys: [key.key], reads: { [key.key]: 2 } }),
			expect.not.objectContaining({ reads: expect.anything() })
		]);
	});

	it(`register: a member with ${MAX_MEMBER_KEYS} keys registering one of them again with another wire is written, not full`, async () => {
		const { registrar, written } = desk();
		const signers = await keys(MAX_MEMBER_KEYS);
		for (const signer of signers)
			await registerKey(registrar, GROUP, ANA, await registration(signer));
		expect(
			await registerKey(registrar, GROUP, ANA, await registration(signers[0], ANA, GROUP, 2))
		).toEqual({ ok: true, keys: MAX_MEMBER_KEYS });
		expect(written.at(-1)).toMatchObject({ reads: { [signers[0].key]: 2 } });
		expect(written).toHaveLength(MAX_MEMBER_KEYS + 1);
	});

	it(`register: at most ${MAX_MEMBER_KEYS} keys a member, then full`, async () => {
		const { registrar, written } = desk();
		const signers = await keys(MAX_MEMBER_KEYS + 1);
		for (const signer of signers.slice(0, -1)) {
			expect(await registerKey(registrar, GROUP, ANA, await registration(signer))).toMatchObject({
				ok: true
			});
		}
		expect(await registerKey(registrar, GROUP, ANA, await registration(signers.at(-1)!))).toEqual({
			ok: false,
			why: 'full'
		});
		expect(written).toHaveLength(MAX_MEMBER_KEYS);
	});

	it('register: a removed member (in the registry or in its record), the board and a stranger cannot register', async () => {
		const [key] = await keys(1);
		const { registrar, written } = desk();
		expect(await registerKey(registrar, GROUP, BEN, await registration(key, BEN))).toEqual({
			ok: false,
			why: 'removed'
		});
		expect(await registerKey(registrar, GROUP, BOARD, await registration(key, BOARD))).toEqual({
			ok: false,
			why: 'not-yours'
		});
		const stranger = `${GROUP}-mdddddddd`;
		expect(
			await registerKey(registrar, GROUP, stranger, await registration(key, stranger))
		).toEqual({ ok: false, why: 'not-yours' });
		const recorded = desk(true);
		expect(await registerKey(recorded.registrar, GROUP, ANA, await registration(key))).toEqual({
			ok: false,
			why: 'removed'
		});
		expect([...written, ...recorded.written]).toEqual([]);
	});

	it('register: a body for another group or user, or not one, is not-passpad', async () => {
		const { registrar } = desk();
		const [key] = await keys(1);
		expect(await registerKey(registrar, GROUP, ANA, await registration(key, BEN))).toEqual({
			ok: false,
			why: 'not-passpad'
		});
		expect(
			await registerKey(registrar, GROUP, ANA, await registration(key, ANA, 'club00000002'))
		).toEqual({ ok: false, why: 'not-passpad' });
		expect(await registerKey(registrar, GROUP, ANA, new TextEncoder().encode('{}'))).toEqual({
			ok: false,
			why: 'not-passpad'
		});
	});

	it('register: the subject names a group and a member’s user, nothing else', () => {
		expect(registerTarget(`passpad.register.g.${GROUP}.${ANA}`)).toEqual({
			group: GROUP,
			user: ANA
		});
		for (const subject of [
			`passpad.register.g.${GROUP}.${ANA}.more`,
			`passpad.register.g.${GROUP}.someone`,
			`passpad.register.g.NOT.${ANA}`,
			`passpad.append.g.${GROUP}.${ANA}`
		]) {
			expect(registerTarget(subject), subject).toBeNull();
		}
	});
	it('register: a group’s registrations past its quota for the minute are slow-down, and write nothing', async () => {
		const { registrar, written } = desk();
		let heard: (error: Error | null, msg: Msg) => void = () => {};
		const nc = {
			subscribe: (_subject: string, { callback }: { callback: typeof heard }) => {
				heard = callback;
				return { unsubscribe() {} };
			}
		} as unknown as NatsConnection;
		const registering = startRegistrar(nc, registrar, new Quota(1, 1_000_000));
		const answers: unknown[] = [];
		const [key] = await keys(1);
		const data = await registration(key);
		for (let time = 0; time < 2; time++) {
			heard(null, {
				subject: `passpad.register.g.${GROUP}.${ANA}`,
				reply: '_R_.abc',
				data,
				respond: (body: string) => answers.push(JSON.parse(body))
			} as unknown as Msg);
		}
		await expect.poll(() => answers.length).toBe(2);
		expect(answers).toContainEqual({ ok: false, why: 'slow-down' });
		expect(answers).toContainEqual({ ok: true, keys: 1 });
		expect(written).toHaveLength(1);
		registering.stop();
	});
});
