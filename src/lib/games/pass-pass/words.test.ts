import { describe, expect, it } from 'vitest';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { card, run, start } from '$lib/rules/pass-pass/test-helpers';
import { whereWords } from './words';

describe('Pass Pass: where the table is, above the panel', () => {
	const ended = () =>
		run(
			start(4, '2x2'),
			{ type: 'won', seat: 0, cards: [card('blue', 9, 3)] },
			{ type: 'endRound' }
		);

	it('a round that is over names no trick: the teams pick, nobody plays (docs/rulings.md, Pass Pass 11)', () => {
		expect(whereWords(ended(), 'tricks')).toBe('Round 1 of 3 is over');
		overwriteGetLocale(() => 'fr');
		try {
			expect(whereWords(ended(), 'tricks')).toBe('Manche 1 sur 3 terminée');
		} finally {
			overwriteGetLocale(() => baseLocale);
		}
	});

	it('during a round: its trick, or its cards won', () => {
		expect(whereWords(start(4), 'tricks')).toBe('Round 1 of 3 · trick 1 of 8');
		const won = run(start(4), { type: 'won', seat: 0, cards: [card('blue', 9, 3)] });
		expect(whereWords(won, 'won')).toBe('Round 1 of 3 · 1 of 24 cards won');
	});
});
