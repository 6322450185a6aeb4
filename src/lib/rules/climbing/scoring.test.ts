import { describe, expect, it } from 'vitest';
import { advancedPoints, gameAward, matchDecision, matchWinner } from './scoring';
import type { GameRecord } from './types';

describe('docs/rulings.md, PASS 9: advanced 4/2/1 points', () => {
	it.each([
		{ cardsLeft: [0, 5, 3, 8], winner: 0, points: [4, 1, 2, 0] },
		{ cardsLeft: [6, 0, 2, 9, 4], winner: 1, points: [0, 4, 2, 0, 1] },
		{ cardsLeft: [0, 7], winner: 0, points: [4, 2] },
		{ cardsLeft: [3, 0, 1], winner: 1, points: [1, 4, 2] }
	])('cards left $cardsLeft, winner $winner: $points', ({ cardsLeft, winner, points }) => {
		expect(advancedPoints(cardsLeft, winner)).toEqual(points);
	});

	it('a tie for fewest cards: the seat closer clockwise to the winner takes the 2', () => {
		// winner seat 2; seats 0 and 3 both hold 4: clockwise from 2 comes 3, then 0
		expect(advancedPoints([4, 9, 0, 4], 2)).toEqual([1, 0, 4, 2]);
		// winner seat 0: seat 1 comes before seat 3
		expect(advancedPoints([0, 5, 9, 5], 0)).toEqual([4, 2, 0, 1]);
		// clockwise wraps: winner 3 of 5, seat 4 then seat 1
		expect(advancedPoints([8, 2, 7, 0, 2], 3)).toEqual([0, 1, 0, 4, 2]);
	});

	it('a tie for second fewest: the closer seat takes the 1, the other nothing', () => {
		expect(advancedPoints([0, 6, 2, 6, 6], 0)).toEqual([4, 1, 2, 0, 0]);
	});

	it.each([
		[[0, 3], 2, /winner must be a seat/],
		[[2, 3], 0, /0 cards left, not 2/],
		[[0, 0, 3], 0, /Only the winner goes out/],
		[[0, 14], 0, /cannot have 14 cards/],
		[[0, 1.5], 0, /cannot have 1.5 cards/],
		[[0], 0, /2 to 5 players/]
	])('throws for cards left %j, winner %j', (cardsLeft, winner, message) => {
		expect(() => advancedPoints(cardsLeft as number[], winner as number)).toThrow(message);
	});
});

describe('docs/rulings.md, PASS 9: basic, a game win is a crown', () => {
	it('awards one crown to the winner only', () => {
		expect(gameAward('basic', [3, 0, 5], 1)).toEqual([0, 1, 0]);
	});
});

const record = (winner: number, awarded: number[]): GameRecord => ({
	winner,
	awarded,
	cardsLeft: awarded.map((_, seat) => (seat === winner ? 0 : 1)),
	rounds: 1
});

describe('docs/rulings.md, PASS 9: the match ends at 3 crowns or 10 points', () => {
	it('basic: the first to 3 crowns', () => {
		const games = [record(0, [1, 0]), record(1, [0, 1]), record(0, [1, 0])];
		expect(matchWinner('basic', games, 2)).toBeNull();
		expect(matchWinner('basic', [...games, record(0, [1, 0])], 2)).toBe(0);
	});

	it('advanced: the first to 10 points', () => {
		const games = [record(0, [4, 2, 1]), record(0, [4, 1, 2])];
		expect(matchWinner('advanced', games, 3)).toBeNull(); // 8, 3, 3
		expect(matchWinner('advanced', [...games, record(2, [2, 1, 4])], 3)).toBe(0); // 10, 4, 7
	});

	it('advanced: two seats reaching 10 in one game: more points wins (docs/rulings.md, PASS 9)', () => {
		const before = [record(0, [4, 2, 1]), record(1, [2, 4, 1]), record(2, [2, 1, 4])]; // 8, 7, 6
		expect(matchWinner('advanced', before, 3)).toBeNull();
		const games = [...before, record(1, [2, 4, 1])]; // 10, 11, 7
		expect(matchDecision('advanced', games, 3)).toEqual({
			winner: 1,
			why: 'more-points',
			reached: [1, 0]
		});
	});

	it('advanced: equal points, the game winner wins', () => {
		const games = [record(1, [2, 4, 1]), record(1, [2, 4, 1]), record(2, [2, 0, 4])]; // 6, 8, 6
		expect(matchWinner('advanced', games, 3)).toBeNull();
		expect(matchDecision('advanced', [...games, record(0, [4, 2, 1])], 3)).toEqual({
			winner: 0,
			why: 'game-winner',
			reached: [0, 1]
		}); // 10, 10, 7
	});

	it('advanced: equal points, the one closer clockwise to the game winner wins', () => {
		const close = [record(0, [4, 2, 1]), record(0, [4, 2, 1]), record(1, [1, 4, 2])]; // 9, 8, 4
		const games = [...close, record(2, [1, 2, 4])]; // 10, 10, 8: seat 0 comes after 2 before 1
		expect(matchWinner('advanced', games, 3)).toBe(0);
		expect(matchDecision('advanced', games, 3)).toEqual({
			winner: 0,
			why: 'closer',
			reached: [0, 1]
		});
	});

	it('a seat alone at the target wins outright', () => {
		const games = [record(0, [4, 2, 1]), record(0, [4, 2, 1]), record(0, [4, 2, 1])]; // 12, 6, 3
		expect(matchDecision('advanced', games, 3)?.why).toBe('target');
	});
});
