import { describe, expect, it } from 'vitest';
import { coach, tileKey } from './index';
import { playTile, run, started } from './testing';
import type { Tile } from './types';

const keys = (tiles: Tile[]) => tiles.map(tileKey).sort();

describe('coach: unseen tiles that give a bonus turn (docs/rulings.md, Pass-Pass 3) or a skip (Pass-Pass 4)', () => {
	it('for the first tile: sums of 5 or 10, then 7 or a double ([5-5] is a bonus turn)', () => {
		const [hint] = coach(started());
		expect(hint.end).toBeNull();
		expect(keys(hint.again)).toEqual(['0-5', '1-4', '2-3', '4-6', '5-5']);
		expect(keys(hint.skip)).toEqual(
			['0-0', '1-1', '1-6', '2-2', '2-5', '3-3', '3-4', '4-4', '6-6'].sort()
		);
	});

	it('for each end of [6-3][3-1] (ends 6 and 1)', () => {
		const state = run(started(), playTile([6, 3]), playTile([3, 1]));
		const [left, right] = coach(state);
		// left: [4-6] makes 4+1=5; [1-6] makes 1 and 1, identical
		expect(left).toEqual({ end: 'left', again: [[4, 6]], skip: [[1, 6]] });
		// right: [1-4] makes 6+4=10; [1-6] makes 6 and 6, identical
		expect(right).toEqual({ end: 'right', again: [[1, 4]], skip: [[1, 6]] });
	});

	it('counts a double at an end twice, and no longer once it is covered: [3-3][3-1]', () => {
		const state = run(started(), playTile([3, 3]), playTile([3, 1], 'right'));
		const [left, right] = coach(state);
		// left covers [3-3]: [3-4] makes 4+1=5, [3-6] makes 6+1=7
		expect(left).toEqual({ end: 'left', again: [[3, 4]], skip: [[3, 6]] });
		// right: [3-3] counts 6, so [1-4] makes 6+4=10; no tile makes 7 or a 3
		expect(right).toEqual({ end: 'right', again: [[1, 4]], skip: [] });
	});

	it('never lists a tile on the line, and gives nothing when nobody is to play', () => {
		const state = run(started(), playTile([6, 3]), playTile([3, 1]));
		const listed = coach(state).flatMap((hint) => [...hint.again, ...hint.skip]);
		expect(listed.map(tileKey)).not.toContain('1-3');
		const fresh = { ...state, phase: 'count' as const };
		expect(coach(fresh)).toEqual([]);
	});
});
