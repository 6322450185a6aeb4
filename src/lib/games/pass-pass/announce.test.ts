import { describe, expect, it } from 'vitest';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { card, run, set, start } from '$lib/rules/pass-pass/test-helpers';
import type { PassPassAction, PassPassState } from '$lib/rules/pass-pass';
import { announce } from './announce';

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];

/** The words for `action` played on `before`. */
function told(before: PassPassState, action: PassPassAction) {
	return announce(action, before, run(before, action), NAMES);
}

const eight = (value: number) =>
	(['purple', 'blue', 'green', 'yellow'] as const).flatMap((color) => [
		card(color, value),
		card(color, value + 1)
	]);

describe('Pass Pass: what just happened, in one line', () => {
	it('a card played, with its diamonds', () => {
		const news = told(start(4), { type: 'play', card: card('purple', 10, 1) });
		expect(news).toEqual({ text: 'Ana played Purple 10 (◆\u00a01).', tone: 'normal' });
	});

	it('a trick resolved: who took what, and what was discarded (docs/rulings.md, Pass Pass 4, 5)', () => {
		const before = run(
			start(4),
			{ type: 'play', card: card('purple', 10) },
			{ type: 'play', card: card('purple', 11) },
			{ type: 'play', card: card('blue', 3) },
			{ type: 'play', card: card('green', 1) }
		);
		const news = told(before, { type: 'firstTake', card: card('purple', 11) });
		expect(news.text).toBe(
			'Ben took Purple 11, Ana took Green 1 + Blue 3. Discarded for the round: Purple 10.'
		);
	});

	it('two Pass Passes at once are one line, counted in the plural (docs/rulings.md, Pass Pass 7)', () => {
		const news = told(start(4), { type: 'won', seat: 0, cards: eight(1) });
		expect(news.text).toContain('Ana ticks 2 Pass Passes at once! 2 of 3.');
		expect(news.tone).toBe('again');
	});

	it('one Pass Pass is said in the singular', () => {
		const news = told(start(4), {
			type: 'won',
			seat: 1,
			cards: eight(1).filter((_, at) => at % 2 === 0)
		});
		expect(news.text).toContain('Ben ticks a Pass Pass! 1 of 3.');
	});

	it('a round that ends names who leads the next one; after round 3 there is no next round', () => {
		const give = (value: number): PassPassAction => ({
			type: 'won',
			seat: 2,
			cards: [card('purple', value)]
		});
		const first = told(run(start(4), give(1)), { type: 'endRound' });
		expect(first.text).toMatch(/^Round 1 is over\. \w+ leads round 2\.$/);
		const third = run(
			start(4),
			give(1),
			{ type: 'endRound' },
			give(2),
			{ type: 'endRound' },
			give(3)
		);
		const last = told(third, { type: 'endRound' });
		expect(last.text).toBe('Round 3 is over: that was the last round.');
		expect(last.text).not.toMatch(/next|round 4/);
	});

	it('each sentence of the line ends with its full stop: cards won, then a tick', () => {
		const news = told(start(4), { type: 'won', seat: 0, cards: set(1) });
		expect(news.text).toBe(
			'Ana won Purple 1 + Blue 1 + Green 1 + Yellow 1. Ana ticks a Pass Pass! 1 of 3.'
		);
	});

	it("a team's pick that closes the round is a sentence of its own, in French too (d'Hugo)", () => {
		const names = ['Hugo', 'Ben', 'Cleo', 'Dan'];
		const picked = run(
			start(4, '2x2'),
			{ type: 'won', seat: 0, cards: [card('blue', 9, 3)] },
			{ type: 'won', seat: 1, cards: [card('blue', 8, 3)] },
			{ type: 'endRound' },
			{ type: 'teamPick', team: 1, seat: 1 }
		);
		const action: PassPassAction = { type: 'teamPick', team: 0, seat: 0 };
		overwriteGetLocale(() => 'fr');
		try {
			const news = announce(action, picked, run(picked, action), names);
			expect(news.text).toMatch(/^L'équipe 1 a noté le score d'Hugo\. La manche 1 est terminée\./);
		} finally {
			overwriteGetLocale(() => baseLocale);
		}
	});
});
