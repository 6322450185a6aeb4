import { describe, expect, it } from 'vitest';
import { seeded } from '$lib/rules/common/random';
import { illPass, longestRuns, scores } from '$lib/rules/ill-pass';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { summarize } from './summary';

describe('summarize: what the match row keeps of a state', () => {
	it('an unfinished match keeps no result', () => {
		expect(summarize(illPass, illPass.setup({ start: 0, takerReveals: false }, 3))).toEqual({
			status: 'active',
			result: null
		});
	});

	it("a finished match keeps its outcome, totals, the sheet's direction and every feat", () => {
		const { state } = randomGame(seeded(7), 4);
		const summary = summarize(illPass, state);
		expect(summary.status).toBe('finished');
		expect(summary.result).toMatchObject({
			sides: [[0], [1], [2], [3]],
			totals: scores(state),
			lowerWins: true,
			feats: [{ id: 'longest-run', aggregate: 'max', seats: longestRuns(state) }]
		});
	});
});
