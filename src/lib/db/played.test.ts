import { describe, expect, it } from 'vitest';
import { IDLE_GAP_MS, gapPlayed, timePlayed } from './played';

const minute = 60_000;

describe('time played: first action to last, long idle gaps left out', () => {
	it('a match of one action or none has played no time', () => {
		expect(timePlayed([])).toBe(0);
		expect(timePlayed([5])).toBe(0);
	});

	it('sums the gaps between actions', () => {
		expect(timePlayed([0, minute, 3 * minute, 4 * minute])).toBe(4 * minute);
	});

	it('leaves out a gap longer than IDLE_GAP_MS, keeps one just at it', () => {
		expect(timePlayed([0, IDLE_GAP_MS, IDLE_GAP_MS + minute])).toBe(IDLE_GAP_MS + minute);
		expect(timePlayed([0, minute, minute + IDLE_GAP_MS + 1, 2 * minute + IDLE_GAP_MS + 1])).toBe(
			2 * minute
		);
	});

	it('a clock that went back adds nothing', () => {
		expect(gapPlayed(10 * minute, 9 * minute)).toBe(0);
	});
});
