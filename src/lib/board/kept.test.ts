import { describe, expect, it } from 'vitest';
import { boardCredential, forgetBoard } from './kept';

describe('the board’s link kept here', () => {
	const link = { g: 'club0001', u: 'board-club0001', p: 'a'.repeat(32), n: 'Club' };
	const fragment = `#${new URLSearchParams(link)}`;

	it('keeps it for a reload, and a new link replaces the one kept', () => {
		const kept = new Map<string, string>();
		const storage = {
			getItem: (key: string) => kept.get(key) ?? null,
			setItem: (key: string, value: string) => void kept.set(key, value),
			removeItem: (key: string) => void kept.delete(key)
		} as Storage;
		expect(boardCredential(fragment, storage)).toEqual(link);
		expect(boardCredential('', storage)).toEqual(link);
		const other = { ...link, g: 'club0002', n: 'Other' };
		expect(boardCredential(`#${new URLSearchParams(other)}`, storage)).toEqual(other);
		expect(boardCredential('', storage)).toEqual(other);
		expect(boardCredential('', null)).toBeNull();
		// an incomplete link (the group's reader refuses it) does not replace the one kept
		expect(boardCredential('#g=club0003&u=board', storage)).toEqual(other);
		forgetBoard(storage);
		expect(boardCredential('', storage)).toBeNull();
	});
});
