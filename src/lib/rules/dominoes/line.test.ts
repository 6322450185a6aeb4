import { describe, expect, it } from 'vitest';
import {
	allTiles,
	checkLine,
	effectOfEnds,
	fittingEnds,
	lineEnds,
	orient,
	place,
	tileKey
} from './line';
import type { Tile } from './types';

const effect = (line: Tile[]) => effectOfEnds(lineEnds(line)!);

describe('rulebook special rule 1: ends summing to 5 or 10 give another turn', () => {
	it.each([
		{
			line: [
				[6, 3],
				[3, 1],
				[1, 4]
			] as Tile[],
			sum: 10,
			text: '[6-3][3-1][1-4] - ends 6+4=10'
		},
		{
			line: [
				[2, 2],
				[2, 6],
				[6, 1]
			] as Tile[],
			sum: 5,
			text: '[2-2][2-6][6-1] - ends 2+2+1=5'
		},
		{
			line: [
				[0, 4],
				[4, 5]
			] as Tile[],
			sum: 5,
			text: '[0-4][4-5] - ends 0+5=5'
		}
	])('$text', ({ line, sum }) => {
		expect(lineEnds(line)!.sum).toBe(sum);
		expect(effect(line)).toBe('again');
	});
});

describe('rulebook special rule 2: identical ends or a sum of 7 skip the next opponent', () => {
	it.each([
		{
			line: [
				[5, 4],
				[4, 2]
			] as Tile[],
			sum: 7,
			identical: false,
			text: '[5-4][4-2] - 5+2=7'
		},
		{
			line: [
				[4, 6],
				[6, 3],
				[3, 4]
			] as Tile[],
			sum: 8,
			identical: true,
			text: '[4-6][6-3][3-4]'
		},
		{
			line: [
				[1, 4],
				[4, 3],
				[3, 3]
			] as Tile[],
			sum: 7,
			identical: false,
			text: '[1-4][4-3][3-3]'
		},
		{
			line: [
				[6, 6],
				[6, 4],
				[4, 2],
				[2, 6]
			] as Tile[],
			sum: 18,
			identical: true,
			text: '[6-6][6-4][4-2][2-6]'
		}
	])('$text', ({ line, sum, identical }) => {
		expect(lineEnds(line)).toMatchObject({ sum, identical });
		expect(effect(line)).toBe('skip');
	});
});

describe('docs/rulings.md, Pass-Pass 1: ends and their sum', () => {
	it('a double at an end counts both halves: [6-3][3-3] is 6+3+3', () => {
		expect(
			lineEnds([
				[6, 3],
				[3, 3]
			])
		).toEqual({ left: 6, right: 3, sum: 12, identical: false });
	});

	it('doubles at both ends both count twice: [2-2][2-4][4-4] is 4+8', () => {
		expect(
			lineEnds([
				[2, 2],
				[2, 4],
				[4, 4]
			])!.sum
		).toBe(12);
	});

	it('a lone double counts its two halves once each: [5-5] alone is 10, not 20', () => {
		expect(lineEnds([[5, 5]])!.sum).toBe(10);
	});

	it('a lone tile counts its two halves: [2-5] alone is 7', () => {
		expect(lineEnds([[2, 5]])!.sum).toBe(7);
		expect(effect([[2, 5]])).toBe('skip');
	});

	it('a double inside the line does not count', () => {
		expect(
			lineEnds([
				[1, 3],
				[3, 3],
				[3, 2]
			])!.sum
		).toBe(3);
	});

	it('an empty line has no ends', () => {
		expect(lineEnds([])).toBeNull();
	});
});

describe('docs/rulings.md, Pass-Pass 2: identical ends compare open numbers, not doubled sums', () => {
	it('[6-6][6-4][4-2][2-6]: 6 and 6 are identical though they count 12 and 6', () => {
		expect(
			lineEnds([
				[6, 6],
				[6, 4],
				[4, 2],
				[2, 6]
			])
		).toMatchObject({ left: 6, right: 6 });
		expect(
			effect([
				[6, 6],
				[6, 4],
				[4, 2],
				[2, 6]
			])
		).toBe('skip');
	});

	it.each([0, 1, 2, 3, 4, 6])('a lone double of %i has identical ends: skip', (n) => {
		expect(lineEnds([[n, n]])!.identical).toBe(true);
		expect(effect([[n, n]])).toBe('skip');
	});

	it('a lone non-double does not have identical ends', () => {
		expect(lineEnds([[1, 2]])!.identical).toBe(false);
		expect(effect([[1, 2]])).toBe('normal');
	});
});

describe('docs/rulings.md, Pass-Pass 5: both at once is a bonus turn', () => {
	it('a lone [5-5] sums to 10 with identical ends: again', () => {
		expect(effect([[5, 5]])).toBe('again');
	});

	it('ends 5 and 5 sum to 10: again', () => {
		expect(
			effect([
				[5, 3],
				[3, 2],
				[2, 5]
			])
		).toBe('again');
	});
});

describe('rulebook: tiles are added to one end so the touching halves match', () => {
	it('turns a tile to meet the open number at each end', () => {
		expect(orient([3, 5], 'left', 3)).toEqual([5, 3]);
		expect(orient([5, 3], 'left', 3)).toEqual([5, 3]);
		expect(orient([3, 5], 'right', 3)).toEqual([3, 5]);
		expect(orient([5, 3], 'right', 3)).toEqual([3, 5]);
	});

	it('places on the chosen end, or refuses a tile that does not match there', () => {
		const line: Tile[] = [[2, 4]];
		expect(place(line, [4, 6], 'right')).toEqual([
			[2, 4],
			[4, 6]
		]);
		expect(place(line, [6, 2], 'left')).toEqual([
			[6, 2],
			[2, 4]
		]);
		expect(place(line, [4, 6], 'left')).toBeNull();
		expect(place([], [1, 6], 'left')).toEqual([[1, 6]]);
	});

	it('lists the ends a tile fits', () => {
		expect(fittingEnds([[2, 4]], [4, 2])).toEqual(['left', 'right']);
		expect(fittingEnds([[2, 4]], [4, 0])).toEqual(['right']);
		expect(fittingEnds([[2, 4]], [3, 0])).toEqual([]);
		expect(fittingEnds([], [3, 0])).toEqual(['left', 'right']);
	});
});

describe('the double-six set', () => {
	it('has 28 distinct tiles, 7 of them doubles, 168 spots in all', () => {
		const tiles = allTiles();
		expect(tiles).toHaveLength(28);
		expect(new Set(tiles.map(tileKey)).size).toBe(28);
		expect(tiles.filter(([a, b]) => a === b)).toHaveLength(7);
		expect(tiles.reduce((sum, [a, b]) => sum + a + b, 0)).toBe(168);
	});

	it('names a tile the same whatever its orientation', () => {
		expect(tileKey([5, 3])).toBe('3-5');
		expect(tileKey([3, 5])).toBe('3-5');
	});
});

describe('checkLine refuses impossible lines with a readable reason', () => {
	it.each([
		{ line: [], message: /at least one tile/ },
		{
			line: [
				[1, 2],
				[3, 4]
			],
			message: /do not touch.*\[1-2\] ends in 2.*\[3-4\] starts with 3/
		},
		{ line: [[1, 7]], message: /outside 0\.\.6/ },
		{ line: [[-1, 0]], message: /outside 0\.\.6/ },
		{ line: [[1.5, 2]], message: /outside 0\.\.6/ },
		{ line: [[1, 2, 3]], message: /not a pair/ },
		{
			line: [
				[1, 2],
				[2, 1]
			],
			message: /twice/
		},
		{ line: 'x', message: /at least one tile/ }
	])('$line', ({ line, message }) => {
		expect(() => checkLine(line)).toThrow(message);
	});

	it('accepts a line that touches', () => {
		expect(() =>
			checkLine([
				[6, 6],
				[6, 4],
				[4, 2],
				[2, 6]
			])
		).not.toThrow();
	});
});
