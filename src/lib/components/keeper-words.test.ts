import { afterAll, describe, expect, it } from 'vitest';
import { getLocale, overwriteGetLocale, type Locale } from '$lib/paraglide/runtime';
import { REFUSALS } from '$lib/wire/append';
import { keeperWords, type WordedRefusal } from './keeper-words';

// Every word the keeper answers (a live table's or a group's match) has its sentence in English
// and French, never its code; `moved` and `refused` are worded elsewhere (keeper-words.ts).
const worded = REFUSALS.filter((why) => why !== 'moved' && why !== 'refused') as WordedRefusal[];
const original = getLocale;
afterAll(() => overwriteGetLocale(original));

describe('the keeper’s refusals, worded', () => {
	it.each(worded)('keeper words: %s reads as a sentence in both languages', (why) => {
		const said = new Map<Locale, string>();
		for (const locale of ['en', 'fr'] as Locale[]) {
			overwriteGetLocale(() => locale);
			const text = keeperWords(why);
			expect(text.trim().length, locale).toBeGreaterThan(10);
			// a code of two words (`not-over`) is never shown; `full` is a plain word too
			if (why.includes('-')) expect(text, `${locale}: the internal code`).not.toContain(why);
			expect(text, locale).toMatch(/[.!?]$/);
			said.set(locale, text);
		}
		expect(said.get('fr')).not.toBe(said.get('en'));
	});

	it('keeper words: each of a group’s refusals says its own thing', () => {
		overwriteGetLocale(() => 'en');
		const texts = worded.map(keeperWords);
		expect(new Set(texts).size).toBe(texts.length);
	});
});
