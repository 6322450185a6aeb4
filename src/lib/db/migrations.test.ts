import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { PACK_ROWS, PasspadDb } from './db';
import { SCHEMA, SCHEMA_VERSION } from './schema';
import { entriesOfRow } from './log-row';
import { countTotals } from './totals';
import { seeded } from '../rules/common';
import { RULES } from '../rules/registry';
import { longestRuns } from '../rules/ill-pass';
import { randomGame } from '../rules/ill-pass/simulate';
import { summarize } from './summary';

/** Opens a database exactly as an older app version would have written it. */
async function writtenBy(
	version: 1 | 2 | 3 | 4 | 5,
	name: string,
	seed: (db: Dexie) => Promise<void>
) {
	const old = new Dexie(name);
	// the schema is cumulative: an older app declared every version up to its own
	for (let at = 1 as 1 | 2 | 3 | 4 | 5; at <= version; at++) old.version(at).stores(SCHEMA[at]);
	await old.open();
	await seed(old);
	old.close();
}

describe('schema upgrades keep every saved match', () => {
	it('v1 -> current: matches gain playerIds, the log and roster are untouched', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		await writtenBy(1, name, async (db) => {
			await db.table('players').bulkAdd([
				{ id: 'p1', name: 'Léa', nameKey: 'léa', hidden: false, createdAt: 1 },
				{ id: 'p2', name: 'Sam', nameKey: 'sam', hidden: false, createdAt: 1 },
				{ id: 'p3', name: 'Noor', nameKey: 'noor', hidden: false, createdAt: 1 }
			]);
			await db.table('matches').add({
				id: 'm1',
				game: 'ill-pass',
				config: { start: 0, takerReveals: false },
				seats: [
					{ playerId: 'p1', name: 'Léa' },
					{ playerId: 'p2', name: 'Sam' },
					{ playerId: 'p3', name: 'Noor' }
				],
				status: 'active',
				createdAt: 1,
				updatedAt: 2,
				length: 2,
				redo: [],
				result: null
			});
			await db.table('actions').bulkAdd([
				{ matchId: 'm1', seq: 0, action: { type: 'reveal', card: 20 }, at: 1 },
				{ matchId: 'm1', seq: 1, action: { type: 'pass' }, at: 2 }
			]);
			await db.table('settings').add({ key: 'theme', value: 'dark' });
		});

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		const match = await db.matches.get('m1');
		expect(match?.playerIds).toEqual(['p1', 'p2', 'p3']);
		// the new multi-entry and compound indexes answer queries
		expect((await db.matches.where('playerIds').equals('p2').toArray()).map((m) => m.id)).toEqual([
			'm1'
		]);
		expect(
			await db.matches.where('[game+updatedAt]').between(['ill-pass', 0], ['ill-pass', 10]).count()
		).toBe(1);
		expect(await db.logs.toArray()).toEqual([
			{
				matchId: 'm1',
				entries: [
					{ action: { type: 'reveal', card: 20 }, at: 1 },
					{ action: { type: 'pass' }, at: 2 }
				]
			}
		]);
		expect(await db.players.count()).toBe(3);
		expect(await db.settings.get('theme')).toEqual({ key: 'theme', value: 'dark' });
		db.close();
	});

	it('v2 -> current (v3): every row kept; a match can then be abandoned, off the active list', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const match = (id: string, status: string, updatedAt: number) => ({
			id,
			game: 'climbing',
			config: { mode: 'basic', tokens: 40 },
			seats: [
				{ playerId: 'p1', name: 'Léa' },
				{ playerId: 'p2', name: 'Sam' }
			],
			playerIds: ['p1', 'p2'],
			status,
			createdAt: 1,
			updatedAt,
			length: 1,
			redo: [],
			result: null
		});
		await writtenBy(2, name, async (db) => {
			await db.table('players').bulkAdd([
				{ id: 'p1', name: 'Léa', nameKey: 'léa', hidden: false, createdAt: 1 },
				{ id: 'p2', name: 'Sam', nameKey: 'sam', hidden: false, createdAt: 1 }
			]);
			await db.table('matches').bulkAdd([match('m1', 'active', 5), match('m2', 'active', 6)]);
			await db.table('actions').bulkAdd([
				{ matchId: 'm1', seq: 0, action: { type: 'start', seat: 0 }, at: 5 },
				{ matchId: 'm2', seq: 0, action: { type: 'start', seat: 1 }, at: 6 }
			]);
		});

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		const v4 = { notes: '', playedMs: 0, playedByHand: false, revision: 0, group: null };
		expect(await db.matches.toArray()).toEqual([
			{ ...match('m1', 'active', 5), ...v4 },
			{ ...match('m2', 'active', 6), ...v4 }
		]);
		expect(await db.logs.count()).toBe(2);

		// the v2 index on [status+updatedAt] keeps an abandoned match apart from those to continue
		await db.matches.update('m2', { status: 'abandoned', abandonedAt: 7 });
		const active = await db.matches
			.where('[status+updatedAt]')
			.between(['active', Dexie.minKey], ['active', Dexie.maxKey])
			.primaryKeys();
		expect(active).toEqual(['m1']);
		expect(await db.matches.where('status').equals('abandoned').primaryKeys()).toEqual(['m2']);
		db.close();
	});

	it('v3 -> current (v4): notes empty, time played measured from the log without its idle gaps, players without a colour', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const minute = 60_000;
		await writtenBy(3, name, async (db) => {
			await db.table('players').add({
				id: 'p1',
				name: 'Léa',
				nameKey: 'léa',
				hidden: false,
				createdAt: 1
			});
			await db.table('matches').add({
				id: 'm1',
				game: 'ill-pass',
				config: { start: 0, takerReveals: false },
				seats: [{ playerId: 'p1', name: 'Léa' }],
				playerIds: ['p1'],
				status: 'abandoned',
				abandonedAt: 9 * 60 * minute,
				createdAt: 0,
				updatedAt: 8 * 60 * minute,
				length: 4,
				redo: [],
				result: null
			});
			// 3 minutes of play, an evening's break, then 2 more minutes
			await db.table('actions').bulkAdd(
				[0, 3 * minute, 5 * 60 * minute, 5 * 60 * minute + 2 * minute].map((at, seq) => ({
					matchId: 'm1',
					seq,
					action: { type: 'pass' },
					at
				}))
			);
		});

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		const match = (await db.matches.get('m1'))!;
		expect(match).toMatchObject({ notes: '', playedMs: 5 * minute, playedByHand: false });
		expect(match.status).toBe('abandoned');
		expect((await db.players.get('p1'))!.colour).toBeNull();
		expect(entriesOfRow(await db.logs.get('m1'))).toHaveLength(4);
		db.close();
	});

	it('v3 -> current (v4): results saved without the direction or feats get them from their log replayed, revision 0, and who wins what is counted', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const players = ['Léa', 'Sam', 'Noor'].map((who, k) => ({
			id: `p${k}`,
			name: who,
			nameKey: who.toLowerCase(),
			hidden: false,
			createdAt: 1
		}));
		const seats = players.map((player) => ({ playerId: player.id, name: player.name }));
		// a real I'll Pass match, finished, its result as a v1 app kept it (no lowerWins, no feats)
		const game = randomGame(seeded(7), 3);
		const full = summarize(RULES['ill-pass'], game.state).result!;
		const { lowerWins: _lowerWins, feats: _feats, ...old } = full;
		const row = (id: string, extra: object) => ({
			id,
			game: 'ill-pass',
			config: game.config,
			seats,
			playerIds: players.map((player) => player.id),
			createdAt: 1,
			updatedAt: 2,
			length: game.actions.length,
			redo: [],
			...extra
		});
		// a result already complete is kept as it is (a made-up feat shows it is not replayed)
		const kept = { ...full, feats: [{ id: 'longest-run', aggregate: 'max', seats: [9, 9, 9] }] };
		await writtenBy(3, name, async (db) => {
			await db.table('players').bulkAdd(players);
			await db
				.table('matches')
				.bulkAdd([
					row('old', { status: 'finished', result: old }),
					row('new', { status: 'finished', result: kept, revision: 12 }),
					row('stopped', { status: 'abandoned', abandonedAt: 3, result: null, length: 0 })
				]);
			for (const id of ['old', 'new']) {
				await db
					.table('actions')
					.bulkAdd(game.actions.map((action, seq) => ({ matchId: id, seq, action, at: seq })));
			}
		});

		const db = new PasspadDb(name);
		await db.open();
		const upgraded = (await db.matches.get('old'))!;
		expect(upgraded.result).toEqual(full);
		expect(upgraded.result!.lowerWins).toBe(true); // I'll Pass: the lowest score wins
		expect(upgraded.result!.feats).toEqual([
			{ id: 'longest-run', aggregate: 'max', seats: [...longestRuns(game.state)] }
		]);
		expect(upgraded.revision).toBe(0);
		const untouched = (await db.matches.get('new'))!;
		expect(untouched.result).toEqual(kept);
		expect(untouched.revision).toBe(12);

		// who wins what: the two finished matches, the abandoned one in nothing
		const totals = await db.totals.toArray();
		expect(totals).toHaveLength(3);
		expect(totals).toEqual(expect.arrayContaining(countTotals(await db.matches.toArray())));
		const winner = full.winners[0];
		expect(await db.totals.get([`p${winner}`, 'ill-pass'])).toMatchObject({ played: 2, won: 2 });
		db.close();
	});

	it("v4 -> current (v5): every match is this phone's only (group null, off the group index); the group tables start empty and answer", async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const row = (id: string, revision: number) => ({
			id,
			game: 'climbing',
			config: { mode: 'basic', tokens: 40 },
			seats: [
				{ playerId: 'p1', name: 'Léa' },
				{ playerId: 'p2', name: 'Sam' }
			],
			playerIds: ['p1', 'p2'],
			status: 'active',
			notes: 'au club',
			playedMs: 5,
			playedByHand: false,
			createdAt: 1,
			updatedAt: 2,
			revision,
			length: 0,
			redo: [],
			result: null
		});
		await writtenBy(4, name, async (db) => {
			await db.table('matches').bulkAdd([row('m1', 3), row('m2', 7)]);
		});

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		expect(await db.matches.toArray()).toEqual([
			{ ...row('m1', 3), group: null },
			{ ...row('m2', 7), group: null }
		]);
		// a match of no group is in neither group index
		expect(await db.matches.where('group').equals('club01').count()).toBe(0);
		await db.matches.update('m2', { group: 'club01' });
		expect(await db.matches.where('group').equals('club01').primaryKeys()).toEqual(['m2']);
		expect(
			await db.matches
				.where('[group+revision]')
				.between(['club01', Dexie.minKey], ['club01', Dexie.maxKey])
				.keys()
		).toEqual([['club01', 7]]);
		for (const table of [db.groups, db.synced, db.outbox, db.conflicts]) {
			expect(await table.count()).toBe(0);
		}
		// the outbox keeps the order versions were written in
		await db.outbox.bulkAdd(
			['b', 'a'].map((id) => ({
				group: 'club01',
				subject: `match.${id}` as const,
				msgId: id,
				body: {},
				hash: id,
				revision: 0,
				attempted: false
			}))
		);
		expect((await db.outbox.orderBy('seq').toArray()).map((entry) => entry.msgId)).toEqual([
			'b',
			'a'
		]);
		db.close();
	});

	it("v5 -> current (v6): each match's action rows become its one log row, in order with their times, read a page at a time; a match with no actions has none; the rows per action are gone", async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		// lengths that end one page inside a match, one at a match's end (3 pages exactly) and
		// leave the next page empty; ids out of key order, as phones make them
		const lengths: [string, number][] = [
			['m-e', 4_000],
			['m-b', 3],
			['m-a', 0],
			['m-c', 7_300],
			['m-f', 3_696],
			['m-d', 1]
		];
		expect(lengths.reduce((sum, [, length]) => sum + length, 0)).toBe(3 * PACK_ROWS);
		const entriesOf = (id: string, length: number) =>
			Array.from({ length }, (_, seq) => ({
				action: { type: 'pass', id, seq },
				at: 1_000 * id.charCodeAt(2) + seq * 7
			}));
		const row = (id: string, length: number) => ({
			id,
			game: 'ill-pass',
			config: { start: 0, takerReveals: false },
			seats: [{ playerId: 'p1', name: 'Léa' }],
			playerIds: ['p1'],
			status: 'active',
			notes: '',
			playedMs: 0,
			playedByHand: false,
			createdAt: 1,
			updatedAt: 2,
			revision: 4,
			length,
			redo: [],
			result: null,
			group: null
		});
		await writtenBy(5, name, async (db) => {
			await db.table('matches').bulkAdd(lengths.map(([id, length]) => row(id, length)));
			for (const [id, length] of lengths) {
				await db
					.table('actions')
					.bulkAdd(entriesOf(id, length).map((entry, seq) => ({ matchId: id, seq, ...entry })));
			}
		});

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		for (const [id, length] of lengths) {
			expect(await db.matches.get(id)).toEqual(row(id, length));
			if (length === 0) expect(await db.logs.get(id)).toBeUndefined();
			else expect(await db.logs.get(id)).toEqual({ matchId: id, entries: entriesOf(id, length) });
		}
		expect(await db.logs.count()).toBe(5);
		// the rows per action are gone from the database itself
		expect(db.tables.map((table) => table.name)).not.toContain('actions');
		expect([...db.backendDB().objectStoreNames]).not.toContain('actions');
		db.close();
	});
});
