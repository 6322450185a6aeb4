import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson } from './canonical';

/**
 * The text live/sync.ts wrote before this module: a live table's phone keeps it as the log it
 * last agreed with the table (localStorage), so the text must not change for any value.
 */
const earlier = (value: unknown): string =>
	JSON.stringify(value, (_, inner) =>
		inner && typeof inner === 'object' && !Array.isArray(inner)
			? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : 1)))
			: inner
	);

describe('canonical JSON: one text for one value', () => {
	it('canonical: writes what phones wrote before it was one function (their synced logs in localStorage), for any value (names in or out of order, array indexes, undefined, odd numbers)', () => {
		const names = fc.oneof(
			fc.string(),
			fc.constantFrom('0', '1', '10', '2', '01', '-1', '4294967295', '4294967294', 'a', 'B')
		);
		const value = fc.letrec((tie) => ({
			any: fc.oneof(
				{ depthSize: 'small' },
				fc.jsonValue(),
				fc.constantFrom(undefined, NaN, -0, Infinity, 1e21),
				fc.array(tie('any')),
				fc.dictionary(names, tie('any'))
			)
		})).any;
		fc.assert(
			fc.property(value, (input) => {
				expect(canonicalJson(input)).toBe(earlier(input));
			}),
			{ numRuns: 500 }
		);
	});

	it('canonical: an object whose names are in order is written as it is, one out of order sorted', () => {
		expect(canonicalJson({ a: 1, b: { c: [2, { d: 3, e: 4 }] } })).toBe(
			'{"a":1,"b":{"c":[2,{"d":3,"e":4}]}}'
		);
		expect(canonicalJson({ b: 1, a: { e: 2, d: 3 } })).toBe('{"a":{"d":3,"e":2},"b":1}');
		expect(canonicalJson({ b: 1, 10: 2, 9: 3 })).toBe('{"9":3,"10":2,"b":1}');
	});

	it('canonical: a date, a class, a map or an object of no prototype, at the top or inside, writes what the replacer wrote', () => {
		class Seat {
			constructor(
				readonly z = 1,
				readonly a = 2
			) {}
		}
		const bare = Object.assign(Object.create(null), { b: 1, a: [new Date(5)] });
		const values: unknown[] = [
			new Date(0),
			new Seat(),
			new Map([['a', 1]]),
			bare,
			{ when: new Date(7), seat: new Seat(), bare, list: [undefined, () => 1, new Seat()] },
			[bare, { toJSON: () => ({ y: 1, x: 2 }) }],
			{ b: { toJSON: (key: string) => key }, a: Symbol('s') },
			undefined
		];
		for (const value of values) expect(canonicalJson(value)).toBe(earlier(value));
	});
});
