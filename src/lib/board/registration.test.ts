import { describe, expect, it } from 'vitest';
import { readRegistration } from './registration';
import { boardCredential, readBoardLink } from './link';

const bytes = (value: unknown) =>
	new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));
const subject = 'passpad.g.club0001.table.tableab12cd';
const table = {
	v: 1,
	table: 'tableab12cd',
	match: 'match-1',
	game: 'ill-pass',
	names: ['Ana', 'Ben', 'Cleo'],
	open: true,
	at: 1
};

describe('a table registration read by the board', () => {
	it('takes the server’s message for its own subject', () => {
		expect(readRegistration(subject, bytes(table))).toEqual(table);
		expect(readRegistration(subject, bytes({ ...table, open: false }))?.open).toBe(false);
	});

	it('refuses what is not one: not JSON, another shape, another table than its subject’s', () => {
		expect(readRegistration(subject, bytes('nonsense'))).toBeNull();
		expect(readRegistration(subject, bytes({ ...table, game: 'chess' }))).toBeNull();
		expect(readRegistration(subject, bytes({ ...table, v: 2 }))).toBeNull();
		expect(readRegistration(subject, bytes({ ...table, table: 'othertable1' }))).toBeNull();
		expect(readRegistration(subject, bytes({ ...table, match: 'a.b' }))).toBeNull();
		expect(readRegistration(subject, new Uint8Array([0xff, 0xfe]))).toBeNull();
		expect(readRegistration(subject, bytes({ ...table, names: ['x'.repeat(61)] }))).toBeNull();
	});
});

describe('the board’s link', () => {
	const link = { g: 'club0001', u: 'board-club0001', p: 'a'.repeat(32), n: 'Club' };
	const fragment = `#${new URLSearchParams(link)}`;

	it('reads the credential from the fragment, and refuses an incomplete one', () => {
		expect(readBoardLink(fragment)).toEqual(link);
		expect(readBoardLink('#g=club0001&u=board')).toBeNull();
		expect(readBoardLink(`#${new URLSearchParams({ ...link, s: 'http://x' })}`)).toBeNull();
	});

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
	});
});
