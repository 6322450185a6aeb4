import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { getValue } from '$lib/db';
import { PadDraft } from './draft.svelte';
import { freshDatabase } from './session-fixture';

freshDatabase();

/** Until the draft's writes have landed (one at a time, the newest last). */
async function settled(key: string, expected: unknown) {
	await expect.poll(() => getValue(key, 'nothing')).toEqual(expected);
}

describe('PadDraft: a score pad work in progress, per device, until entered', () => {
	it('what was typed on a log is offered again on that log', async () => {
		const draft = new PadDraft('m1');
		draft.keep(3, { given: { 5: 0 } });
		await settled('draft:m1', { length: 3, value: { given: { 5: 0 } } });
		expect(await new PadDraft('m1').load(3)).toEqual({ given: { 5: 0 } });
	});

	it('a log that moved since (the round entered, here or elsewhere) makes it stale', async () => {
		const draft = new PadDraft('m2');
		draft.keep(3, { given: { 5: 0 } });
		await settled('draft:m2', { length: 3, value: { given: { 5: 0 } } });
		expect(await new PadDraft('m2').load(4)).toBeNull();
	});

	it('cleared, and the last of quick changes is the one kept', async () => {
		const draft = new PadDraft('m3');
		draft.keep(0, { given: { 5: 0 } });
		draft.keep(0, { given: { 5: 0, 6: 0 } });
		draft.keep(0, null);
		await settled('draft:m3', 'nothing'); // the row holds null
		expect(await draft.load(0)).toBeNull();
	});

	it('each match keeps its own', async () => {
		new PadDraft('a').keep(0, 'typed for a');
		await settled('draft:a', { length: 0, value: 'typed for a' });
		expect(await new PadDraft('b').load(0)).toBeNull();
	});
});
