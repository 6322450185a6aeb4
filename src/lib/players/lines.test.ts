import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { COLOURS, type ColourKey } from './colours';
import { markerPath, MARKERS, sideColour, sideStyles } from './lines';

const chosen = fc.array(fc.option(fc.constantFrom(...COLOURS), { nil: null }), {
	minLength: 2,
	maxLength: 6
});

describe('each side of the chart', () => {
	it('keeps the colour its player chose', () => {
		const styles = sideStyles(['teal', null, 'red']);
		expect(styles[0].colour).toBe('teal');
		expect(styles[2].colour).toBe('red');
	});

	it('without a colour, takes one nobody at the table chose, distinct from the others', () => {
		const styles = sideStyles(['blue', null, null, 'green']);
		expect(styles.map((style) => style.colour)).toEqual(['blue', 'orange', 'purple', 'green']);
	});

	it('differs from every other side by its dash and its marker, not by colour alone', () => {
		fc.assert(
			fc.property(chosen, (sides) => {
				const styles = sideStyles(sides);
				expect(new Set(styles.map((style) => style.dash)).size).toBe(sides.length);
				expect(new Set(styles.map((style) => style.marker)).size).toBe(sides.length);
			})
		);
	});

	it('every palette colour is a default, once', () => {
		const styles = sideStyles(Array(COLOURS.length).fill(null));
		expect(new Set(styles.map((style) => style.colour))).toEqual(new Set(COLOURS));
	});

	it('sides without a colour never share one while the palette has colours left', () => {
		fc.assert(
			fc.property(chosen, (sides) => {
				const defaults = sideStyles(sides)
					.filter((_, side) => sides[side] === null)
					.map((style) => style.colour);
				expect(new Set(defaults).size).toBe(defaults.length);
				for (const colour of defaults) expect(sides).not.toContain(colour);
			})
		);
	});

	it('a team shows its first team-mate who chose a colour', () => {
		const colours: (ColourKey | null)[] = [null, 'blue', 'pink', 'green'];
		expect(sideColour([0, 2], colours)).toBe('pink');
		expect(sideColour([1, 3], colours)).toBe('blue');
		expect(sideColour([0], colours)).toBeNull();
	});

	it.each(MARKERS)('draws a %s marker as closed path data', (marker) => {
		const path = markerPath(marker, 10, 20, 4);
		expect(path).toMatch(/^M[\d.,-]+.*Z$/);
		expect(path).not.toMatch(/NaN/);
	});
});
