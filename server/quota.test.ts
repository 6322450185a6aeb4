import { describe, expect, it } from 'vitest';
import { Quota } from './quota';

describe('a live table’s quota at the keeper', () => {
	it('quota: a table’s entries for the minute run out, then come back as the minute passes', () => {
		const quota = new Quota(3, 1_000_000);
		expect([0, 1, 2, 3].map((at) => quota.take('t1', 10, at))).toEqual([true, true, true, false]);
		// another table has its own
		expect(quota.take('t2', 10, 4)).toBe(true);
		expect(quota.take('t1', 10, 59_999)).toBe(false);
		expect(quota.take('t1', 10, 60_000)).toBe(true);
	});

	it('quota: a table’s bytes for the minute run out; a refused request is not counted', () => {
		const quota = new Quota(100, 1_000);
		expect(quota.take('t1', 900, 0)).toBe(true);
		expect(quota.take('t1', 200, 1)).toBe(false);
		// the refused 200 did not count: 100 more still fit
		expect(quota.take('t1', 100, 2)).toBe(true);
		expect(quota.take('t1', 1, 3)).toBe(false);
	});
});
