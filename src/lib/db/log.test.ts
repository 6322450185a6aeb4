import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase } from './db';
import { LogConflict } from './errors';
import { entriesOfRow } from './log-row';
import { appendAction, loadLog, redoAction, replaceLog, undoAction } from './log';
import { createMatch, deleteMatch, matchesByStatus } from './matches';
import { roster } from './players';

const active = { status: 'active', result: null } as const;
let db: PasspadDb;

beforeEach(async () => {
	db = new PasspadDb(`test-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
});

const newMatch = (names = ['Léa', 'Sam', 'Noor']) =>
	createMatch({ game: 'ill-pass', config: { start: 0, takerReveals: false }, names });

describe('the action log is the record', () => {
	it('appends actions in seq order and reads them back', async () => {
		const match = await newMatch();
		await appendAction(match.id, 0, { type: 'reveal', card: 9 }, active);
		await appendAction(match.id, 1, { type: 'pass' }, active);
		const log = await loadLog(match.id);
		expect(log.actions).toEqual([{ type: 'reveal', card: 9 }, { type: 'pass' }]);
		expect(log.match.length).toBe(2);
	});

	it('refuses a write from a stale reader: a second tab cannot fork the log', async () => {
		const match = await newMatch();
		await appendAction(match.id, 0, { type: 'reveal', card: 9 }, active);
		await expect(
			appendAction(match.id, 0, { type: 'reveal', card: 10 }, active)
		).rejects.toBeInstanceOf(LogConflict);
		expect((await loadLog(match.id)).actions).toEqual([{ type: 'reveal', card: 9 }]);
	});

	it('undo removes the last action and redo puts it back, until a new action clears redo', async () => {
		const match = await newMatch();
		await appendAction(match.id, 0, { type: 'reveal', card: 9 }, active);
		await appendAction(match.id, 1, { type: 'take' }, active);
		await undoAction(match.id, 2, active);
		await undoAction(match.id, 1, active);
		let log = await loadLog(match.id);
		expect(log.actions).toEqual([]);
		expect(log.match.redo).toEqual([{ type: 'take' }, { type: 'reveal', card: 9 }]);
		await redoAction(match.id, 0, active);
		log = await loadLog(match.id);
		expect(log.actions).toEqual([{ type: 'reveal', card: 9 }]);
		await appendAction(match.id, 1, { type: 'pass' }, active);
		log = await loadLog(match.id);
		expect(log.match.redo).toEqual([]);
		await expect(redoAction(match.id, 2, active)).rejects.toThrow(/redo/i);
	});

	it("a log is one row, in order with each action's time; undone to nothing, the row goes (a match with no actions has none)", async () => {
		const match = await newMatch();
		expect(await db.logs.get(match.id)).toBeUndefined();
		const before = Date.now();
		await appendAction(match.id, 0, { type: 'reveal', card: 9 }, active);
		await appendAction(match.id, 1, { type: 'pass' }, active);
		const row = (await db.logs.get(match.id))!;
		// one string, cloned by IndexedDB as one copy (log-row.ts)
		expect(row).toEqual({ matchId: match.id, json: expect.any(String) });
		const entries = entriesOfRow(row);
		expect(entries.map((entry) => entry.action)).toEqual([
			{ type: 'reveal', card: 9 },
			{ type: 'pass' }
		]);
		expect(entries[0].at).toBeGreaterThanOrEqual(before);
		expect(entries[1].at).toBeGreaterThanOrEqual(entries[0].at);
		await undoAction(match.id, 2, active);
		await undoAction(match.id, 1, active);
		expect(await db.logs.get(match.id)).toBeUndefined();
		expect(await db.logs.count()).toBe(0);
	});

	it('an edit of the past keeps the time of each place the old log reached', async () => {
		const match = await newMatch();
		await appendAction(match.id, 0, { type: 'reveal', card: 9 }, active);
		await appendAction(match.id, 1, { type: 'pass' }, active);
		const old = entriesOfRow(await db.logs.get(match.id));
		await replaceLog(
			match.id,
			2,
			[{ type: 'reveal', card: 10 }, { type: 'take' }, { type: 'reveal', card: 11 }],
			active
		);
		const now = entriesOfRow(await db.logs.get(match.id));
		expect(now.map((entry) => entry.at).slice(0, 2)).toEqual(old.map((entry) => entry.at));
		expect(now[2].at).toBeGreaterThanOrEqual(old[1].at);
		expect((await loadLog(match.id)).actions).toEqual([
			{ type: 'reveal', card: 10 },
			{ type: 'take' },
			{ type: 'reveal', card: 11 }
		]);
	});

	it('every write counts a revision, so a reader can tell newer from older', async () => {
		const match = await newMatch();
		const one = await appendAction(match.id, 0, { type: 'reveal', card: 17 }, active);
		const two = await appendAction(match.id, 1, { type: 'take' }, active);
		const three = await undoAction(match.id, 2, active);
		expect([one.revision, two.revision, three.revision]).toEqual([1, 2, 3]);
	});

	it('undo with an empty log is refused and changes nothing', async () => {
		const match = await newMatch();
		await expect(undoAction(match.id, 0, active)).rejects.toThrow(/undo/i);
		expect((await loadLog(match.id)).match.length).toBe(0);
	});

	it('keeps the summary the rules computed, for history without replay', async () => {
		const match = await newMatch();
		const result = {
			winners: [1],
			shared: false,
			reason: 'lowest-score',
			sides: [[0], [1], [2]],
			totals: [5, 3, 9],
			lowerWins: true,
			feats: []
		};
		await appendAction(match.id, 0, { type: 'take' }, { status: 'finished', result });
		expect(await matchesByStatus('finished', 10)).toMatchObject([{ id: match.id, result }]);
		expect(await matchesByStatus('active', 10)).toEqual([]);
	});

	it('deleting a match deletes its whole log and nothing else', async () => {
		const one = await newMatch();
		const two = await newMatch();
		await appendAction(one.id, 0, { type: 'take' }, active);
		await appendAction(two.id, 0, { type: 'pass' }, active);
		await deleteMatch(one.id);
		expect(await db.logs.count()).toBe(1);
		expect((await loadLog(two.id)).actions).toEqual([{ type: 'pass' }]);
	});
});

describe('the roster', () => {
	it('reuses a player whatever the case and spacing of the name', async () => {
		await newMatch(['Léa', 'Sam', 'Noor']);
		const again = await newMatch([' léa ', 'SAM', 'Ana  Lu']);
		const players = await roster();
		expect(players.map((player) => player.name)).toEqual(['Ana Lu', 'Léa', 'Noor', 'Sam']);
		expect(again.seats.map((seat) => seat.name)).toEqual(['Léa', 'Sam', 'Ana Lu']);
		expect(again.playerIds).toEqual(again.seats.map((seat) => seat.playerId));
	});
});
