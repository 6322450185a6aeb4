import { describe, expect, it } from 'vitest';
import { augmentCost, tokenCost } from './tokens';

describe('docs/rulings.md, PASS 6: augment price', () => {
	it('1 token over a set that was not augmented, then k + 1 over one augmented with k', () => {
		const chain = [0];
		for (let step = 0; step < 4; step++) chain.push(augmentCost(chain[chain.length - 1]));
		expect(chain).toEqual([0, 1, 2, 3, 4]);
	});

	it.each([-1, 1.5, Number.NaN])('throws for an augment of %s tokens', (augment) => {
		expect(() => augmentCost(augment)).toThrow(/whole number of tokens/);
	});
});

describe('docs/rulings.md, PASS 5-6: what a play spends', () => {
	it.each([
		[false, 0, 0],
		[true, 0, 1],
		[false, 2, 2],
		[true, 2, 3]
	])('upgrade %s and augment %i cost %i', (upgrade, augment, cost) => {
		expect(tokenCost(upgrade, augment)).toBe(cost);
	});
});
