import { afterEach, describe, expect, it } from 'vitest';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { changeText, explainText, provisionalText, ratingText, stakeText } from './words';

afterEach(() => overwriteGetLocale(() => baseLocale));

describe('the ratings in words', () => {
	it.each([
		['en', 1040, '1,040', 18, '+18', -21, '\u221221', 'At stake: win +18 · last place \u221221'],
		[
			'fr',
			1040,
			'1\u202f040',
			18,
			'+18',
			-21,
			'\u221221',
			'En jeu\u202f: victoire +18 · dernière place \u221221'
		]
	] as const)(
		'%s: a rating, a gain, a loss (a true minus sign), the stake line',
		(lang, rating, shown, win, gained, last, lost, line) => {
			overwriteGetLocale(() => lang);
			expect(ratingText(rating)).toBe(shown);
			expect(changeText(win)).toBe(gained);
			expect(changeText(last)).toBe(lost);
			expect(changeText(0)).toBe('±0');
			expect(stakeText({ win, last })).toBe(line);
		}
	);

	it('says where a rating starts and how long it is provisional, in both languages', () => {
		expect(explainText()).toContain('everyone starts at 1,000');
		expect(provisionalText()).toContain('5 matches');
		overwriteGetLocale(() => 'fr');
		expect(explainText()).toContain('chacun part de 1\u202f000');
		expect(provisionalText()).toContain('5 parties');
	});
});
