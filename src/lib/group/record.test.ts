import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { key } from '$lib/live/sync';
import { canonicalKey } from './record';

describe('group record: digest text', () => {
	it('record: canonicalKey writes what live/sync.ts key writes, for any value (names in or out of order, array indexes, undefined, odd numbers)', () => {
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
				expect(canonicalKey(input)).toBe(key(input));
			}),
			{ numRuns: 500 }
		);
	});

	it('record: an object whose names are in order is written as it is, one out of order sorted', () => {
		expect(canonicalKey({ a: 1, b: { c: [2, { d: 3, e: 4 }] } })).toBe(
			'{"a":1,"b":{"c":[2,{"d":3,"e":4}]}}'
		);
		expect(canonicalKey({ b: 1, a: { e: 2, d: 3 } })).toBe('{"a":{"d":3,"e":2},"b":1}');
		expect(canonicalKey({ b: 1, 10: 2, 9: 3 })).toBe('{"9":3,"10":2,"b":1}');
	});
});
