import { describe, expect, it } from 'vitest';
import { lineWithEnds, tableWithEnds, type OpenEnd } from './ends';
import { dominoes, endChoices, turnEffect } from './index';
import { allTiles, checkLine, isDouble, lineEnds, tileKey } from './line';
import type { End, Tile } from './types';

const number = (value: number): OpenEnd => ({ number: value, double: false });
const double = (value: number): OpenEnd => ({ number: value, double: true });

/** What the reducer says of the tile played at that end of a line with these ends. */
function asked(left: OpenEnd, right: OpenEnd, tile: Tile, end?: End) {
	const table = tableWithEnds({ left, right }, tile);
	const result = dominoes.apply(table, end ? { type: 'play', tile, end } : { type: 'play', tile });
	if (!result.ok) throw new Error(result.refusal.code);
	const effect = turnEffect([...result.value.line]);
	return { sum: effect.sum, again: effect.again, skip: effect.skip, next: result.value.seat };
}

describe('docs/rulings.md, Pass-Pass 1: a double at an end counts both halves, asked end by end', () => {
	it.each([
		{
			text: 'ends 3 and 1, tile 1-4: 3+4 = 7, the next opponent is skipped',
			left: number(3),
			right: number(1),
			tile: [1, 4] as Tile,
			sum: 7,
			again: false,
			skip: true
		},
		{
			text: 'the 3 is a [3-3], tile 1-4: 3+3+4 = 10, a bonus turn',
			left: double(3),
			right: number(1),
			tile: [1, 4] as Tile,
			sum: 10,
			again: true,
			skip: false
		},
		{
			text: '[6-3] and the [3-3] laid against its 3: 6+3+3 = 12, nothing happens',
			left: number(6),
			right: number(3),
			tile: [3, 3] as Tile,
			sum: 12,
			again: false,
			skip: false
		},
		{
			text: 'ends 6 (a [6-6]) and 2, the [2-6] laid against the 2: ends 6 and 6 are identical, skip',
			left: double(6),
			right: number(2),
			tile: [2, 6] as Tile,
			end: 'right' as End,
			sum: 18,
			again: false,
			skip: true
		}
	])('$text', ({ left, right, tile, sum, again, skip, ...where }) => {
		expect(asked(left, right, tile, 'end' in where ? where.end : undefined)).toMatchObject({
			sum,
			again,
			skip
		});
	});

	it('the line built for a question has those ends: [6-3][3-3] sums 12, a double counting both halves', () => {
		const line = lineWithEnds(number(6), double(3));
		expect(lineEnds(line)).toMatchObject({ left: 6, right: 3, sum: 12 });
	});
});

describe('docs/rulings.md, Pass-Pass 1-2: equal ends are two numbers or the lone double', () => {
	it('ends 5 and 5, two numbers, tile 0-5 at either end: 0+5 = 5, a bonus turn', () => {
		for (const end of ['left', 'right'] as const)
			expect(asked(number(5), number(5), [0, 5], end)).toMatchObject({ sum: 5, again: true });
	});

	it('a lone [5-5], tile 0-5 at either end: 0+5+5 = 10, a bonus turn', () => {
		expect(lineWithEnds(double(5), double(5))).toEqual([[5, 5]]);
		for (const end of ['left', 'right'] as const)
			expect(asked(double(5), double(5), [0, 5], end)).toMatchObject({ sum: 10, again: true });
	});

	it('ends 5 and 4 (a [4-4]), tile 0-5: 0+4+4 = 8, nothing happens', () => {
		expect(asked(number(5), double(4), [0, 5])).toMatchObject({
			sum: 8,
			again: false,
			skip: false
		});
	});
});

describe('docs/rulings.md, Pass-Pass 5: ends 5 and 5 are both at once, and the bonus turn wins', () => {
	it('ends 5 and 3, tile 3-5 against the 3: ends 5 and 5, sum 10, Player 1 plays again', () => {
		expect(asked(number(5), number(3), [3, 5], 'right')).toEqual({
			sum: 10,
			again: true,
			skip: false,
			next: 0
		});
	});
});

describe("docs/rulings.md, Pass-Pass 1: the deal's first tile counts its two halves once each", () => {
	it.each([
		{ tile: [5, 5] as Tile, sum: 10, effect: 'again' },
		{ tile: [2, 5] as Tile, sum: 7, effect: 'skip' },
		{ tile: [3, 3] as Tile, sum: 6, effect: 'skip' },
		{ tile: [1, 3] as Tile, sum: 4, effect: 'normal' }
	])('[$tile] alone: sum $sum, $effect', ({ tile, sum, effect }) => {
		const result = dominoes.apply(tableWithEnds(null), { type: 'play', tile });
		if (!result.ok) throw new Error(result.refusal.code);
		expect(lineEnds(result.value.line)!.sum).toBe(sum);
		expect(result.value.lastPlay?.effect).toBe(effect);
	});
});

describe('a question about a tile, for every pair of ends and every tile', () => {
	it('the line is whole, has the ends asked, and keeps the tile off unless an end is that double', () => {
		const ends = allTiles()
			.flatMap(([a, b]) => [
				[a, b],
				[b, a]
			])
			.flatMap(([a, b]) =>
				[false, true].flatMap((one) =>
					[false, true].map((other) => [
						{ number: a, double: one },
						{ number: b, double: other }
					])
				)
			);
		for (const [left, right] of ends)
			for (const tile of allTiles()) {
				const line = lineWithEnds(left, right, tile);
				checkLine(line);
				const open = lineEnds(line)!;
				expect([open.left, open.right]).toEqual([left.number, right.number]);
				expect(isDouble(line[0]) && line.length > 1).toBe(left.double && line.length > 1);
				expect(isDouble(line[line.length - 1]) && line.length > 1).toBe(
					right.double && line.length > 1
				);
				const needed =
					isDouble(tile) && [left, right].some((end) => end.double && end.number === tile[0]);
				expect(line.some((one) => tileKey(one) === tileKey(tile))).toBe(needed);
				// every fitting end is one the reducer plays the tile at
				expect(endChoices(tableWithEnds({ left, right }, tile), tile).length).toBeLessThanOrEqual(
					2
				);
			}
	});

	it('an end outside 0..6 is refused with a reason', () => {
		expect(() => lineWithEnds(number(7), number(1))).toThrow('left end must be a number 0..6');
	});
});
