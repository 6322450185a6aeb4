import { describe, expect, it } from 'vitest';
import { swapPlayers } from './swap';

const round = {
	tables: [
		{ seats: ['a', 'b', 'c'], start: 1 },
		{ seats: ['d', 'e', 'f'], start: 0 }
	],
	out: ['g']
};

describe('evening draw swapped by hand', () => {
	it('two players at two tables change seats; the starting seat stays', () => {
		expect(swapPlayers(round, 'b', 'e')).toEqual({
			tables: [
				{ seats: ['a', 'e', 'c'], start: 1 },
				{ seats: ['d', 'b', 'f'], start: 0 }
			],
			out: ['g']
		});
	});

	it('a player sitting out takes a seat, and its player sits out', () => {
		expect(swapPlayers(round, 'g', 'a')?.tables[0].seats).toEqual(['g', 'b', 'c']);
		expect(swapPlayers(round, 'g', 'a')?.out).toEqual(['a']);
	});

	it('a player not in the round, or one player twice, is no swap', () => {
		expect(swapPlayers(round, 'a', 'z')).toBeNull();
		expect(swapPlayers(round, 'a', 'a')).toBeNull();
	});
});
