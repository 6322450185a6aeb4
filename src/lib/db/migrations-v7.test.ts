import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { PasspadDb } from './db';
import { SCHEMA, SCHEMA_VERSION, type MatchRow } from './schema';
import { card, set } from '../rules/pass-pass/test-helpers';
import type { PassPassAction } from '../rules/pass-pass';

/**
 * Individual, 4 players: round 1 gives Bob two ticks (16 points) and Chloé 6 points; in round 2
 * Bob's third Pass Pass ends the match, when his cards of the round were worth 12 and Chloé's 8.
 */
const BOBS_THIRD_TICK: PassPassAction[] = [
	{ type: 'won', seat: 1, cards: [...set(1, 1), ...set(2, 1)] },
	{ type: 'won', seat: 2, cards: [card('purple', 3, 2), card('blue', 3, 2)] },
	{ type: 'endRound' },
	{ type: 'won', seat: 2, cards: [card('green', 5, 3), card('yellow', 5, 3)] },
	{ type: 'won', seat: 1, cards: [card('purple', 7, 3), card('blue', 7, 3), card('green', 7)] },
	{ type: 'won', seat: 1, cards: [card('yellow', 7, 2)] }
];

const NAMES = ['Alice', 'Bob', 'Chloé', 'Dan'];

/** A finished Pass Pass row as a v6 Passpad kept it: `totals` as that Passpad counted them. */
function row(id: string, totals: number[]): MatchRow {
	return {
		id,
		game: 'pass-pass',
		config: { start: 0, teams: null },
		seats: NAMES.map((name, seat) => ({ playerId: `p${seat}`, name })),
		playerIds: NAMES.map((_, seat) => `p${seat}`),
		status: 'finished',
		notes: '',
		playedMs: 60_000,
		playedByHand: false,
		createdAt: 1,
		updatedAt: 2,
		revision: 6,
		length: BOBS_THIRD_TICK.length,
		redo: [],
		result: {
			winners: [1],
			shared: false,
			reason: 'third-tick',
			sides: [[0], [1], [2], [3]],
			totals,
			lowerWins: false,
			feats: [{ id: 'ticks', aggregate: 'sum', seats: [0, 3, 0, 0] }]
		},
		group: null
	};
}

describe('v6 -> current (v7): docs/rulings.md, Pass Pass 8, the round of a third tick counts no points', () => {
	it('a match kept with that round in its totals is counted again from its log; nothing else moves', async () => {
		const name = `upgrade-${crypto.randomUUID()}`;
		const old = new Dexie(name);
		for (let at = 1 as 1 | 2 | 3 | 4 | 5 | 6; at <= 6; at++) old.version(at).stores(SCHEMA[at]);
		await old.open();
		// as a v6 Passpad counted it: round 2's 12 and 8 points in Bob's and Chloé's totals
		await old.table('matches').add(row('won-by-tick', [0, 28, 14, 0]));
		await old.table('logs').add({
			matchId: 'won-by-tick',
			entries: BOBS_THIRD_TICK.map((action, at) => ({ action, at: 10 + at }))
		});
		const kept = NAMES.map((_, seat) => ({
			playerId: `p${seat}`,
			game: 'pass-pass',
			played: 1,
			won: seat === 1 ? 1 : 0,
			shared: 0
		}));
		await old.table('totals').bulkAdd(kept);
		old.close();

		const db = new PasspadDb(name);
		await db.open();
		expect(db.verno).toBe(SCHEMA_VERSION);
		const upgraded = await db.matches.get('won-by-tick');
		expect(upgraded?.result?.totals).toEqual([0, 16, 6, 0]);
		expect(upgraded).toEqual({
			...row('won-by-tick', [0, 16, 6, 0]),
			result: {
				...row('won-by-tick', [0, 16, 6, 0]).result,
				feats: [
					{ id: 'ticks', aggregate: 'sum', seats: [0, 3, 0, 0] },
					{ id: 'team-ticks', aggregate: 'sum', seats: [] }
				]
			}
		});
		expect(await db.totals.toArray()).toEqual(kept);
		db.close();
	});
});
