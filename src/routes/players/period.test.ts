import { describe, expect, it } from 'vitest';
import { yearPeriod, yearsSince } from './period';

describe('periods for statistics', () => {
	it('a year runs from 1 January to the next, in local time', () => {
		expect(yearPeriod(2025)).toEqual({
			from: new Date(2025, 0, 1).getTime(),
			to: new Date(2026, 0, 1).getTime()
		});
		expect(yearPeriod(null)).toEqual({});
	});

	it('offers every year from the oldest match to now, newest first', () => {
		const now = new Date(2026, 5, 1).getTime();
		expect(yearsSince(new Date(2024, 11, 31).getTime(), now)).toEqual([2026, 2025, 2024]);
		expect(yearsSince(null, now)).toEqual([2026]);
	});
});
