import { expect, test, type Browser, type Page } from '@playwright/test';
import { connect } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/nats-core';
import { playIllPass, startMatch } from './helpers';
import { phoneContext, startLiveApp } from './live';
import { matchOf, storedLog } from './stored';
import { LiveChannel } from '../src/lib/live/client';
import { newId, writeEntry, type Change, type Entry } from '../src/lib/live/protocol';
import {
	appendSubject,
	askSubject,
	inboxOf,
	matchSubject,
	streamOf
} from '../src/lib/wire/names.js';
import { AckPolicy, jetstreamManager } from '@nats-io/jetstream';
import { readAnswer } from '../src/lib/wire/append';
import { newKeyPair, signed, signerOf, type Signer } from '../src/lib/wire/signing';

// A leaked players' link against the server's keeper (docs/wire.md, "Who writes: the server
// appends, after checking"): node clients with the very credential the app's players' link
// carries, sending what a hostile phone would, while real phones (browser contexts) play on.
// Whatever the link sends, the worst it does is what a player at the table may do.

let app: Awaited<ReturnType<typeof startLiveApp>>;

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.beforeAll(async () => {
	app = await startLiveApp();
});
test.afterAll(async () => {
	await app?.stop();
});

/** A phone at the table, on the app: its own browser context. */
async function phone(browser: Browser, name: string): Promise<Page> {
	const context = await phoneContext(browser, app.origin, name);
	return context.newPage();
}

/** Ana's phone: the host link kept, an I'll Pass match played live, its two links. */
async function liveTable(browser: Browser) {
	const ana = await phone(browser, 'ana');
	await ana.goto(app.hostLink);
	await expect(ana.getByRole('status')).toContainText('can now open live tables');
	await startMatch(ana, "I'll Pass", ['Ana', 'Ben', 'Cleo']);
	await ana.getByRole('button', { name: 'Play live' }).click();
	await expect(ana.getByTestId('live-state')).toContainText('This phone has the pen');
	const links = ana.getByTestId('live-link');
	await expect(links).toHaveCount(2);
	await playIllPass(ana, [3, 'pass']);
	const players = (await links.nth(0).getAttribute('href'))!;
	const watchers = (await links.nth(1).getAttribute('href'))!;
	const fields = new URLSearchParams(players.split('#')[1]);
	const link = { table: fields.get('t')!, user: fields.get('u')!, pass: fields.get('p')! };
	const match = matchOf(ana);
	// every action entered is on the server (its start, then one entry each) before a test
	// reads what the server holds: the last may still be on its way
	const entered = (await storedLog(ana, match)).length;
	await expect.poll(async () => (await onServer(link.table)).length).toBe(1 + entered);
	return { ana, players, watchers, link, match };
}

/** A client holding a credential, as a hostile phone would connect with it. */
async function client(credential: { user: string; pass: string }): Promise<NatsConnection> {
	return connect({
		servers: `127.0.0.1:${app.live.nodes[0].port}`,
		user: credential.user,
		pass: credential.pass,
		inboxPrefix: inboxOf(credential.user)
	});
}

/** The match's entries as the table's stream holds them, read with the server's rights. */
async function onServer(table: string): Promise<Entry[]> {
	const info = await app.live.jsm.streams.info(streamOf(table));
	const entries: Entry[] = [];
	for (let seq = info.state.first_seq; seq <= info.state.last_seq && seq > 0; seq++) {
		const message = await app.live.jsm.streams.getMessage(streamOf(table), { seq });
		if (message) entries.push(message.json<Entry>());
	}
	return entries;
}

/** The next entry after the server's last (or at `place`), written as `by` with `signer`'s key. */
async function after(
	entries: Entry[],
	change: Change,
	by: string,
	signer: Signer,
	place: Partial<Entry> = {}
) {
	const last = entries[entries.length - 1];
	const entry: Entry = {
		v: 1,
		id: newId(),
		match: last.match,
		pos: entries.length,
		prev: last.id,
		by,
		at: Date.now(),
		change,
		...place
	};
	return signed(entry, signer);
}

const signer = async () => signerOf(await newKeyPair());

test('keeper: a leaked players’ link writing as the pen phone is refused, nothing stored, the table plays on', async ({
	browser
}) => {
	const { ana, link, match } = await liveTable(browser);
	const before = await onServer(link.table);
	const nc = await client(link);
	const leaked = new LiveChannel(nc, link.table, match);
	const mallory = await signer();
	// Ana's phone's id, read from the table itself, and the link holder's own key
	const take = await after(
		before,
		{ kind: 'act', action: { type: 'take' } },
		before[0].by,
		mallory
	);
	expect(await leaked.append(writeEntry(take))).toEqual({ ok: false, why: 'not-yours' });
	// Ana's key named, the link holder's signature
	expect(await leaked.append(writeEntry({ ...take, key: before[0].key }))).toEqual({
		ok: false,
		why: 'not-yours'
	});
	// a start at a position the table has, or where its log ends: the table does not stop
	const start = before[0].change;
	const first = await after(before, start, 'mallory-phone-01', mallory, { pos: 0, prev: null });
	expect(await leaked.append(writeEntry(first))).toMatchObject({
		ok: false,
		why: 'moved'
	});
	const restart = await after(before, start, 'mallory-phone-01', mallory);
	expect(await leaked.append(writeEntry(restart))).toMatchObject({ ok: false, why: 'refused' });
	expect(await onServer(link.table)).toEqual(before);
	await leaked.close();
	await nc.close();
	await playIllPass(ana, ['take']);
	await expect.poll(async () => (await onServer(link.table)).length).toBe(before.length + 1);
	expect(await storedLog(ana, match)).toHaveLength(3);
	await ana.context().close();
});

test('keeper: 9 MB of junk from a leaked link is refused; the spectators’ link still opens the whole match', async ({
	browser
}) => {
	const { ana, link, watchers, match } = await liveTable(browser);
	const before = await onServer(link.table);
	const nc = await client(link);
	const junk = new Uint8Array(60 * 1024).fill(0x7b);
	const said = new Map<string, number>();
	for (let sent = 0; sent < 150; sent++) {
		const reply = await nc.request(appendSubject(link.table, match), junk, { timeout: 5_000 });
		const answer = readAnswer(reply.data);
		const why = answer && !answer.ok ? answer.why : 'stored';
		said.set(why, (said.get(why) ?? 0) + 1);
	}
	// refused as not an entry until the table's minute is spent, then slowed down
	expect([...said.keys()].sort()).toEqual(['not-passpad', 'slow-down']);
	await nc.close();
	expect(await onServer(link.table)).toEqual(before);
	// a new spectator opens the match from its start: nothing was dropped to make room
	const cleo = await phone(browser, 'cleo');
	await cleo.goto(watchers);
	await expect(cleo).toHaveURL(/\/match\//, { timeout: 20_000 });
	await expect(cleo.getByTestId('pot')).toHaveText('1 chip on it');
	await expect.poll(() => storedLog(cleo, match)).toEqual(await storedLog(ana, match));
	await Promise.all([ana, cleo].map((page) => page.context().close()));
});

test('keeper: a reply subject naming another table’s ask never reaches it, nothing stored', async ({
	browser
}) => {
	const { ana, link, match } = await liveTable(browser);
	const before = await onServer(link.table);
	// another table, its phone listening to its "may I?"
	const other = await app.live.createTable();
	const listener = await client(other.writer);
	const heard: string[] = [];
	listener.subscribe(askSubject(other.table, match), {
		callback: (_, message) => void heard.push(message.string())
	});
	await listener.flush();
	const nc = await client(link);
	// refused (not the pen's), so answered: the answer goes to the asking table's own account
	// (docs/wire.md, "Where it is stored"), where no phone of the other table is
	const next = await after(
		before,
		{ kind: 'act', action: { type: 'take' } },
		'mallory-phone-01',
		await signer()
	);
	nc.publish(appendSubject(link.table, match), writeEntry(next), {
		reply: askSubject(other.table, match)
	});
	// then a request answered as usual: the keeper has read the one before it by then
	const answer = await nc.request(appendSubject(link.table, match), new Uint8Array([1]), {
		timeout: 5_000
	});
	expect(readAnswer(answer.data)).toEqual({ ok: false, why: 'not-passpad' });
	await listener.flush();
	expect(heard).toEqual([]);
	expect(await onServer(link.table)).toEqual(before);
	await Promise.all([nc.close(), listener.close()]);
	await ana.context().close();
});

test('keeper: two phones taking the pen at once: one pen entry is stored, the other is told', async ({
	browser
}) => {
	const { ana, link, match } = await liveTable(browser);
	const before = await onServer(link.table);
	const takers = await Promise.all(
		['ben-phone-0002', 'cleo-phone-003'].map(async (by, at) => {
			const key = await signer();
			const change: Change = { kind: 'pen', to: by, name: ['Ben', 'Cleo'][at], key: key.key };
			const nc = await client(link);
			return {
				nc,
				channel: new LiveChannel(nc, link.table, match),
				entry: await after(before, change, by, key)
			};
		})
	);
	const answers = await Promise.all(
		takers.map(({ channel, entry }) => channel.append(writeEntry(entry)))
	);
	expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
	expect(answers.filter((answer) => !answer.ok)).toEqual([
		{ ok: false, why: 'moved', length: before.length + 1 }
	]);
	const after2 = await onServer(link.table);
	expect(after2.filter((entry) => entry.change.kind === 'pen')).toHaveLength(1);
	// Ana's phone follows the winner
	const winner = after2[after2.length - 1].change as { name: string };
	await expect(ana.getByTestId('live-pen')).toContainText(`${winner.name}'s phone has the pen`);
	for (const { nc } of takers) await nc.close();
	await ana.context().close();
});

test('accounts: a leaked spectators’ link makes no consumer, and no pull’s reply copies an entry into the table', async ({
	browser
}) => {
	const { ana, watchers, link, match } = await liveTable(browser);
	const before = await onServer(link.table);
	const fields = new URLSearchParams(watchers.split('#')[1]);
	const nc = await client({ user: fields.get('u')!, pass: fields.get('p')! });
	const stream = streamOf(link.table);
	// its account has no JetStream (docs/wire.md, "Where it is stored"): no consumer is made
	const jsm = await jetstreamManager(nc, { checkAPI: false, timeout: 2_000 });
	await expect(
		jsm.consumers.add(stream, { name: 'copier', ack_policy: AckPolicy.None })
	).rejects.toThrow();
	// nor can it pull from one the server has: a pull whose reply is the match's own subject
	await app.live.jsm.consumers.add(stream, { name: 'open-door', ack_policy: AckPolicy.None });
	const next = `$JS.API.CONSUMER.MSG.NEXT.${stream}.open-door`;
	nc.publish(next, JSON.stringify({ batch: 1 }), { reply: matchSubject(link.table, match) });
	await expect(nc.request(next, JSON.stringify({ batch: 1, no_wait: true }))).rejects.toThrow();
	expect((await app.live.jsm.consumers.info(stream, 'open-door')).delivered.consumer_seq).toBe(0);
	expect(await onServer(link.table)).toEqual(before);
	await nc.close();
	// the table plays on, one entry more
	await playIllPass(ana, ['take']);
	await expect.poll(async () => (await onServer(link.table)).length).toBe(before.length + 1);
	await ana.context().close();
});
