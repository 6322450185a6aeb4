import { describe, expect, it } from 'vitest';
import { loadDraft, saveDraft } from './draft';

function memory() {
	const items = new Map<string, string>();
	return {
		getItem: (key: string) => items.get(key) ?? null,
		setItem: (key: string, value: string) => void items.set(key, value),
		removeItem: (key: string) => void items.delete(key)
	};
}

describe('drafts survive a reload, for the moment they were made in', () => {
	it('gives back the tiles saved at this moment', () => {
		const storage = memory();
		saveDraft(
			'count',
			'm1',
			12,
			[
				[1, 2],
				[6, 6]
			],
			storage
		);
		expect(loadDraft('count', 'm1', 12, storage)).toEqual([
			[1, 2],
			[6, 6]
		]);
	});

	it('ignores a draft from another moment, another match or another kind', () => {
		const storage = memory();
		saveDraft('count', 'm1', 12, [[1, 2]], storage);
		expect(loadDraft('count', 'm1', 13, storage)).toEqual([]);
		expect(loadDraft('count', 'm2', 12, storage)).toEqual([]);
		expect(loadDraft('end', 'm1', 12, storage)).toEqual([]);
	});

	it('an empty list forgets; junk and a missing storage read as nothing', () => {
		const storage = memory();
		saveDraft('end', 'm1', 3, [[2, 5]], storage);
		saveDraft('end', 'm1', 3, [], storage);
		expect(loadDraft('end', 'm1', 3, storage)).toEqual([]);
		storage.setItem('dominoes:count:m1', '{"at":3,"tiles":[[9,9],[1,"x"],[0,1]]}');
		expect(loadDraft('count', 'm1', 3, storage)).toEqual([[0, 1]]);
		storage.setItem('dominoes:count:m1', 'not json');
		expect(loadDraft('count', 'm1', 3, storage)).toEqual([]);
		expect(loadDraft('count', 'm1', 3, null)).toEqual([]);
	});
});
