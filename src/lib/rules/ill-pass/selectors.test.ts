import { describe, expect, it } from 'vitest';
import { illPass, longestRuns, type Hand, type IllPassState } from './index';

const withHands = (cards: number[][]): IllPassState => ({
	...illPass.setup({ start: 0, takerReveals: false }, cards.length),
	hands: cards.map((taken): Hand => ({ cards: taken, chips: 0 }))
});

describe("players' statistics: the longest run", () => {
	it('counts the most consecutive cards each seat holds, in any order taken', () => {
		const state = withHands([[12, 5, 11, 6, 13, 30], [20], []]);
		expect(longestRuns(state)).toEqual([3, 1, 0]);
	});

	it('is the one feat, kept as a best (max), per seat', () => {
		const state = withHands([[3, 4], [8], [9, 10, 11]]);
		expect(illPass.feats?.map((feat) => [feat.id, feat.aggregate, feat.value(state)])).toEqual([
			['longest-run', 'max', [2, 1, 3]]
		]);
	});
});
