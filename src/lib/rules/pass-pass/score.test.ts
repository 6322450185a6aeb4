import { describe, expect, it } from 'vitest';
import { passPass } from './index';
import { pointsByRound, standing, totalPoints } from './score';
import { wonByColor } from './selectors';
import { card, run, set, start } from './test-helpers';
import type { Card, PassPassState } from './types';

/** Three rounds at 3 players, each entered as cards won: `rounds[r][seat]` = that seat's cards. */
function game(rounds: Card[][][]): PassPassState {
	let state = start(3);
	for (const round of rounds) {
		round.forEach((cards, seat) => {
			if (cards.length > 0) state = run(state, { type: 'won', seat, cards });
		});
		state = run(state, { type: 'endRound' });
	}
	return state;
}

const purple = (...values: number[]) => values.map((value) => card('purple', value));
const yellow1 = [card('yellow', 1)];
const filler = [card('yellow', 12)];

describe('docs/rulings.md, Pass Pass 9: round points live, per round and in total', () => {
	it('counts cards and diamonds as they are won', () => {
		const state = run(start(3), {
			type: 'won',
			seat: 1,
			cards: [card('blue', 2, 3), card('green', 9)]
		});
		expect(pointsByRound(state)).toEqual([[0, 5, 0]]);
		expect(wonByColor(state, 1).blue).toEqual([card('blue', 2, 3)]);
		expect(wonByColor(state, 1).yellow).toEqual([]);
	});
});

describe('docs/rulings.md, Pass Pass 10: points victory after round 3', () => {
	it('is not decided before the third round ends', () => {
		const state = game([[purple(1), [], []]]);
		expect(passPass.outcome(state)).toBeNull();
	});

	it('most points over the three rounds wins', () => {
		const state = game([
			[purple(1, 2), purple(3), yellow1],
			[[], purple(4, 5), yellow1],
			[[], purple(6), yellow1]
		]);
		expect(totalPoints(state)).toEqual([2, 4, 3]);
		expect(passPass.outcome(state)).toEqual({ winners: [1], shared: false, reason: 'points' });
	});

	it('equal points: the most ticks wins', () => {
		const state = game([
			[set(1), purple(2, 3, 4), filler],
			[[], purple(5), []],
			[[], [], filler]
		]);
		expect(totalPoints(state)).toEqual([4, 4, 2]);
		expect(passPass.outcome(state)).toEqual({ winners: [0], shared: false, reason: 'ticks' });
	});

	it('equal points and ticks: a shared victory', () => {
		const state = game([
			[set(1), set(2), filler],
			[[], [], filler],
			[[], [], filler]
		]);
		expect(totalPoints(state)).toEqual([4, 4, 3]);
		expect(passPass.outcome(state)).toEqual({ winners: [0, 1], shared: true, reason: 'shared' });
		expect(standing(state).map((row) => row.place)).toEqual([1, 1, 3]);
	});

	it('the score sheet has a row a round and the totals', () => {
		const state = game([
			[purple(1, 2), purple(3), yellow1],
			[[], purple(4, 5), yellow1],
			[[], purple(6), yellow1]
		]);
		const sheet = passPass.sheet(state);
		expect(sheet.sides).toEqual([{ seats: [0] }, { seats: [1] }, { seats: [2] }]);
		expect(sheet.rows).toEqual([
			{ label: { code: 'sheet-round', params: { round: 1 } }, cells: [2, 1, 1] },
			{ label: { code: 'sheet-round', params: { round: 2 } }, cells: [0, 2, 1] },
			{ label: { code: 'sheet-round', params: { round: 3 } }, cells: [0, 1, 1] }
		]);
		expect(sheet.totals).toEqual([2, 4, 3]);
		expect(sheet.lowerWins).toBe(false);
	});
});

describe("players' statistics: Pass Pass ticks earned", () => {
	it("each seat's ticks over the rounds, to be summed over matches", () => {
		const state = game([
			[[...set(1), ...set(2)], purple(3), filler],
			[[], set(4), []],
			[[], [], filler]
		]);
		expect(passPass.outcome(state)).not.toBeNull();
		expect(passPass.feats?.map((feat) => [feat.id, feat.aggregate, feat.value(state)])).toEqual([
			['ticks', 'sum', [2, 1, 0]],
			// docs/rulings.md, Pass Pass 11: a team's written ticks, kept only where there are teams
			['team-ticks', 'sum', []]
		]);
	});

	it('in team mode, each member keeps their own ticks', () => {
		const state = run(
			start(4, '2x2'),
			{ type: 'won', seat: 0, cards: set(1) },
			{ type: 'won', seat: 2, cards: [...set(2), ...set(3)] }
		);
		expect(passPass.feats?.[0].value(state)).toEqual([1, 0, 2, 0]);
	});

	it('in team mode, each member also keeps the ticks written for the team (docs/rulings.md, Pass Pass 11)', () => {
		const state = run(
			start(4, '2x2'),
			{ type: 'won', seat: 0, cards: set(1) },
			{ type: 'won', seat: 1, cards: set(2) },
			{ type: 'endRound' },
			{ type: 'teamPick', team: 0, seat: 0 },
			{ type: 'teamPick', team: 1, seat: 3 }
		);
		expect(passPass.feats?.[1].value(state)).toEqual([1, 0, 1, 0]);
	});
});
