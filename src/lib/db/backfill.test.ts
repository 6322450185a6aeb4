import { describe, expect, it } from 'vitest';
import { seeded } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { longestRuns } from '../rules/ill-pass';
import { completeResult, type OldResult } from './backfill';

const old: OldResult = {
	winners: [0],
	shared: false,
	reason: 'lowest-score',
	sides: [[0], [1], [2]],
	totals: [1, 2, 3]
};
const seats = ['p0', 'p1', 'p2'].map((playerId) => ({ playerId, name: playerId }));

describe("the v4 upgrader completes a result saved without the game's direction or feats", () => {
	it('from its log replayed through its rules; what the row says is kept', () => {
		const game = randomGame(seeded(3), 3);
		const match = { game: 'ill-pass' as const, config: game.config, seats };
		expect(completeResult(match, old, game.actions)).toEqual({
			...old,
			lowerWins: true,
			feats: [{ id: 'longest-run', aggregate: 'max', seats: [...longestRuns(game.state)] }]
		});
	});

	it('a log the rules no longer replay to its end: the direction of the sheet, no feats', () => {
		const game = randomGame(seeded(3), 3);
		const match = { game: 'ill-pass' as const, config: game.config, seats };
		const broken = [...game.actions.slice(0, 5), { type: 'nonsense' }];
		expect(completeResult(match, old, broken)).toEqual({ ...old, lowerWins: true, feats: [] });
	});

	it('a config the rules refuse to set up: the plainest values, and the upgrade goes on', () => {
		const match = { game: 'climbing' as const, config: null, seats: seats.slice(0, 1) };
		expect(completeResult(match, old, [])).toEqual({ ...old, lowerWins: false, feats: [] });
	});
});
