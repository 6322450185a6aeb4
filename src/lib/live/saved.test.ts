/**
 * Where the pen was, as this phone keeps it (docs/group.md, "What is written where on the
 * phone"): "not here" outlives live play here, until the group's version over is the copy.
 */
import { describe, expect, it } from 'vitest';
import { penDone, saveLive, savedLive, savedPen, savePen, type Keeping } from './saved';

function storage(): Keeping {
	const kept = new Map<string, string>();
	return {
		getItem: (key) => kept.get(key) ?? null,
		setItem: (key, value) => void kept.set(key, value),
		removeItem: (key) => void kept.delete(key)
	};
}

const link = (t: string) => ({
	link: { t, m: 'm1', u: 'table-w', p: 'secret-secret-secret', r: 'w' as const },
	name: 'Ben'
});

describe('the pen kept here', () => {
	it('stopping live play keeps "the pen is elsewhere", and forgets "the pen is here"', () => {
		const store = storage();
		saveLive('m1', link('table01'), store);
		savePen('m1', false, store);
		saveLive('m1', null, store);
		expect(savedLive('m1', store)).toBeNull();
		expect(savedPen('m1', store)).toBe(false);

		saveLive('m2', { ...link('table02'), link: { ...link('table02').link, m: 'm2' } }, store);
		savePen('m2', true, store);
		saveLive('m2', null, store);
		expect(savedPen('m2', store)).toBeNull();
	});

	it('once the group has the match over, its table read again says nothing of who sends', () => {
		const store = storage();
		saveLive('m1', link('table01'), store);
		savePen('m1', false, store);
		penDone('m1', store);
		expect(savedPen('m1', store)).toBeNull();
		savePen('m1', false, store);
		expect(savedPen('m1', store)).toBeNull();
		// the same table's links saved again (the board's card closed): still done
		saveLive('m1', link('table01'), store);
		savePen('m1', false, store);
		expect(savedPen('m1', store)).toBeNull();
		// the pen taken here: this phone sends again
		savePen('m1', true, store);
		expect(savedPen('m1', store)).toBe(true);
		penDone('m1', store);
		// a new table of the match: its pen speaks again
		saveLive('m1', link('table09'), store);
		savePen('m1', false, store);
		expect(savedPen('m1', store)).toBe(false);
		// stopped after it was done: nothing kept
		penDone('m1', store);
		saveLive('m1', null, store);
		expect(savedPen('m1', store)).toBeNull();
	});
});
