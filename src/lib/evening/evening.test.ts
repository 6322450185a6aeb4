import { describe, expect, it } from 'vitest';
import { newId } from '../wire/ids';
import {
	drawNext,
	guestKey,
	startEvening,
	swapInRound,
	whoCanCome,
	withTableMatch
} from './evening';
import { DEFAULT_SCALE } from './tag';

const players = ['Ana', 'Ben', 'Chloé', 'Dan', 'Eva', 'Fred', 'Gus'].map((name) => ({
	key: `id-${name}`,
	name
}));

const evening = () =>
	startEvening({
		id: newId(),
		group: 'club42',
		players,
		game: 'ill-pass',
		rounds: 2,
		scale: DEFAULT_SCALE,
		seed: 9,
		now: 1
	});

describe('an evening on the phone', () => {
	it("starts with its first round drawn: 7 at I'll Pass are a table of 4 and a table of 3", () => {
		const row = evening();
		expect(row.drawn).toHaveLength(1);
		expect(row.drawn[0].tables.map((table) => table.seats.length)).toEqual([4, 3]);
		expect(row.drawn[0].tables.every((table) => table.match === null)).toBe(true);
	});

	it('a late arrival joins from the next round; no round beyond the rounds planned', () => {
		const hugo = { key: guestKey('Hugo'), name: 'Hugo' };
		const next = drawNext(evening(), [...players, hugo], 'ill-pass', 2)!;
		expect(next.drawn[1].tables.flatMap((table) => table.seats)).toContain(hugo.key);
		expect(next.drawn[0].tables.flatMap((table) => table.seats)).not.toContain(hugo.key);
		expect(next.players).toContainEqual(hugo);
		expect(drawNext(next, players, 'ill-pass', 3)).toBeNull();
	});

	it('the next round may be another game: 7 at the dominoes seat 4, three sit out', () => {
		const next = drawNext(evening(), players, 'dominoes', 2)!;
		expect(next.drawn[1].game).toBe('dominoes');
		expect(next.drawn[1].tables.map((table) => table.seats.length)).toEqual([4]);
		expect(next.drawn[1].out).toHaveLength(3);
	});

	it('a swap by hand moves two players; a table whose match started keeps its seats', () => {
		const row = evening();
		const [first, second] = row.drawn[0].tables;
		const swapped = swapInRound(row, 0, first.seats[0], second.seats[0], 2)!;
		expect(swapped.drawn[0].tables[0].seats[0]).toBe(second.seats[0]);
		const started = withTableMatch(row, 0, 0, newId(), 2);
		expect(swapInRound(started, 0, first.seats[0], second.seats[0], 3)).toBeNull();
	});

	it("who can come next round: the evening's players, then the roster's others; a guest made a player by their match is listed once", () => {
		const hugo = { key: guestKey('Hugo'), name: 'Hugo' };
		const row = drawNext(evening(), [...players, hugo], 'ill-pass', 2)!;
		const roster = [{ key: newId(), name: 'hugo' }, { key: newId(), name: 'Inès' }, players[0]];
		expect(whoCanCome(row, roster).map((player) => player.name)).toEqual([
			...players.map((player) => player.name),
			'Hugo',
			'Inès'
		]);
	});
});
