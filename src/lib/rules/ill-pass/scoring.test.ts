import { describe, expect, it } from 'vitest';
import { cardPoints, finalScore, longestRun, runs } from './scoring';

describe("docs/rulings.md, I'll Pass 4: lowest card of each run counts", () => {
	it.each([
		{ cards: [], points: 0 },
		{ cards: [8, 9, 10], points: 8 }, // the rulebook's own example
		{ cards: [10, 8, 9], points: 8 }, // order taken does not matter
		{ cards: [3], points: 3 },
		{ cards: [3, 5], points: 8 },
		{ cards: [20, 21, 23, 24, 34], points: 20 + 23 + 34 },
		{
			cards: [
				3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26
			],
			points: 3
		}
	])('$cards scores $points', ({ cards, points }) => {
		expect(cardPoints(cards)).toBe(points);
	});

	it('groups runs ascending', () => {
		expect(runs([12, 5, 11, 6, 30])).toEqual([[5, 6], [11, 12], [30]]);
		expect(longestRun([12, 5, 11, 6, 13, 30])).toBe(3);
	});

	it('final score subtracts the chips left', () => {
		expect(finalScore([8, 9, 10], 5)).toBe(3);
		expect(finalScore([], 11)).toBe(-11);
	});

	it.each([[[2]], [[35]], [[4.5]], [[7, 7]]])(
		'refuses impossible cards %j with a reason',
		(cards) => {
			expect(() => cardPoints(cards)).toThrow(/card|unique|numbered/i);
		}
	);

	it('refuses negative chips', () => {
		expect(() => finalScore([3], -1)).toThrow(/chips/i);
	});
});
