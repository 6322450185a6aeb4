/**
 * The outbox (docs/wire.md, "On the phone: one replicator"): what a live table must be sent is
 * written in the store's own transaction, sent in order by the live table, gone once the table
 * stored it, kept and shown when the keeper refused it, and there at the next start after a
 * crash between the commit and the send.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import * as db from '$lib/db';
import { illPass } from '$lib/rules/ill-pass';
import { RULES } from '$lib/rules/registry';
import type { GameUi } from '$lib/games/types';
import { MatchStore } from '$lib/match/store';
import { canonicalJson as key } from '$lib/wire/canonical';
import type { Append } from './client';
import { fakeChannel } from './channel-fixtures';
import { ANA, startEntry } from './fixtures';
import { SessionPort } from './local';
import { saveLive, savedSynced } from './saved';
import { LiveTable, type LocalMatch } from './table.svelte';

const ui = { game: illPass, describe: () => '' } as unknown as GameUi;
const reveal = (card: number) => ({ type: 'reveal', card });

let phone: db.PasspadDb;
beforeEach(async () => {
	phone = new db.PasspadDb(`outbox-${crypto.randomUUID()}`);
	db.useDatabase(phone);
	await phone.open();
});

/** A match of this phone, live here with a player's (`w`) or a follower's (`r`) link. */
async function liveMatch(r: 'w' | 'r' | null = 'w') {
	const match = await db.createMatch({
		game: 'ill-pass',
		config: { start: 0, takerReveals: false },
		names: ['Ana', 'Ben', 'Chloé']
	});
	if (r) {
		const link = { t: 'tablelive1', m: match.id, u: `table-${r}`, p: 'secret-secret-secret', r };
		await saveLive(match.id, { link, name: 'Ana' }, phone);
	}
	return { id: match.id, store: new MatchStore(ui, await db.loadLog(match.id)) };
}

const outbox = (id: string) => db.sendsOf(phone, id).then((rows) => rows.map((row) => row.change));

/** The phone's port as the match screen's, its log read from its database. */
class StoredPort extends SessionPort {
	#match: LocalMatch;
	constructor(match: LocalMatch, into: db.PasspadDb) {
		super(match.id, null, into);
		this.#match = match;
	}
	read(): LocalMatch {
		return this.#match;
	}
}

/** The phone started again: its database reopened, the live table on a server the test plays. */
async function restarted(id: string, answer: (pos: number) => Append) {
	phone.close();
	phone = new db.PasspadDb(phone.name);
	db.useDatabase(phone);
	const log = await db.loadLog(id);
	const match: LocalMatch = {
		id,
		game: 'ill-pass',
		config: log.match.config,
		names: log.match.seats.map((seat) => seat.name),
		createdAt: log.match.createdAt,
		actions: log.actions
	};
	const server = fakeChannel((entry) => answer(entry.pos));
	const me = { by: ANA, name: 'Ana', reader: false };
	const table = new LiveTable(server.channel, new StoredPort(match, phone), me, (g) => RULES[g]);
	await table.open(false);
	await server.deliver(1, startEntry({ match: id }));
	return { server, table };
}

const until = async (done: () => Promise<boolean> | boolean) => {
	for (let tries = 0; !(await done()); tries++) {
		if (tries > 200) throw new Error('never came');
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
};

describe('the outbox is written in the store’s transaction', () => {
	it('a live match: each change here writes the step the table is sent, in order', async () => {
		const { id, store } = await liveMatch();
		await store.act(reveal(17));
		await store.act({ type: 'pass' });
		await store.undo();
		await store.redo();
		await store.edit({ kind: 'change', index: 1, action: { type: 'take' } });
		expect(await outbox(id)).toEqual([
			{ kind: 'act', action: reveal(17) },
			{ kind: 'act', action: { type: 'pass' } },
			{ kind: 'undo' },
			{ kind: 'act', action: { type: 'pass' } },
			{ kind: 'rewrite', from: 1, actions: [{ type: 'take' }] }
		]);
		expect((await db.sendsOf(phone, id)).map((row) => row.pos)).toEqual([0, 1, 2, 1, 2]);
	});

	it('nothing to send: a match not live, a follower’s link, or what came from the table', async () => {
		const alone = await liveMatch(null);
		await alone.store.act(reveal(17));
		const follower = await liveMatch('r');
		await follower.store.receive({ append: reveal(17) }, 0);
		const player = await liveMatch('w');
		await player.store.receive({ append: reveal(17) }, 0);
		expect(await phone.sends.count()).toBe(0);
	});

	it('a change storage refused writes no step either (one transaction)', async () => {
		const { id, store } = await liveMatch();
		// another tab wrote first: the store's write fails with a conflict, nothing is kept
		await db.appendAction(id, 0, reveal(17), { status: 'active', result: null });
		expect((await store.act(reveal(20))).ok).toBe(false);
		expect(await outbox(id)).toEqual([]);
	});

	it('live play stopped here: what waited to be sent goes with the link', async () => {
		const { id, store } = await liveMatch();
		await store.act(reveal(17));
		await saveLive(id, null, phone);
		expect(await outbox(id)).toEqual([]);
	});
});

describe('the live table sends the outbox', () => {
	it('a crash between the commit and the send loses nothing: at the next start each step is sent, in the order made, and goes once stored', async () => {
		const { id, store } = await liveMatch();
		await store.act(reveal(17));
		await store.undo();
		await store.act(reveal(20));
		// no live table ran: the phone stops here, and starts again
		const { server, table } = await restarted(id, (pos) => ({
			ok: true,
			seq: pos + 1,
			duplicate: false
		}));
		await until(async () => (await outbox(id)).length === 0);
		// every step as the players made it, not only the log's difference (one act of 20)
		expect(server.sent.map((entry) => entry.change)).toEqual([
			{ kind: 'act', action: reveal(17) },
			{ kind: 'undo' },
			{ kind: 'act', action: reveal(20) }
		]);
		expect(await savedSynced(id, phone)).toBe(key([reveal(20)]));
		await table.close();
	});

	it('a step the keeper refused stays in the outbox and is said, also after a restart, never sent again blind', async () => {
		const { id, store } = await liveMatch();
		await store.act(reveal(17));
		const { server, table } = await restarted(id, () => ({
			ok: false,
			why: 'refused',
			code: 'not-your-turn'
		}));
		await until(() => table.rejected !== null);
		expect(table.rejected).toMatchObject({ why: 'refused', code: 'not-your-turn' });
		// the next look (a change told, a reconnect) finds the same log and the same table
		table.changed();
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(server.sent).toHaveLength(1);
		expect(await outbox(id)).toEqual([{ kind: 'act', action: reveal(17) }]);
		await table.close();
		// the app started again: the refusal is said at once, and the step still not sent
		const again = await restarted(id, () => ({ ok: true, seq: 2, duplicate: false }));
		await until(() => again.table.rejected !== null);
		expect(again.table.rejected).toMatchObject({ why: 'refused', code: 'not-your-turn' });
		await new Promise((resolve) => setTimeout(resolve, 50));
		expect(again.server.sent).toEqual([]);
		await again.table.close();
	});
});
