import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasspadDb, useDatabase } from './db';
import { appendAction, loadLog } from './log';
import { createMatch, setTimePlayed } from './matches';
import { PAD_ROUND_MS, measuredPlay } from './played';

// docs/architecture.md, "Time played": a round entered on the score pad is entered at its
// end, so the time before it is the round itself, counted up to PAD_ROUND_MS; the first one
// counts from the match's start (the new-match screen).

const minute = 60_000;
const finished = { status: 'finished', result: null } as const;
const active = { status: 'active', result: null } as const;
let clock = 0;

beforeEach(async () => {
	const db = new PasspadDb(`played-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
	clock = Date.UTC(2026, 10, 26, 20);
	vi.spyOn(Date, 'now').mockImplementation(() => clock);
});
afterEach(() => vi.restoreAllMocks());

const tally = { type: 'tally', hands: [] };

describe('time played of a score-pad match', () => {
	it("I'll Pass on the pad, one game entered 25 minutes after the start, reads 25 minutes", async () => {
		const match = await createMatch({
			game: 'ill-pass',
			config: { start: 0, takerReveals: false, entry: 'pad' },
			names: ['Léa', 'Sam', 'Noor']
		});
		clock += 25 * minute;
		const row = await appendAction(match.id, 0, tally, finished);
		expect(row.playedMs).toBe(25 * minute);
	});

	it('PASS on the pad, games entered 12 and 18 minutes apart, reads the whole 30 (past the idle gap)', async () => {
		const match = await createMatch({
			game: 'climbing',
			config: { start: 0, mode: 'basic', tokens: 40, entry: 'pad' },
			names: ['Léa', 'Sam', 'Noor']
		});
		clock += 12 * minute;
		await appendAction(match.id, 0, { type: 'tally', winner: 0 }, active);
		clock += 18 * minute;
		const row = await appendAction(match.id, 1, { type: 'tally', winner: 0 }, active);
		expect(row.playedMs).toBe(30 * minute);
		// measured again from the log (the time set by hand, then cleared), the same
		expect((await setTimePlayed(match.id, 5 * minute)).playedMs).toBe(5 * minute);
		expect((await setTimePlayed(match.id, null)).playedMs).toBe(30 * minute);
		expect((await loadLog(match.id)).match.playedMs).toBe(30 * minute);
	});

	it('a table that went quiet longer than a round (a night) adds nothing for that gap', () => {
		const start = 0;
		const entries = [
			{ action: { type: 'tally' }, at: 20 * minute },
			{ action: { type: 'tally' }, at: 20 * minute + PAD_ROUND_MS + 1 }
		];
		expect(measuredPlay(entries, start)).toBe(20 * minute);
	});

	it('refereed moves keep the idle gap: minutes apart between moves is a table gone quiet', () => {
		const entries = [
			{ action: { type: 'reveal', card: 9 }, at: 20 * minute },
			{ action: { type: 'pass' }, at: 21 * minute },
			{ action: { type: 'take' }, at: 40 * minute }
		];
		// the first move counts from itself (setting up is not play); 19 quiet minutes are idle
		expect(measuredPlay(entries, 0)).toBe(minute);
	});
});
