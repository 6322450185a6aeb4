import { describe, expect, it } from 'vitest';
import { fold } from '$lib/rules/common/testing';
import { illPass, type IllPassAction, type IllPassState } from '$lib/rules/ill-pass';
import { announce } from './announce';

const NAMES = ['Ana', 'Ben', 'Cleo'];
const start = (takerReveals = false) => illPass.setup({ start: 0, takerReveals }, 3);

/** The words for `action` played on `before`. */
function told(before: IllPassState, action: IllPassAction) {
	return announce(action, before, fold(illPass, before, action), NAMES);
}

const reveal = (card: number): IllPassAction => ({ type: 'reveal', card });
const pass: IllPassAction = { type: 'pass' };
const take: IllPassAction = { type: 'take' };

describe("I'll Pass: what just happened, in one line", () => {
	it('a card revealed names who revealed it', () => {
		expect(told(start(), reveal(17))).toEqual({ text: 'Ana revealed 17.', tone: 'normal' });
	});

	it("a pass says how many chips now lie on the card, counted in the plural (docs/rulings.md, I'll Pass 2)", () => {
		const once = fold(illPass, start(), reveal(17));
		expect(told(once, pass).text).toBe('Ana passed on 17: 1 chip on it.');
		const twice = fold(illPass, once, pass);
		expect(told(twice, pass).text).toBe('Ben passed on 17: 2 chips on it.');
	});

	it("a take names the chips taken with the card and who reveals next (docs/rulings.md, I'll Pass 3)", () => {
		const before = fold(illPass, start(), reveal(17), pass, pass);
		expect(told(before, take)).toEqual({
			text: 'Cleo took 17 with 2 chips. Ana reveals the next card.',
			tone: 'normal'
		});
	});

	it('with the house rule the taker reveals next', () => {
		const before = fold(illPass, start(true), reveal(17), pass);
		expect(told(before, take).text).toBe('Ben took 17 with 1 chip. Ben reveals the next card.');
	});

	it("a player left without chips is told they must take (docs/rulings.md, I'll Pass 2)", () => {
		// Ben has spent every chip: the pass before his turn says he must take
		const broke: IllPassState = {
			...start(),
			hands: start().hands.map((hand, seat) => (seat === 1 ? { ...hand, chips: 0 } : hand))
		};
		const news = told(fold(illPass, broke, reveal(30)), pass);
		expect(news.text).toBe(
			'Ana passed on 30: 1 chip on it. Ben has no chips left and must take it.'
		);
		expect(told(broke, reveal(30)).text).toBe('Ana revealed 30.');
	});

	it("the 24th card taken ends the game, and says so (docs/rulings.md, I'll Pass 5)", () => {
		let state = start();
		for (let card = 3; card < 26; card++) state = fold(illPass, state, reveal(card), take);
		const last = fold(illPass, state, reveal(26));
		const news = told(last, take);
		expect(news.text).toMatch(
			/^\w+ took 26 with 0 chips\. That was the last card: the game is over\.$/
		);
		expect(news.tone).toBe('deal');
	});
});
