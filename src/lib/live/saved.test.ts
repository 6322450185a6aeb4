/**
 * Where the pen was, as this phone keeps it (docs/group.md, "What is written where on the
 * phone"): "not here" outlives live play here, until the group's version over is the copy.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { PasspadDb } from '$lib/db/db';
import { penDone, saveLive, savedLive, savedPen, savePen } from './saved';

/** A phone's own database (schema v9 keeps live play's state there, db/links.ts). */
const storage = () => new PasspadDb(`saved-${crypto.randomUUID()}`);

const link = (t: string) => ({
	link: { t, m: 'm1', u: 'table-w', p: 'secret-secret-secret', r: 'w' as const },
	name: 'Ben'
});

describe('the pen kept here', async () => {
	it('stopping live play keeps "the pen is elsewhere", and forgets "the pen is here"', async () => {
		const store = storage();
		await saveLive('m1', link('table01'), store);
		await savePen('m1', false, store);
		await saveLive('m1', null, store);
		expect(await savedLive('m1', store)).toBeNull();
		expect(await savedPen('m1', store)).toBe(false);

		await saveLive('m2', { ...link('table02'), link: { ...link('table02').link, m: 'm2' } }, store);
		await savePen('m2', true, store);
		await saveLive('m2', null, store);
		expect(await savedPen('m2', store)).toBeNull();
	});

	it('once the group has the match over, its table read again says nothing of who sends', async () => {
		const store = storage();
		await saveLive('m1', link('table01'), store);
		await savePen('m1', false, store);
		await penDone('m1', store);
		expect(await savedPen('m1', store)).toBeNull();
		await savePen('m1', false, store);
		expect(await savedPen('m1', store)).toBeNull();
		// the same table's links saved again (the board's card closed): still done
		await saveLive('m1', link('table01'), store);
		await savePen('m1', false, store);
		expect(await savedPen('m1', store)).toBeNull();
		// the pen taken here: this phone sends again
		await savePen('m1', true, store);
		expect(await savedPen('m1', store)).toBe(true);
		await penDone('m1', store);
		// a new table of the match: its pen speaks again
		await saveLive('m1', link('table09'), store);
		await savePen('m1', false, store);
		expect(await savedPen('m1', store)).toBe(false);
		// stopped after it was done: nothing kept
		await penDone('m1', store);
		await saveLive('m1', null, store);
		expect(await savedPen('m1', store)).toBeNull();
	});
});
