import { describe, expect, it } from 'vitest';
import { byColor, parseCard, passPassCount, roundPoints } from './cards';
import type { Card, Color } from './types';

const card = (color: Color, value: number, diamonds = 0): Card => ({ color, value, diamonds });

// Rulebook "Round end" example: 6 cards, 3 diamonds on them, one Pass Pass.
const example = [
	card('purple', 2, 1),
	card('purple', 9),
	card('blue', 4, 2),
	card('green', 7),
	card('green', 11),
	card('yellow', 5)
];

describe('docs/rulings.md, Pass Pass 7: Pass Pass ticks = complete sets of four colours', () => {
	it.each([
		{ name: 'nothing won', cards: [], ticks: 0 },
		{
			name: 'three colours only',
			cards: [card('purple', 1), card('blue', 1), card('green', 1)],
			ticks: 0
		},
		{ name: 'the rulebook example: one set', cards: example, ticks: 1 },
		{
			name: 'the rulebook example plus a blue and a yellow: two sets',
			cards: [...example, card('blue', 12), card('yellow', 6)],
			ticks: 2
		},
		{
			name: 'the smallest colour count decides',
			cards: [1, 2, 3, 4, 5]
				.map((v) => card('purple', v))
				.concat(card('blue', 1), card('green', 1), card('yellow', 1)),
			ticks: 1
		}
	])('$name: $ticks', ({ cards, ticks }) => {
		expect(passPassCount(cards)).toBe(ticks);
	});
});

describe('docs/rulings.md, Pass Pass 9: round points = 1 per card + 1 per diamond', () => {
	it('the rulebook example scores 6 + 3 = 9', () => {
		expect(roundPoints(example)).toBe(9);
	});

	it.each([
		{ cards: [], points: 0 },
		{ cards: [card('blue', 3, 3)], points: 4 },
		{ cards: [card('blue', 3), card('green', 3)], points: 2 }
	])('$cards.length cards score $points', ({ cards, points }) => {
		expect(roundPoints(cards)).toBe(points);
	});
});

describe('invalid cards throw a readable Error', () => {
	it.each([
		{ cards: [card('blue', 3), card('blue', 3, 1)], message: /twice/ },
		{ cards: [card('blue', 13)], message: /1 to 12/ },
		{ cards: [card('blue', 2.5)], message: /1 to 12/ },
		{ cards: [card('blue', 2, -1)], message: /diamonds/ },
		{ cards: [card('orange' as Color, 2)], message: /orange/ }
	])('$message', ({ cards, message }) => {
		expect(() => passPassCount(cards)).toThrow(message);
		expect(() => roundPoints(cards)).toThrow(message);
	});
});

describe('card helpers', () => {
	it('groups by colour, lowest first', () => {
		expect(byColor(example).green.map((c) => c.value)).toEqual([7, 11]);
		expect(byColor(example).purple.map((c) => c.value)).toEqual([2, 9]);
	});

	it('reads a card from a payload, dropping unknown fields', () => {
		expect(parseCard({ color: 'blue', value: 4, diamonds: 2, extra: 1 })).toEqual({
			ok: true,
			value: { color: 'blue', value: 4, diamonds: 2 }
		});
		expect(parseCard({ color: 'blue', value: 4 })).toMatchObject({
			refusal: { code: 'bad-diamonds' }
		});
		expect(parseCard('blue-4')).toMatchObject({ refusal: { code: 'malformed-action' } });
	});
});
