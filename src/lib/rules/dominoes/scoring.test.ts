import { describe, expect, it } from 'vitest';
import { blockedPoints, dealPoints, nextSeat, teamOf, turnEffect } from './index';
import type { Tile } from './types';

describe('docs/contract.md, turnEffect: the rulebook examples', () => {
	it.each([
		{
			line: [
				[6, 3],
				[3, 1],
				[1, 4]
			],
			sum: 10,
			again: true,
			skip: false
		},
		{
			line: [
				[2, 2],
				[2, 6],
				[6, 1]
			],
			sum: 5,
			again: true,
			skip: false
		},
		{
			line: [
				[0, 4],
				[4, 5]
			],
			sum: 5,
			again: true,
			skip: false
		},
		{
			line: [
				[5, 4],
				[4, 2]
			],
			sum: 7,
			again: false,
			skip: true
		},
		{
			line: [
				[4, 6],
				[6, 3],
				[3, 4]
			],
			sum: 8,
			again: false,
			skip: true
		},
		{
			line: [
				[1, 4],
				[4, 3],
				[3, 3]
			],
			sum: 7,
			again: false,
			skip: true
		},
		{
			line: [
				[6, 6],
				[6, 4],
				[4, 2],
				[2, 6]
			],
			sum: 18,
			again: false,
			skip: true
		}
	] as { line: Tile[]; sum: number; again: boolean; skip: boolean }[])(
		'$line -> sum $sum',
		({ line, sum, again, skip }) => {
			expect(turnEffect(line)).toEqual({ sum, again, skip });
		}
	);

	it('a normal line neither repeats nor skips', () => {
		expect(
			turnEffect([
				[6, 3],
				[3, 2]
			])
		).toEqual({ sum: 8, again: false, skip: false });
	});

	it('docs/rulings.md, Pass-Pass 1: [5-5] alone is 10, [2-5] alone is 7', () => {
		expect(turnEffect([[5, 5]]).sum).toBe(10);
		expect(turnEffect([[2, 5]])).toEqual({ sum: 7, again: false, skip: true });
	});

	it('docs/rulings.md, Pass-Pass 3: a sum of 5 or of 10 is a bonus turn', () => {
		expect(turnEffect([[1, 4]])).toEqual({ sum: 5, again: true, skip: false });
		expect(turnEffect([[4, 6]])).toEqual({ sum: 10, again: true, skip: false });
	});

	it('docs/rulings.md, Pass-Pass 4: identical ends skip whatever their sum', () => {
		expect(
			turnEffect([
				[0, 3],
				[3, 1],
				[1, 0]
			])
		).toEqual({ sum: 0, again: false, skip: true });
	});

	it('docs/rulings.md, Pass-Pass 5: ends 5 and 5 (or a lone [5-5]) are again, and skip is false', () => {
		expect(
			turnEffect([
				[5, 3],
				[3, 2],
				[2, 5]
			])
		).toEqual({ sum: 10, again: true, skip: false });
		expect(turnEffect([[5, 5]])).toEqual({ sum: 10, again: true, skip: false });
	});

	it.each([
		{ line: [], message: /at least one tile/ },
		{
			line: [
				[1, 2],
				[3, 4]
			],
			message: /do not touch/
		},
		{ line: [[0, 7]], message: /0\.\.6/ },
		{ line: [[2, 1]], message: null }
	] as { line: Tile[]; message: RegExp | null }[])(
		'checks its line: $line',
		({ line, message }) => {
			if (message) expect(() => turnEffect(line)).toThrow(message);
			else expect(turnEffect(line).sum).toBe(3);
		}
	);
});

describe('docs/contract.md, nextSeat (docs/rulings.md, Pass-Pass 3-5): seats 0..3 clockwise', () => {
	const normal = { again: false, skip: false };
	const again = { again: true, skip: false };
	const skip = { again: false, skip: true };
	it.each([
		{ seat: 0, effect: normal, next: 1 },
		{ seat: 3, effect: normal, next: 0 },
		{ seat: 2, effect: again, next: 2 },
		{ seat: 0, effect: skip, next: 2 },
		{ seat: 1, effect: skip, next: 3 },
		{ seat: 3, effect: skip, next: 1 },
		{ seat: 2, effect: { again: true, skip: true }, next: 2 }
	])('seat $seat with $effect -> $next', ({ seat, effect, next }) => {
		expect(nextSeat(seat, effect)).toBe(next);
	});

	it('a skip always lands on the partner, of the same team', () => {
		for (const seat of [0, 1, 2, 3]) expect(teamOf(nextSeat(seat, skip))).toBe(teamOf(seat));
	});

	it.each([-1, 4, 1.5, NaN])('refuses seat %s', (seat) => {
		expect(() => nextSeat(seat, normal)).toThrow(/Seat must be 0, 1, 2 or 3/);
	});

	it('refuses an effect that is not one', () => {
		expect(() => nextSeat(0, null as never)).toThrow(/effect/);
		expect(() => nextSeat(0, { again: 1 } as never)).toThrow(/effect/);
	});
});

describe('docs/contract.md, dealPoints (docs/rulings.md, Pass-Pass 7)', () => {
	const hands: Tile[][] = [
		[],
		[
			[6, 6],
			[0, 1]
		],
		[[5, 4]],
		[[3, 2]]
	];

	it('domino: the team that went out scores 0 whatever the partner holds', () => {
		// seat 0 went out; partner seat 2 still holds [5-4]; team 1 holds 12 + 1 + 5 spots
		expect(dealPoints(hands, 0)).toEqual([0, 18]);
	});

	it("domino: the losers count both partners' spots", () => {
		expect(
			dealPoints(
				[
					[[1, 1]],
					[],
					[
						[6, 5],
						[0, 0]
					],
					[[4, 4]]
				],
				1
			)
		).toEqual([13, 0]);
	});

	it('blocked: 1 point per tile left in each team, whatever the spots', () => {
		expect(
			dealPoints(
				[
					[[6, 6]],
					[
						[0, 0],
						[0, 1]
					],
					[
						[6, 5],
						[5, 5]
					],
					[[1, 2]]
				],
				null
			)
		).toEqual([3, 3]);
		expect(blockedPoints([1, 2, 4, 1])).toEqual([5, 3]);
	});

	it.each([
		{ hands: [[], [], []], wentOut: 0, message: /4 seats/ },
		{ hands: [[], [[6, 6]], [[6, 6]], []], wentOut: 0, message: /twice/ },
		{ hands: [[], [[6, 7]], [], []], wentOut: 0, message: /not a tile/ },
		{ hands: [[[1, 2]], [[3, 3]], [], [[4, 4]]], wentOut: 0, message: /hand must be empty/ },
		{ hands: [[[1, 2]], [[3, 3]], [], [[4, 4]]], wentOut: 4, message: /0\.\.3 or null/ },
		{ hands: [[[1, 2]], [[3, 3]], [], [[4, 4]]], wentOut: null, message: /seat 2 has none/ }
	] as { hands: Tile[][]; wentOut: number | null; message: RegExp }[])(
		'refuses $hands with $wentOut',
		({ hands, wentOut, message }) => {
			expect(() => dealPoints(hands, wentOut)).toThrow(message);
		}
	);
});
