import { describe, expect, it } from 'vitest';
import { deeperThan } from './depth';

/** An array `levels` deep: [[[…]]]. */
function nested(levels: number): unknown {
	let value: unknown = [];
	for (let level = 1; level < levels; level++) value = [value];
	return value;
}

describe('deeperThan', () => {
	it('answers null up to the limit, and the path where it is passed', () => {
		expect(deeperThan(nested(3), 3)).toBeNull();
		expect(deeperThan(nested(4), 3)).toBe('0.0.0');
		expect(deeperThan({ log: [{ at: 1, action: { cards: [{ v: 1 }] } }] }, 6)).toBeNull();
		expect(deeperThan({ log: [{ at: 1, action: { cards: [{ v: [1] }] } }] }, 6)).toBe(
			'log.0.action.cards.0.v'
		);
		for (const plain of [null, 1, 'text', undefined]) expect(deeperThan(plain, 1)).toBeNull();
	});

	it('measures 20,000 levels without overflowing the stack', () => {
		expect(deeperThan({ config: nested(20_000) }, 24)).toMatch(/^config(\.0){23}$/);
	});

	it('siblings do not add up: a wide, shallow value is not deep', () => {
		const wide = Array.from({ length: 1_000 }, () => ({ a: [1, 2], b: { c: 3 } }));
		expect(deeperThan(wide, 3)).toBeNull();
	});
});
