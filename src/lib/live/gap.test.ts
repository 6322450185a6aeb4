import { describe, expect, it } from 'vitest';
import { Gap } from './gap';
import type { Verdict } from './replay';

const outOfPlace: Verdict = { kind: 'refused', why: 'out-of-place' };

describe('a server that came back shorter (gap.ts)', () => {
	it('a follower never takes the shorter log over its own: it waits until the table is as long as it was', () => {
		const gap = new Gap();
		gap.lost(7);
		expect(gap.look(4, false)).toBe('wait');
		expect(gap.look(6, false)).toBe('wait');
		expect(gap.look(7, false)).toBe('whole');
		// whole once: a later shorter table is the table's own (an undo), not a loss
		expect(gap.look(3, false)).toBe('whole');
	});

	it('the pen phone sends again what it holds past the server’s end', () => {
		const gap = new Gap();
		gap.lost(7);
		expect(gap.look(4, true)).toBe('send-again');
		gap.whole();
		expect(gap.look(4, true)).toBe('whole');
	});

	it('nothing lost: every look is whole', () => {
		expect(new Gap().look(0, true)).toBe('whole');
	});

	it('an entry that does not follow the copy reads the table again, once per entry', () => {
		const gap = new Gap();
		expect(gap.readAgainFor(outOfPlace, 9)).toBe(true);
		expect(gap.readAgainFor(outOfPlace, 9)).toBe(false);
		expect(gap.readAgainFor({ kind: 'refused', why: 'illegal' }, 10)).toBe(false);
	});
});
