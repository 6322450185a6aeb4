import { describe, expect, it } from 'vitest';
import { passPass } from './index';
import {
	countedPointsByRound,
	instantWinLines,
	instantWinRound,
	sideTotals,
	totalPoints
} from './score';
import { card, run, set, start } from './test-helpers';
import type { PassPassState } from './types';

/**
 * Individual, 4 players, as issue play-testing found it: round 1 gives Bob two ticks and points
 * to everyone; in round 2 Bob and Chloé win cards, then Bob's third Pass Pass ends the match.
 */
function bobsThirdTick(): PassPassState {
	return run(
		start(4),
		{ type: 'won', seat: 1, cards: [...set(1, 1), ...set(2, 1)] },
		{ type: 'won', seat: 2, cards: [card('purple', 3, 2), card('blue', 3, 2)] },
		{ type: 'endRound' },
		{ type: 'won', seat: 2, cards: [card('green', 5, 3), card('yellow', 5, 3)] },
		{ type: 'won', seat: 1, cards: [card('purple', 7, 3), card('blue', 7, 3), card('green', 7)] },
		{ type: 'won', seat: 1, cards: [card('yellow', 7, 2)] }
	);
}

describe('docs/rulings.md, Pass Pass 8: the round of a third tick counts no points', () => {
	it('the winning round is known, and its cards still say what they were worth', () => {
		const state = bobsThirdTick();
		expect(passPass.outcome(state)).toEqual({ winners: [1], shared: false, reason: 'third-tick' });
		expect(instantWinRound(state)).toBe(1);
		expect(countedPointsByRound(state)).toEqual([
			[0, 16, 6, 0],
			[null, null, null, null]
		]);
	});

	it('the totals, the sheet and the kept result hold round 1 only', () => {
		const state = bobsThirdTick();
		expect(totalPoints(state)).toEqual([0, 16, 6, 0]);
		const sheet = passPass.sheet(state);
		expect(sheet.totals).toEqual([0, 16, 6, 0]);
		expect(sheet.rows[1].cells).toEqual([null, null, null, null]);
		expect(sheet.rows[1].label).toEqual({ code: 'sheet-round-void', params: { round: 2 } });
	});

	it('a match still being played counts its current round live', () => {
		const state = run(start(3), { type: 'won', seat: 0, cards: [card('blue', 2, 3)] });
		expect(instantWinRound(state)).toBeNull();
		expect(instantWinLines(state)).toEqual([]);
		expect(totalPoints(state)).toEqual([4, 0, 0]);
	});
});

describe('docs/rulings.md, Pass Pass 8, 11: a team won by a third tick has its three ticks written', () => {
	it('the team whose member ticks the third has 3 ticks in its total, not only the rounds written', () => {
		// 6 players in two teams of three: team 2 (seats 1, 3, 5) writes Hugo's (seat 1) two ticks
		let state = run(
			start(6, '2x3'),
			{ type: 'won', seat: 1, cards: [...set(1), ...set(2)] },
			{ type: 'won', seat: 0, cards: set(3) },
			{ type: 'endRound' },
			{ type: 'teamPick', team: 0, seat: 0 },
			{ type: 'teamPick', team: 1, seat: 1 }
		);
		expect(sideTotals(state).ticks).toEqual([1, 2]);
		// round 2: Jules (seat 3) ticks once: team 2 reaches 3
		state = run(state, { type: 'won', seat: 3, cards: set(4) });
		expect(passPass.outcome(state)).toEqual({ winners: [1], shared: false, reason: 'third-tick' });
		expect(sideTotals(state)).toEqual({ points: [4, 8], ticks: [1, 3] });
		expect(passPass.sheet(state).rows[1].cells).toEqual([null, null]);
		// what the round held, shown as not counted: Jules's tick for team 2
		expect(instantWinLines(state)).toEqual([
			{ seat: 0, points: 0, ticks: 0 },
			{ seat: 3, points: 4, ticks: 1 }
		]);
	});
});
