import { describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';
import { fold } from '$lib/rules/common/testing';
import { climbing, type ClimbingAction, type ClimbingState, type Rank } from '$lib/rules/climbing';
import { announce } from './announce';

const NAMES = ['Ana', 'Ben', 'Cleo'];
const begun = () => climbing.setup({ mode: 'basic', tokens: 40, starter: 0 }, 3);
const put = (seat: number, ...values: Rank[]): ClimbingAction => ({
	type: 'play',
	seat,
	values,
	cards: values.length,
	upgrade: false,
	augment: 0
});
const pass = (seat: number): ClimbingAction => ({ type: 'pass', seat });

/** The line after `action` on `before`, with the log's words for it. */
const told = (said: string, before: ClimbingState, action: ClimbingAction) =>
	announce(said, action, before, fold(climbing, before, action), NAMES);

describe('PASS: what just happened, in one line', () => {
	it('a set played is told in the log words, ended as a sentence', () => {
		expect(told('Ana played a nine (9; 1 card)', begun(), put(0, '9'))).toEqual({
			text: 'Ana played a nine (9; 1 card).',
			tone: 'normal'
		});
	});

	it('docs/rulings.md, PASS 8: when all the others have passed, the last player in leads a new round', () => {
		const before = fold(climbing, begun(), put(0, '9'), pass(1));
		const news = told('Cleo passed and took a token', before, pass(2));
		expect(news).toEqual({
			text: 'Cleo passed and took a token. Round 2: all the others passed, so Ana leads.',
			tone: 'skip'
		});
	});

	it('a player who goes out wins the game, and the line says so', () => {
		const lastCard: ClimbingState = { ...begun(), hands: [1, 13, 13] };
		const news = told('Ana played a nine (9; 1 card)', lastCard, put(0, '9'));
		expect(news.text).toBe('Ana played a nine (9; 1 card). Game 1: Ana played their last card.');
		expect(news.tone).toBe('deal');
	});

	it('a game entered on the score pad is said once: who played out, not again as a last card', () => {
		const said = m.sp_cl_log_tally({ game: 1, name: 'Ben' });
		const entered: ClimbingAction = { type: 'tally', winner: 1 };
		const news = told(said, begun(), entered);
		expect(news).toEqual({
			text: 'Game 1 entered on the score pad: Ben played out their hand.',
			tone: 'deal'
		});
		expect(news.text.match(/Ben/g)).toHaveLength(1);
	});
});
