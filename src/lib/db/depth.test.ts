import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

	it('deeperThan: names the same path as the walk it replaced, with a stack of its own, for any value', () => {
		fc.assert(
			fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 1, max: 9 }), (value, max) => {
				expect(deeperThan(value, max)).toBe(walked(value, max));
			}),
			{ numRuns: 500 }
		);
	});
});

/** The walk before 27 November: Object.entries' iterators on a stack of its own. */
function walked(value: unknown, max: number): string | null {
	const isNested = (item: unknown): item is object => item !== null && typeof item === 'object';
	if (!isNested(value)) return null;
	const keys: string[] = [];
	const frames: Iterator<[string, unknown]>[] = [Object.entries(value)[Symbol.iterator]()];
	while (frames.length > 0) {
		const next = frames[frames.length - 1].next();
		if (next.done) {
			frames.pop();
			keys.pop();
			continue;
		}
		const [key, inner] = next.value;
		if (!isNested(inner)) continue;
		keys.push(key);
		if (frames.length >= max) return keys.join('.');
		frames.push(Object.entries(inner)[Symbol.iterator]());
	}
	return null;
}
