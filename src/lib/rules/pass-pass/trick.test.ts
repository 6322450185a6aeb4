import { describe, expect, it } from 'vitest';
import { explainTrick, resolveTrick, secondWinnerTakes, colorTotals } from './trick';
import type { Card, Color, Play } from './types';

const card = (color: Color, value: number, diamonds = 0): Card => ({ color, value, diamonds });
/** Plays in table order from the leader; seat = position unless given. */
const trick = (...cards: Card[]): Play[] => cards.map((c, player) => ({ player, card: c }));
const values = (takes: Card[][]) => takes.map((take) => take.map((c) => `${c.color}-${c.value}`));

// The rulebook's table: David leads, then Stephanie, Alex, Fiona (Fabienne in French).
const [DAVID, STEPHANIE, ALEX, FIONA] = [0, 1, 2, 3];

describe('rulebook examples (pass-pass-cards.en.txt, "Examples of the 4 different situations")', () => {
	it('Example 1, all one colour: Alex first with the 12, Stephanie second with the 11', () => {
		const plays = trick(
			card('purple', 10),
			card('purple', 11),
			card('purple', 12),
			card('purple', 6)
		);
		expect(resolveTrick(plays)).toEqual({ first: ALEX, second: STEPHANIE });
		expect(explainTrick(plays)).toMatchObject({ firstWhy: 'only-color', secondWhy: 'second-card' });
		// Alex takes the 12; Stephanie gets the two lowest, the 6 and the 10.
		expect(values(secondWinnerTakes(plays, card('purple', 12)))).toEqual([
			['purple-6', 'purple-10']
		]);
	});

	it('Example 2, purple 10 + 6 = 16 beats blue 11 and green 4: David first, Fiona second', () => {
		const plays = trick(card('purple', 10), card('blue', 11), card('green', 4), card('purple', 6));
		expect(resolveTrick(plays)).toEqual({ first: DAVID, second: FIONA });
		expect(explainTrick(plays)).toMatchObject({ firstWhy: 'total', secondWhy: 'second-card' });
		expect(colorTotals(plays)).toEqual({ purple: 16, blue: 11, green: 4, yellow: 0 });
		// David takes the 4; Fiona gets the 6 and the 10.
		expect(values(secondWinnerTakes(plays, card('green', 4)))).toEqual([['purple-6', 'purple-10']]);
	});

	it('Example 3, a lone card on top: Stephanie first, David second (purple 10 beats green 4 + 6)', () => {
		const plays = trick(card('purple', 10), card('blue', 11), card('green', 4), card('green', 6));
		expect(resolveTrick(plays)).toEqual({ first: STEPHANIE, second: DAVID });
		const why = explainTrick(plays);
		expect(why.firstWhy).toBe('total');
		expect(why.secondWhy).toBe('next-group');
		expect(why.groups.map((group) => [group.color, group.total, group.why])).toEqual([
			['blue', 11, 'total'],
			['purple', 10, 'highest-card'],
			['green', 10, null]
		]);
	});

	it('Example 3 with Fiona on the green 7: blue 11 ties green 4 + 7, the 11 wins, Fiona second', () => {
		const plays = trick(card('purple', 10), card('blue', 11), card('green', 4), card('green', 7));
		expect(resolveTrick(plays)).toEqual({ first: STEPHANIE, second: FIONA });
		expect(explainTrick(plays)).toMatchObject({
			firstWhy: 'highest-card',
			secondWhy: 'next-group'
		});
	});

	it('Example 4, purple 10 + 6 ties green 10 + 6 and the 10s tie: David played first, Alex second', () => {
		const plays = trick(card('purple', 10), card('green', 10), card('purple', 6), card('green', 6));
		expect(resolveTrick(plays)).toEqual({ first: DAVID, second: ALEX });
		expect(explainTrick(plays)).toMatchObject({
			firstWhy: 'played-earlier',
			secondWhy: 'second-card'
		});
	});
});

describe('docs/rulings.md, Pass Pass 1: ranking colour groups', () => {
	it.each([
		// [plays, first, second, firstWhy]
		{
			name: '(a) higher total wins',
			plays: [card('blue', 3), card('blue', 4), card('green', 6)],
			first: 1,
			second: 0,
			why: 'total'
		},
		{
			name: '(b) equal totals: the higher single card',
			plays: [card('blue', 3), card('blue', 5), card('green', 8)],
			first: 2,
			second: 1,
			why: 'highest-card'
		},
		{
			name: '(c) equal highest cards: played earlier',
			plays: [card('green', 8), card('blue', 8), card('yellow', 1)],
			first: 0,
			second: 1,
			why: 'played-earlier'
		},
		{
			name: '(c) the leader does not always win it',
			plays: [card('yellow', 1), card('blue', 8), card('green', 8)],
			first: 1,
			second: 2,
			why: 'played-earlier'
		}
	])('$name', ({ plays, first, second, why }) => {
		const explained = explainTrick(trick(...plays));
		expect([explained.first, explained.second]).toEqual([first, second]);
		expect(explained.firstWhy).toBe(why);
	});

	it('(c) also orders the next groups, which picks the second winner', () => {
		// yellow 12 alone on top; blue 5 and green 5 tie on total and highest card; green was first
		const plays = trick(card('green', 5), card('yellow', 12), card('blue', 5));
		expect(resolveTrick(plays)).toEqual({ first: 1, second: 0 });
		expect(explainTrick(plays).groups[1]).toMatchObject({ color: 'green', why: 'played-earlier' });
	});

	it('diamonds never count toward a trick', () => {
		const plays = trick(card('blue', 6, 3), card('green', 7, 0), card('purple', 1, 3));
		expect(resolveTrick(plays)).toEqual({ first: 1, second: 0 });
	});

	it('uses the player numbers given, not positions', () => {
		const plays = [
			{ player: 4, card: card('blue', 2) },
			{ player: 0, card: card('blue', 9) },
			{ player: 2, card: card('green', 1) }
		];
		expect(resolveTrick(plays)).toEqual({ first: 0, second: 4 });
	});
});

describe('docs/rulings.md, Pass Pass 2-3: first and second winner', () => {
	it('2: the highest card of the top group, even when another colour holds a higher card', () => {
		const plays = trick(card('purple', 5), card('purple', 4), card('blue', 8), card('green', 1));
		expect(resolveTrick(plays)).toEqual({ first: 0, second: 1 });
	});

	it('3: a lone top card: the second winner holds the highest card of the next group', () => {
		const plays = trick(card('blue', 3), card('blue', 2), card('yellow', 12), card('purple', 4));
		expect(resolveTrick(plays)).toEqual({ first: 2, second: 0 });
		expect(explainTrick(plays).secondWhy).toBe('next-group');
	});
});

describe('docs/rulings.md, Pass Pass 4-5: the takes', () => {
	it('4: the first winner may take any card, their own included', () => {
		const plays = trick(card('blue', 9), card('blue', 1), card('green', 2));
		expect(values(secondWinnerTakes(plays, card('blue', 9)))).toEqual([['blue-1', 'green-2']]);
		expect(values(secondWinnerTakes(plays, card('blue', 1)))).toEqual([['green-2', 'blue-9']]);
	});

	it('5: with 3 players the second winner takes the two cards left', () => {
		const plays = trick(card('blue', 12), card('blue', 11), card('green', 10));
		expect(values(secondWinnerTakes(plays, card('green', 10)))).toEqual([['blue-11', 'blue-12']]);
	});

	it('5: the two lowest, own card included, the rest discarded', () => {
		const plays = trick(
			card('blue', 12),
			card('blue', 2),
			card('green', 10),
			card('yellow', 7),
			card('purple', 3)
		);
		expect(values(secondWinnerTakes(plays, card('green', 10)))).toEqual([['blue-2', 'purple-3']]);
	});

	it('5: one card below a tie: the lowest plus a choice among the tied cards', () => {
		const plays = trick(
			card('purple', 12),
			card('purple', 3),
			card('blue', 3),
			card('green', 3),
			card('yellow', 1)
		);
		expect(values(secondWinnerTakes(plays, card('purple', 12)))).toEqual([
			['yellow-1', 'purple-3'],
			['yellow-1', 'blue-3'],
			['yellow-1', 'green-3']
		]);
	});

	it('5: three cards tied lowest: any two of them', () => {
		const plays = trick(
			card('purple', 12),
			card('purple', 5),
			card('blue', 5),
			card('green', 5),
			card('yellow', 9)
		);
		expect(values(secondWinnerTakes(plays, card('purple', 12)))).toEqual([
			['purple-5', 'blue-5'],
			['purple-5', 'green-5'],
			['blue-5', 'green-5']
		]);
	});

	it('5: a tie above the two lowest leaves no choice', () => {
		const plays = trick(
			card('purple', 12),
			card('purple', 2),
			card('blue', 2),
			card('green', 5),
			card('yellow', 5)
		);
		expect(values(secondWinnerTakes(plays, card('purple', 12)))).toEqual([['purple-2', 'blue-2']]);
	});
});

describe('invalid tricks throw a readable Error', () => {
	it.each([
		{ name: 'too few plays', plays: trick(card('blue', 1), card('blue', 2)), message: /3 to 6/ },
		{
			name: 'too many plays',
			plays: trick(...[1, 2, 3, 4, 5, 6, 7].map((v) => card('blue', v))),
			message: /3 to 6/
		},
		{
			name: 'a card twice',
			plays: trick(card('blue', 1), card('blue', 1), card('green', 2)),
			message: /twice/
		},
		{
			name: 'value 13',
			plays: trick(card('blue', 13), card('blue', 1), card('green', 2)),
			message: /1 to 12/
		},
		{
			name: 'value 0',
			plays: trick(card('blue', 0), card('blue', 1), card('green', 2)),
			message: /1 to 12/
		},
		{
			name: 'a colour not in the deck',
			plays: trick(card('red' as Color, 3), card('blue', 1), card('green', 2)),
			message: /red/
		},
		{
			name: '4 diamonds',
			plays: trick(card('blue', 3, 4), card('blue', 1), card('green', 2)),
			message: /diamonds/
		},
		{
			name: 'a player twice',
			plays: [0, 1, 1].map((player, v) => ({ player, card: card('blue', v + 1) })),
			message: /twice/
		},
		{
			name: 'a negative player',
			plays: [0, 1, -1].map((player, v) => ({ player, card: card('blue', v + 1) })),
			message: /player/
		}
	])('$name', ({ plays, message }) => {
		expect(() => resolveTrick(plays)).toThrow(message);
	});

	it('a first pick that was not played', () => {
		const plays = trick(card('blue', 1), card('blue', 2), card('green', 3));
		expect(() => secondWinnerTakes(plays, card('green', 4))).toThrow(/not played/);
	});
});
