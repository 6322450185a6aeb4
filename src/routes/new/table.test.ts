import { describe, expect, it } from 'vitest';
import { gameEntry, playersText } from '$lib/games/catalog';
import { checkTable, fitSeats } from './table';

const players = (id: string) => gameEntry(id)!.players;

describe('the new-match table fits the game', () => {
	it('Pass-Pass (dominoes) opens with 4 seats, Pass Pass with 3', () => {
		expect(fitSeats(['', '', ''], players('dominoes'))).toEqual(['', '', '', '']);
		expect(fitSeats(['', '', ''], players('pass-pass'))).toEqual(['', '', '']);
		expect(fitSeats(['Ana', 'Ben'], players('pass-pass'))).toEqual(['Ana', 'Ben', '']);
	});

	it('drops empty seats beyond the maximum, never a typed name', () => {
		expect(fitSeats(['Ana', '', 'Ben', '', ''], players('dominoes'))).toEqual([
			'Ana',
			'',
			'Ben',
			''
		]);
		const six = ['A', 'B', 'C', 'D', 'E', 'F'];
		expect(fitSeats(six, players('dominoes'))).toEqual(six);
	});

	it('a count refusal says "4 players" for a game played by exactly 4', () => {
		expect(checkTable(gameEntry('dominoes')!, ['A', 'B', 'C'])).toBe('Pass-Pass is for 4 players.');
		expect(checkTable(gameEntry('pass-pass')!, ['A', 'B'])).toBe(
			'Pass Pass is for 3 to 6 players.'
		);
	});
});

describe('player counts as players say them', () => {
	it('"4 players", never "4–4"; a range stays a range', () => {
		expect(playersText(players('dominoes'))).toBe('4 players');
		expect(playersText(players('pass-pass'))).toBe('3–6 players');
	});
});
