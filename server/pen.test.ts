/**
 * The pen's silence at the keeper (docs/live.md, "The pen"), against a real nats-server: a
 * leaked players' link's raw client, with a key of its own, takes the pen only once the holder
 * has said nothing for PEN_SILENCE_MS (no entry, no signed `here`), counted from the later of
 * those and the last `pen` entry. The keeper's clock is the test's, moved on by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { headers } from '@nats-io/nats-core';
import { startTestLive, type TestLive } from '../src/lib/live/test-server';
import { appended } from './keeper-fixtures';
import { LiveChannel } from '../src/lib/live/client';
import { ANA, BEN, startEntry } from '../src/lib/live/fixtures';
import { newId, writeEntry, type Change, type Entry } from '../src/lib/live/protocol';
import { begin, nextEntry, type LiveMatch } from '../src/lib/live/replay';
import { RULES } from '../src/lib/rules/registry';
import { PEN_SILENCE_MS } from '../src/lib/wire/limits';
import { HERE_SIG, hereHeaders } from '../src/lib/wire/here';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';
import { hereSubject, matchSubject, streamOf } from '../src/lib/wire/names.js';

const MALLORY = 'phone-mallory-0666';
let server: TestLive;
type Made = Awaited<ReturnType<TestLive['live']['createTable']>>;
let made: Made;
let ana: Signer;
let ben: Signer;
let mallory: Signer;
/** how far the keeper's clock is ahead of the machine's */
let ahead = 0;
const later = (ms: number) => void (ahead += ms);

beforeAll(async () => {
	[ana, ben, mallory] = await Promise.all([0, 1, 2].map(async () => signerOf(await newKeyPair())));
	server = await startTestLive({ keeper: { now: () => Date.now() + ahead } });
	[made] = await server.live.createTables(1);
});
afterAll(async () => {
	await server?.stop();
});

async function stored(match: string): Promise<Entry[]> {
	const found: Entry[] = [];
	for (let seq = 1; ; seq++) {
		const message = await server.live.jsm.streams
			.getMessage(streamOf(made.table), { seq })
			.catch(() => null);
		if (!message) return found;
		if (message.subject === matchSubject(made.table, match)) found.push(message.json<Entry>());
	}
}

/** Ana's phone starts `match` and reveals a card: the copy, its channel, its connection. */
async function played(match: string) {
	const nc = await server.phone(made.writer);
	const channel = new LiveChannel(nc, made.table, match);
	const start = await signed(startEntry({ id: newId(), match, by: ANA, at: Date.now() }), ana);
	expect(await channel.append(writeEntry(start))).toMatchObject({ ok: true });
	let copy = (begin(start, 1, (id) => RULES[id]) as { live: LiveMatch }).live;
	copy = await appended(channel, copy, { kind: 'act', action: { type: 'reveal', card: 10 } }, ana);
	return { nc, channel, copy };
}

/** The leaked link's raw client asks the keeper for the pen, for a key of its own. */
async function takenByMallory(match: string, copy: LiveMatch) {
	const leaked = new LiveChannel(await server.phone(made.writer), made.table, match);
	const change: Change = { kind: 'pen', to: MALLORY, name: 'Mallory', key: mallory.key };
	const entry = await signed(nextEntry(copy, change, MALLORY, newId(), Date.now()), mallory);
	const answer = await leaked.append(writeEntry(entry));
	await leaked.close();
	return answer;
}

/**
 * A `here` sent, then time for the keeper to hear it: it checks the signature out of the
 * request's way, and nothing it does on hearing one can be watched from outside.
 */
async function said(nc: NatsConnection, match: string, by: string, head?: Record<string, string>) {
	const told = headers();
	for (const [name, value] of Object.entries(head ?? {})) told.set(name, value);
	nc.publish(hereSubject(made.table, match), by, head ? { headers: told } : undefined);
	await nc.flush();
	await new Promise((done) => setTimeout(done, 400));
}

describe('the pen’s silence at the keeper', () => {
	it('pen: a leaked link taking the pen from a holder who played 1 s before is refused, nothing stored', async () => {
		const { copy } = await played('leaked-pen-match');
		later(1_000);
		expect(await takenByMallory('leaked-pen-match', copy)).toEqual({ ok: false, why: 'pen-held' });
		const ids = (await stored('leaked-pen-match')).map((entry) => entry.id);
		expect(ids).toEqual(copy.entries.map((entry) => entry.id));
	});

	it('pen: the holder silent 29 s keeps it, 30 s loses it', async () => {
		const { copy } = await played('silent-pen-match');
		later(PEN_SILENCE_MS - 1_000);
		expect(await takenByMallory('silent-pen-match', copy)).toMatchObject({ why: 'pen-held' });
		later(1_000);
		expect(await takenByMallory('silent-pen-match', copy)).toMatchObject({ ok: true });
		expect(PEN_SILENCE_MS).toBe(30_000);
	});

	it('pen: a here signed by the holder’s key keeps the pen; an unsigned, forged or replayed one does not', async () => {
		const match = 'here-pen-match';
		const { nc, channel, copy } = await played(match);
		later(20_000);
		// an older build's here (its id only), one signed by another key, one whose signature
		// is of another moment: the phones follow them, the keeper does not count them
		const signedBefore = await hereHeaders(made.table, match, ANA, 1, ana);
		await said(nc, match, ANA);
		const forged = await hereHeaders(made.table, match, ANA, Date.now(), mallory);
		await said(nc, match, ANA, { ...forged, 'Passpad-Key': ana.key });
		const other = await hereHeaders(made.table, match, ANA, Date.now(), ana);
		await said(nc, match, ANA, { ...other, [HERE_SIG]: signedBefore[HERE_SIG] });
		later(PEN_SILENCE_MS - 20_000 + 500);
		expect(await takenByMallory(match, copy)).toMatchObject({ ok: true });

		// a second match: the holder's own phone says "still here" as the app does
		const second = await played('here-kept-match');
		later(20_000);
		await second.channel.sayHere(ANA, ana);
		await said(second.nc, 'here-kept-match', 'nobody-at-all');
		later(PEN_SILENCE_MS - 20_000 + 500);
		expect(await takenByMallory('here-kept-match', second.copy)).toEqual({
			ok: false,
			why: 'pen-held'
		});
		// the same here sent again later proves nothing new
		const once = await hereHeaders(made.table, 'here-kept-match', ANA, Date.now() - 5, ana);
		await said(second.nc, 'here-kept-match', ANA, once);
		await said(second.nc, 'here-kept-match', ANA, once);
		later(PEN_SILENCE_MS + 500);
		expect(await takenByMallory('here-kept-match', second.copy)).toMatchObject({ ok: true });
		await channel.close();
	});

	it('pen: the silence counts from the last pen entry, not from the holder’s last word before it', async () => {
		const match = 'handed-pen-match';
		const { channel, copy } = await played(match);
		later(PEN_SILENCE_MS + 1_000);
		// Ana gives Ben the pen: her own pen entry, taken at once whatever the silence
		const given = await appended(
			channel,
			copy,
			{ kind: 'pen', to: BEN, name: 'Ben', key: ben.key },
			ana
		);
		later(PEN_SILENCE_MS - 1_000);
		expect(await takenByMallory(match, given)).toMatchObject({ why: 'pen-held' });
		later(1_000);
		expect(await takenByMallory(match, given)).toMatchObject({ ok: true });
	});

	it('pen: after a restart the keeper knows no here: it counts from its start', async () => {
		const match = 'restart-pen-match';
		const { copy } = await played(match);
		later(PEN_SILENCE_MS + 5_000);
		await server.restart();
		expect(await takenByMallory(match, copy)).toMatchObject({ why: 'pen-held' });
		later(PEN_SILENCE_MS);
		expect(await takenByMallory(match, copy)).toMatchObject({ ok: true });
	});

	it('pen: a flood of heres costs the keeper 60 signature checks a table a minute; the holder keeps the pen by playing', async () => {
		const match = 'flooded-here-match';
		const { nc, channel, copy } = await played(match);
		later(20_000);
		const forged = await hereHeaders(made.table, match, ANA, Date.now(), mallory);
		const told = headers();
		for (const [name, value] of Object.entries({ ...forged, 'Passpad-Key': ana.key })) {
			told.set(name, value);
		}
		for (let sent = 0; sent < 80; sent++) {
			nc.publish(hereSubject(made.table, match), ANA, { headers: told });
		}
		// Ana plays: her entries count whatever the flood
		const played2 = await appended(channel, copy, { kind: 'act', action: { type: 'pass' } }, ana);
		later(PEN_SILENCE_MS - 20_000 + 500);
		expect(await takenByMallory(match, played2)).toMatchObject({ why: 'pen-held' });
		// her "still here" within the flood's minute is not checked: idle, she loses the pen
		later(20_000);
		await said(nc, match, ANA, await hereHeaders(made.table, match, ANA, Date.now(), ana));
		later(10_000);
		expect(await takenByMallory(match, played2)).toMatchObject({ ok: true });
	});
});
