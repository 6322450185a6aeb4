/**
 * The live table against a channel and a phone played by the test (docs/live.md, "On the
 * phone"): what a closed table does on a reconnect, the word a lost race leaves, and what the
 * pen phone cut off sends when it is back.
 */
import { describe, expect, it, vi } from 'vitest';
import { RULES } from '$lib/rules/registry';
import { ANA, BEN, memoryPort, startEntry } from './fixtures';
import { fakeChannel } from './channel-fixtures';
import type { Entry } from './protocol';
import type { Append } from './client';
import { nextEntry } from './replay';
import { canonicalJson as key } from '$lib/wire/canonical';
import { LiveTable } from './table.svelte';

const start = startEntry();

/** The phones at the table: each its id and its player's name. */
type Phone = { by: string; name: string };
const ana: Phone = { by: ANA, name: 'Ana' };
const ben: Phone = { by: BEN, name: 'Ben' };
const cleo: Phone = { by: 'phone-cleo-0003', name: 'Chloé' };

/** A phone's own match, kept in memory, with its synced key. */
const fakePort = (actions: unknown[] = []) =>
	memoryPort({ id: 'match-1', game: 'ill-pass', config: null, names: [], createdAt: 1 }, actions);

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A phone's live table on the test's server, opened and caught up with the match's start. */
async function opened(server: ReturnType<typeof fakeChannel>, phone: Phone) {
	const { port, state } = fakePort();
	const table = new LiveTable(server.channel, port, { ...phone, reader: false }, (id) => RULES[id]);
	await table.open(false);
	await server.deliver(1, start);
	await settle();
	return { table, state };
}

/** The entry that gives the pen to `to`, made by `from`'s phone, after the table's last. */
const penTo = (table: LiveTable, to: Phone, from: Phone, id: string, at: number) =>
	nextEntry(table.table!, { kind: 'pen', to: to.by, name: to.name }, from.by, id, at);

describe('live table', () => {
	it('a closed table writes nothing more, not even its synced key when the connection comes back', async () => {
		const server = fakeChannel(() => ({ ok: false, why: 'offline' }));
		const { table, state } = await opened(server, ben);
		expect(state.synced).toBe(key([]));
		await table.close();
		// meanwhile the match screen's own table agreed with a longer log
		state.synced = key([{ type: 'reveal', card: 3 }]);
		server.say('offline');
		server.say('online');
		await server.deliver(2, start);
		await settle();
		expect(state.synced).toBe(key([{ type: 'reveal', card: 3 }]));
		expect(state.writes).toBe(0);
		expect(server.sent).toEqual([]);
	});

	it('the loser of a race for the pen is told, and keeps the word once the winner’s entry is in', async () => {
		const server = fakeChannel(() => ({ ok: false, why: 'moved' }));
		const { table, state } = await opened(server, ben);
		// Ana has been silent long enough: Ben takes the pen at once, and loses the race
		table.now = Date.now() + 60_000;
		await table.takePen('Ben');
		expect(server.sent.map((entry) => entry.change.kind)).toEqual(['pen']);
		expect(table.stale).toBe(true);
		const won = penTo(table, cleo, cleo, 'entry-cleo-pen', 2);
		await server.deliver(2, won);
		await settle();
		expect(table.penName).toBe('Chloé');
		expect(table.stale).toBe(true);
		expect(table.conflict).toBeNull();
		expect(state.writes).toBe(0);
		await table.close();
	});

	it('pen: the table refuses the pen while its holder plays: said, and the next tap asks', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		try {
			const joined = Date.now();
			const server = fakeChannel(() => ({ ok: false, why: 'pen-held' }));
			const { table } = await opened(server, ben);
			// on Ben's screen Ana has been silent 40 s, but the server heard her
			vi.setSystemTime(joined + 40_000);
			table.now = Date.now();
			expect(table.holderSilent).toBe(true);
			await table.takePen('Ben');
			expect(table.rejected).toEqual({ why: 'pen-held' });
			expect(table.penIsMine).toBe(false);
			expect(table.holderSilent).toBe(false);
			await table.takePen('Ben');
			expect(server.sent.map((entry) => entry.change.kind)).toEqual(['pen']);
			expect(table.asked).toBe(true);
			await table.close();
		} finally {
			vi.useRealTimers();
		}
	});

	it('an ask is answered once the pen moves: the phone that asked may ask again later', async () => {
		const server = fakeChannel(() => ({ ok: false, why: 'offline' }));
		const { table } = await opened(server, ben);
		// Ana is here: Ben asks her for the pen
		table.lastHere = Date.now();
		table.now = Date.now();
		await table.takePen('Ben');
		expect(table.asked).toBe(true);
		const given = penTo(table, ben, ana, 'entry-give', 2);
		await server.deliver(2, given);
		await settle();
		expect(table.penIsMine).toBe(true);
		expect(table.asked).toBe(false);
		// later the pen goes back to Ana: Ben's old ask does not stay on his screen
		const back = penTo(table, ana, ana, 'entry-back', 3);
		await server.deliver(3, back);
		await settle();
		expect(table.penIsMine).toBe(false);
		expect(table.asked).toBe(false);
		await table.close();
	});

	it('the loser of a race for the pen asks next time: the winner’s silence counts from its pen entry', async () => {
		vi.useFakeTimers({ toFake: ['Date'] });
		try {
			const joined = Date.now();
			const server = fakeChannel(() => ({ ok: false, why: 'moved' }));
			const { table } = await opened(server, ben);
			// 40 s with no word from Ana: Ben takes the pen at once, and loses the race to Chloé
			vi.setSystemTime(joined + 40_000);
			table.now = Date.now();
			expect(table.holderSilent).toBe(true);
			await table.takePen('Ben');
			await server.deliver(2, penTo(table, cleo, cleo, 'entry-cleo-pen', 2));
			await settle();
			expect(table.penName).toBe('Chloé');
			// Chloé has not said "still here" yet, but she has only just taken it: Ben asks
			vi.setSystemTime(joined + 41_000);
			table.now = Date.now();
			expect(table.holderSilent).toBe(false);
			await table.takePen('Ben');
			expect(server.sent.map((entry) => entry.change.kind)).toEqual(['pen']);
			expect(table.asked).toBe(true);
			// 30 s after her pen entry with no word, she is silent
			vi.setSystemTime(joined + 70_001);
			table.now = Date.now();
			expect(table.holderSilent).toBe(true);
			await table.close();
		} finally {
			vi.useRealTimers();
		}
	});

	it('an entry the keeper refuses is worded and not sent again blind; a later entry here is', async () => {
		const answers: Append[] = [
			{ ok: false, why: 'refused', code: 'card-already-revealed', params: { card: 3 } }
		];
		const server = fakeChannel(() => answers.shift() ?? { ok: true, seq: 9, duplicate: false });
		const { port, state } = fakePort();
		const table = new LiveTable(server.channel, port, { ...ana, reader: false }, (id) => RULES[id]);
		await table.open(false);
		await server.deliver(1, start);
		await settle();
		state.actions = [{ type: 'reveal', card: 3 }];
		table.changed();
		await settle();
		expect(table.rejected).toEqual({
			why: 'refused',
			code: 'card-already-revealed',
			params: { card: 3 }
		});
		// the table moves on (Ana's "still here", another look): the same step is not sent again
		table.changed();
		await server.deliver(1, start);
		await settle();
		expect(server.sent).toHaveLength(1);
		// Ana takes it back and enters another: that one goes
		state.actions = [{ type: 'reveal', card: 4 }];
		table.changed();
		await vi.waitFor(() => expect(server.sent).toHaveLength(2));
		expect(server.sent[1].change).toEqual({ kind: 'act', action: { type: 'reveal', card: 4 } });
		await vi.waitFor(() => expect(table.rejected).toBeNull());
		await table.close();
	});

	it('the pen phone back from a cut sends each action entered offline as its own entry, in order, each after the last', async () => {
		// a server as the keeper keeps one match: an entry is stored only where the log ends
		// (after the one it names), and an id seen before is acknowledged again, never stored twice
		const stored: { seq: number; entry: Entry }[] = [{ seq: 1, entry: start }];
		let cut = true;
		const server = fakeChannel((entry) => {
			if (cut) return { ok: false, why: 'offline' };
			const known = stored.find((it) => it.entry.id === entry.id);
			if (known) return { ok: true, seq: known.seq, duplicate: true };
			const last = stored[stored.length - 1].entry;
			if (entry.pos !== stored.length || entry.prev !== last.id) return { ok: false, why: 'moved' };
			stored.push({ seq: stored.length + 1, entry });
			return { ok: true, seq: stored.length, duplicate: false };
		});
		const { table, state } = await opened(server, ana);
		expect(table.penIsMine).toBe(true);
		// cut off, Ana enters three actions, each committed here first
		server.say('offline');
		const offline = [{ type: 'reveal', card: 3 }, { type: 'pass' }, { type: 'take' }];
		for (const action of offline) {
			state.actions = [...state.actions, action];
			table.changed();
			await settle();
		}
		const tried = server.sent.map((entry) => entry.id);
		expect(tried.length).toBeGreaterThan(0);
		expect(table.pending).toBe(true);
		cut = false;
		server.say('online');
		await vi.waitFor(() => expect(stored).toHaveLength(4));
		await settle();
		const sent = stored.slice(1).map((it) => it.entry);
		expect(sent.map((entry) => entry.change)).toEqual(
			offline.map((action) => ({ kind: 'act', action }))
		);
		expect(sent.map((entry) => [entry.pos, entry.prev])).toEqual([
			[1, start.id],
			[2, sent[0].id],
			[3, sent[1].id]
		]);
		// the first entry tried while cut off went out again with its own id
		expect(new Set(tried)).toEqual(new Set([sent[0].id]));
		expect(table.pending).toBe(false);
		expect(table.conflict).toBeNull();
		expect(state.synced).toBe(key(offline));
		await table.close();
	});
});
