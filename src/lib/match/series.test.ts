import { describe, expect, it } from 'vitest';
import { illPass } from '$lib/rules/ill-pass';
import { runningTotals } from './series';

describe('running totals for the chart', () => {
	it('start at the setup and add a point only when a total changes', () => {
		const config = { start: 0, takerReveals: false };
		const points = runningTotals(illPass, config, 3, [
			{ type: 'reveal', card: 10 }, // no total changes
			{ type: 'pass' }, // Ana pays a chip: her score rises by 1
			{ type: 'take' } // Ben takes 10 with the chip
		]);
		expect(points).toEqual([
			{ after: 0, totals: [-11, -11, -11] },
			{ after: 2, totals: [-10, -11, -11] },
			{ after: 3, totals: [-10, 10 - 12, -11] }
		]);
	});
});
