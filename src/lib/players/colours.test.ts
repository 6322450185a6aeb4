import { describe, expect, it } from 'vitest';
import { BACKGROUNDS, COLOURS, PALETTE, colourCss, colourOf, contrast } from './colours';
import { COLOUR_NAMES } from './words';

describe('the palette', () => {
	it.each(COLOURS)('%s stands 3:1 or more on every light and every dark background', (key) => {
		for (const theme of ['light', 'dark'] as const) {
			for (const background of BACKGROUNDS[theme]) {
				expect(
					contrast(PALETTE[key][theme], background),
					`${key} on ${background}`
				).toBeGreaterThanOrEqual(3);
			}
		}
	});

	it('holds 8 to 10 colours, every key a backup accepts (/^[a-z-]{1,20}$/)', () => {
		expect(COLOURS.length).toBeGreaterThanOrEqual(8);
		expect(COLOURS.length).toBeLessThanOrEqual(10);
		for (const key of COLOURS) expect(key).toMatch(/^[a-z-]{1,20}$/);
	});

	it('names every colour in words, differently in English and French', () => {
		const en = COLOURS.map((key) => COLOUR_NAMES[key]({}, { locale: 'en' }));
		const fr = COLOURS.map((key) => COLOUR_NAMES[key]({}, { locale: 'fr' }));
		expect(new Set(en).size).toBe(COLOURS.length);
		expect(new Set(fr).size).toBe(COLOURS.length);
		expect(en[COLOURS.indexOf('teal')]).toBe('Teal');
		expect(fr[COLOURS.indexOf('teal')]).toBe('Sarcelle');
	});

	it('takes a stored key it does not know (a newer version, a hand-edited backup) as none', () => {
		expect(colourOf('teal')).toBe('teal');
		expect(colourOf('chartreuse')).toBeNull();
		expect(colourOf(null)).toBeNull();
	});

	it('gives CSS that follows the theme', () => {
		expect(colourCss('teal')).toBe('light-dark(#00727c, #4fd1d9)');
	});

	it('measures contrast as WCAG does', () => {
		expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
		expect(contrast('#777777', '#777777')).toBe(1);
	});
});
