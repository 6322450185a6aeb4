import { describe, expect, it } from 'vitest';
import { beats, classify, setLabel, setName } from './sets';
import type { PlayedSet, Rank, SetType } from './types';

const values = (text: string) => (text ? text.split(' ') : []) as Rank[];
const set = (type: SetType, rank: Rank): PlayedSet => ({ type, rank });

describe('docs/rulings.md, PASS 2: every set type', () => {
	it.each([
		['7', set('plain', '7')],
		['A', set('plain', 'A')],
		['9 9', set('pair', '9')],
		['3 3 3', set('three', '3')],
		['10 10 10 10', set('four', '10')],
		['K K K K K', set('trump', 'K')],
		['9 9 9 4 4', set('fullHouse', '9')],
		['4 9 4 9 9', set('fullHouse', '9')], // order entered does not matter
		['2 2 A A A', set('fullHouse', 'A')],
		['6 7 8 9 10', set('straight', '10')],
		['10 6 8 7 9', set('straight', '10')]
	])('%s is %j', (shown, expected) => {
		expect(classify(values(shown))).toEqual(expected);
	});

	it.each(['', '9 8', '9 9 8', '9 9 8 8', '9 9 8 8 7', '9 9 9 9 8', '2 3 4 5 7', '2 3 4 5 6 7'])(
		'"%s" forms no set',
		(shown) => {
			expect(classify(values(shown))).toBeNull();
		}
	);

	it('throws for a value that is not a rank, with a readable message', () => {
		expect(() => classify(['1'] as unknown as Rank[])).toThrow(/"1" is not a rank/);
		expect(() => classify(['9', 'T'] as unknown as Rank[])).toThrow(/not a rank/);
		expect(() => classify('9 9' as unknown as Rank[])).toThrow(/list of ranks/);
	});
});

describe('docs/rulings.md, PASS 1: a doubled face counts as two values', () => {
	it('one "22" card is a pair; "22" with two 2s is four of a kind', () => {
		// the app is given values as shown, so a doubled face is simply two values
		expect(classify(values('2 2'))).toEqual(set('pair', '2'));
		expect(classify(values('2 2 2 2'))).toEqual(set('four', '2'));
		expect(classify(values('Q Q Q Q Q'))).toEqual(set('trump', 'Q'));
	});
});

describe('docs/rulings.md, PASS 2-3: straight edges', () => {
	it('A-2-3-4-5 is the lowest straight and tops at 5', () => {
		expect(classify(values('A 2 3 4 5'))).toEqual(set('straight', '5'));
		expect(classify(values('5 4 3 2 A'))).toEqual(set('straight', '5'));
		expect(beats(set('straight', '6'), set('straight', '5'))).toBe(true);
		expect(beats(set('straight', '5'), set('straight', '6'))).toBe(false);
	});

	it('10-J-Q-K-A is the highest straight', () => {
		expect(classify(values('10 J Q K A'))).toEqual(set('straight', 'A'));
		expect(beats(set('straight', 'A'), set('straight', 'K'))).toBe(true);
		expect(beats(set('straight', 'K'), set('straight', 'A'))).toBe(false);
	});

	it.each(['J Q K A 2', 'Q K A 2 3', 'K A 2 3 4', 'A 2 3 4 6'])(
		'no wrap-around, A never in the middle: %s is no set',
		(shown) => {
			expect(classify(values(shown))).toBeNull();
		}
	);

	it('no straight tops below 5', () => {
		expect(() => beats(set('straight', '4'), set('straight', '6'))).toThrow(/lowest.*tops at 5/);
	});
});

describe('docs/rulings.md, PASS 3-4: order within a type', () => {
	it.each([
		['plain', '3', '2'],
		['pair', 'A', 'K'],
		['three', '10', '9'],
		['fullHouse', '5', '4'], // by the three of a kind, whatever the pair
		['four', 'J', '10'],
		['trump', '3', '2']
	] as [SetType, Rank, Rank][])('%s of %s beats %s, not the other way', (type, high, low) => {
		expect(beats(set(type, high), set(type, low))).toBe(true);
		expect(beats(set(type, low), set(type, high))).toBe(false);
	});

	it('a full house is ordered by its three: 5 5 5 2 2 beats 4 4 4 A A', () => {
		expect(beats(classify(values('5 5 5 2 2'))!, classify(values('4 4 4 A A'))!)).toBe(true);
	});

	it('other types never beat each other: a pair does not beat a plain', () => {
		expect(beats(set('pair', 'A'), set('plain', '2'))).toBe(false);
		expect(beats(set('straight', 'A'), set('three', '2'))).toBe(false);
		expect(beats(set('fullHouse', 'A'), set('straight', '6'))).toBe(false);
	});
});

describe('docs/rulings.md, PASS 4: bombs', () => {
	const others = (['plain', 'pair', 'three', 'straight', 'fullHouse'] as const).map((type) =>
		set(type, 'A')
	);

	it('four of a kind beats any other type except a trump', () => {
		for (const other of others) expect(beats(set('four', '2'), other)).toBe(true);
		expect(beats(set('four', 'A'), set('trump', '2'))).toBe(false);
	});

	it('a trump beats every other type, four of a kind included', () => {
		for (const other of [...others, set('four', 'A')])
			expect(beats(set('trump', '2'), other)).toBe(true);
	});

	it('nothing else beats a bomb', () => {
		for (const other of others) {
			expect(beats(other, set('four', '2'))).toBe(false);
			expect(beats(other, set('trump', '2'))).toBe(false);
		}
	});

	it.each(['plain', 'pair', 'three', 'straight', 'fullHouse', 'four', 'trump'] as SetType[])(
		'an equal %s never beats without tokens',
		(type) => {
			expect(beats(set(type, '9'), set(type, '9'))).toBe(false);
		}
	);

	it('throws for a set that is not one', () => {
		expect(() => beats({ type: 'flush', rank: '9' } as never, set('pair', '9'))).toThrow(
			/type "flush"/
		);
		expect(() => beats(set('pair', '9'), { type: 'pair', rank: '1' } as never)).toThrow(/rank "1"/);
	});
});

describe('set names for the screen', () => {
	it.each([
		[set('fullHouse', '9'), 'full house, nines'],
		[set('plain', 'A'), 'plain ace'],
		[set('pair', '6'), 'pair, sixes'],
		[set('straight', '5'), 'straight, five high'],
		[set('trump', 'Q'), 'trump, queens']
	])('%j is "%s"', (played, label) => {
		expect(setLabel(played)).toBe(label);
	});

	it('gives a phrase to translate', () => {
		expect(setName(set('fullHouse', '9'))).toEqual({
			code: 'set-fullHouse',
			params: { rank: '9' }
		});
	});
});
