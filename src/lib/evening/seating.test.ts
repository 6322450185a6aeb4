import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_IDS } from '../rules/common';
import { seatingOf, tableSizes } from './seating';

describe('evening tables: sizes the game allows, balanced', () => {
	it.each(GAME_IDS)(
		'%s: every count of players it can seat gets legal, balanced tables, nobody out',
		(game) => {
			const seating = seatingOf(game);
			fc.assert(
				fc.property(fc.integer({ min: 0, max: 80 }), (count) => {
					const { sizes, out } = tableSizes(count, seating);
					expect(sizes.reduce((a, b) => a + b, 0) + out).toBe(count);
					for (const size of sizes) {
						expect(size).toBeGreaterThanOrEqual(seating.min);
						expect(size).toBeLessThanOrEqual(seating.max);
					}
					if (sizes.length > 0)
						expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
					// nobody sits out when some smaller count... the fewest out: one fewer out cannot be seated
					if (out > 0) {
						const seated = count - out + 1;
						const fewest = Math.ceil(seated / seating.max);
						expect(fewest * seating.min).toBeGreaterThan(seated);
					}
				})
			);
		}
	);

	it('never a table of 2: two players at PASS (a 2-player game) both sit out', () => {
		expect(tableSizes(2, seatingOf('climbing'))).toEqual({ sizes: [], out: 2 });
	});

	it('a dominoes table is 4: 5 players seat 4, one sits out; 9 seat 8', () => {
		expect(tableSizes(5, seatingOf('dominoes'))).toEqual({ sizes: [4], out: 1 });
		expect(tableSizes(9, seatingOf('dominoes'))).toEqual({ sizes: [4, 4], out: 1 });
	});

	it("7 at I'll Pass: a table of 4 and a table of 3", () => {
		expect(tableSizes(7, seatingOf('ill-pass'))).toEqual({ sizes: [4, 3], out: 0 });
	});

	it('Pass Pass seats up to 6 at a table, no more: 13 players are 5, 4 and 4', () => {
		expect(tableSizes(13, seatingOf('pass-pass'))).toEqual({ sizes: [5, 4, 4], out: 0 });
	});
});
