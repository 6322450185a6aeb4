/**
 * What a phone's registration says of the wire it reads (docs/wire.md, "Keys"; "Reading a
 * group's matches from the wire: the switch", step 4): `reads` only when not 1, so a keeper
 * older than it, which reads the body strictly, still takes a phone reading the versions.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { NatsConnection } from '@nats-io/nats-core';
import { GROUP_ID } from './names.js';
import { GroupUser, Time } from './schemas';
import { PUBLIC_KEY, SIGNATURE, newKeyPair, signerOf } from './signing';
import { readRegistration, register } from './register';

const GROUP = 'club00000001';
const ANA = `${GROUP}-maaaaaaaa`;

/** `Registration` as a keeper before `reads` read it: strict, so an unknown field is refused. */
const RegistrationBefore = v.strictObject({
	v: v.literal(1),
	group: v.pipe(v.string(), v.regex(GROUP_ID)),
	user: GroupUser,
	at: Time,
	key: v.pipe(v.string(), v.regex(PUBLIC_KEY)),
	sig: v.pipe(v.string(), v.regex(SIGNATURE))
});

/** The body a phone sends reading `reads`, as the keeper receives it. */
async function sent(reads?: number): Promise<Uint8Array> {
	let body = new Uint8Array();
	const nc = {
		request: async (_subject: string, data: string) => {
			body = new TextEncoder().encode(data);
			return { data: new TextEncoder().encode(JSON.stringify({ ok: true, keys: 1 })) };
		}
	} as unknown as NatsConnection;
	const signer = await signerOf(await newKeyPair());
	expect(await register(nc, GROUP, ANA, signer, 1_000, reads)).toEqual({ ok: true, keys: 1 });
	return body;
}

const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));

describe('a registration says the wire its phone reads', () => {
	it('register: a phone reading the versions says nothing of it, a body a keeper before reads takes; the keeper reads it as 1', async () => {
		for (const body of [await sent(), await sent(1)]) {
			expect(json(body)).not.toHaveProperty('reads');
			expect(v.safeParse(RegistrationBefore, json(body)).success).toBe(true);
			expect(await readRegistration(body, GROUP, ANA)).toMatchObject({ ok: true, reads: 1 });
		}
	});

	it('register: a phone reading the wire says so, signed with the rest', async () => {
		const body = await sent(2);
		expect(await readRegistration(body, GROUP, ANA)).toMatchObject({ ok: true, reads: 2 });
		// changed after signing, the signature no longer holds
		const changed = new TextEncoder().encode(JSON.stringify({ ...json(body), reads: 3 }));
		expect(await readRegistration(changed, GROUP, ANA)).toEqual({ ok: false, why: 'not-yours' });
		const zero = new TextEncoder().encode(JSON.stringify({ ...json(body), reads: 0 }));
		expect(await readRegistration(zero, GROUP, ANA)).toEqual({ ok: false, why: 'not-passpad' });
	});
});
