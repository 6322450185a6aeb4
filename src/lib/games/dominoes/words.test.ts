import { describe, expect, it } from 'vitest';
import { run, started, playTile } from '$lib/rules/dominoes/testing';
import { endChoiceText } from './words';

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];

describe('which end: each button says the sum and what it does', () => {
	it('equal open numbers, one a double: 7 skips, 9 does not', () => {
		// [2-2][2-6][6-3][3-2]: both ends show 2, the left one a double; Cleo is to play [2-5]
		const state = run(
			started(0),
			playTile([2, 2]),
			playTile([2, 6], 'right'),
			playTile([6, 3]),
			playTile([3, 2], 'right')
		);
		expect(endChoiceText(state, [2, 5], 'left', NAMES)).toBe(
			'Left (2): sum 7, Dan is skipped, Ana plays'
		);
		expect(endChoiceText(state, [2, 5], 'right', NAMES)).toBe('Right (2): sum 9, Dan plays next');
	});
});
