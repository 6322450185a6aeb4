import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { gridFor } from './layout';

// the board's own space on a TV at 1920x1080 (its title bar above) and a tablet in portrait
const TV = [1888, 960] as const;
const TABLET = [796, 1060] as const;

describe('the board’s grid', () => {
	it('fits 1, 2, 4, 6 and 9 tables on a TV without scrolling, in the expected shapes', () => {
		const shapes = [1, 2, 4, 6, 9].map((count) => gridFor(count, ...TV));
		expect(shapes.map(({ columns, rows }) => `${columns}x${rows}`)).toEqual([
			'1x1',
			'2x1',
			'2x2',
			'3x2',
			'3x3'
		]);
		expect(shapes.every((grid) => !grid.scrolls)).toBe(true);
	});

	it('stacks tables on a tablet in portrait', () => {
		expect(gridFor(2, ...TABLET)).toMatchObject({ columns: 1, rows: 2, scrolls: false });
		expect(gridFor(4, ...TABLET)).toMatchObject({ columns: 2, rows: 2, scrolls: false });
	});

	it('holds 20 tables on a TV without scrolling', () => {
		expect(gridFor(20, ...TV).scrolls).toBe(false);
	});

	it('always has a cell for every table, and scrolls only below a readable card (property)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 1, max: 60 }),
				fc.integer({ min: 320, max: 4000 }),
				fc.integer({ min: 400, max: 3000 }),
				(count, width, height) => {
					const grid = gridFor(count, width, height);
					expect(grid.columns * grid.rows).toBeGreaterThanOrEqual(count);
					// no whole row left empty
					expect(grid.columns * (grid.rows - 1)).toBeLessThan(count);
					if (!grid.scrolls) {
						expect(width / grid.columns).toBeGreaterThanOrEqual(300);
						expect(height / grid.rows).toBeGreaterThanOrEqual(200);
					}
				}
			)
		);
	});
});
