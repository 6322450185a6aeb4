import { describe, expect, it } from 'vitest';
import type { DominoesAction, DominoesState } from '$lib/rules/dominoes';
import { block, emptyBoneyard, playTile, run, started } from '$lib/rules/dominoes/testing';
import { announce } from './announce';

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];

/** The words after `action` is played on `before`. */
const told = (before: DominoesState, action: DominoesAction) =>
	announce(run(before, action), action, NAMES);

describe('Pass-Pass: what just happened, in one line', () => {
	it('a tile with an ordinary sum: what was played, the sum and who plays next', () => {
		expect(told(started(), playTile([1, 2]))).toEqual({
			text: "Sum 3. Ben's turn.",
			detail: 'Ana played 1-2.',
			tone: 'normal'
		});
	});

	it('docs/rulings.md, Pass-Pass 3: a sum of 5 or 10 gives the same player a bonus turn', () => {
		expect(told(started(), playTile([2, 3]))).toMatchObject({
			text: 'Sum 5: Ana plays again!',
			tone: 'again'
		});
	});

	it('docs/rulings.md, Pass-Pass 4: a sum of 7 skips the next player, and names the partner who plays', () => {
		expect(told(started(), playTile([3, 4]))).toMatchObject({
			text: 'Sum 7: Ben is skipped, partner Cleo plays.',
			tone: 'skip'
		});
	});

	it('docs/rulings.md, Pass-Pass 4: equal ends skip too, and say which number', () => {
		// Ana 1-2, Ben 2-4 (sum 5: again), then Ben 4-1 on the right: ends 1 and 1
		const line = run(started(), playTile([1, 2]), playTile([2, 4]));
		expect(told(line, playTile([4, 1], 'right'))).toMatchObject({
			text: 'Equal ends (1 and 1): Cleo is skipped, partner Dan plays.',
			tone: 'skip'
		});
	});

	it('a draw says how many tiles are left in the boneyard; a pass counts the passes in a row', () => {
		const line = run(started(), playTile([1, 2]));
		expect(told(line, { type: 'draw' })?.text).toBe('Ben drew a tile (3 left in the boneyard).');
		const empty = emptyBoneyard(line);
		expect(told(empty, { type: 'pass' })?.text).toMatch(
			/^\w+ passed \(1 in a row\)\. \w+'s turn\.$/
		);
	});

	it('docs/rulings.md, Pass-Pass 7: a blocked deal gives both teams their points and who starts the next deal', () => {
		const before = block(started());
		const news = announce(before, { type: 'pass' }, NAMES);
		expect(news?.text).toMatch(/^Deal 1 blocked: Team A \d+, Team B \d+ \(1 point per tile\)\.$/);
		expect(news?.detail).toMatch(/^\w+ starts deal 2\.$/);
		expect(news?.tone).toBe('deal');
	});

	it('nothing is told before the lots', () => {
		const fresh = run(started(), playTile([1, 2]));
		expect(announce({ ...fresh, phase: 'start' }, undefined, NAMES)).toBeNull();
	});
});
