import { describe, expect, it } from 'vitest';
import { readRegistration } from './registration';

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
