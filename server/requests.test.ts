/**
 * The provisioner's reading of a phone's requests (requests.ts): with the app's own schemas, any
 * bytes read or refused, never thrown (docs/group.md, "Requests").
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { groupRequestSubject, readGroupRequest } from './requests';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('group requests', () => {
	it('group: reads each request it knows, in its shape only', () => {
		expect(readGroupRequest('group', bytes({ name: 'Club', label: 'Ana' }))).toEqual({
			what: 'group',
			name: 'Club',
			label: 'Ana'
		});
		expect(
			readGroupRequest('table', bytes({ match: 'm-1', game: 'dominoes', names: ['Ana', 'Ben'] }))
		).toEqual({ what: 'table', match: 'm-1', game: 'dominoes', names: ['Ana', 'Ben'] });
		expect(readGroupRequest('remove', bytes({ user: 'club00000001-mabcdefgh' }))).toEqual({
			what: 'remove',
			user: 'club00000001-mabcdefgh'
		});
		for (const [what, body] of [
			['group', { name: ' ', label: 'Ana' }],
			['group', { name: 'Cl\u0007ub', label: 'Ana' }],
			['group', { name: 'Club', label: 'x'.repeat(61) }],
			['invite', { label: '' }],
			['table', { match: 'a b', game: 'dominoes', names: ['Ana'] }],
			['table', { match: 'm', game: 'Dominoes', names: ['Ana'] }],
			['table', { match: 'm', game: 'dominoes', names: [] }],
			['table', { match: 'm', game: 'dominoes', names: Array(13).fill('A') }],
			['close', { table: 'short' }],
			['remove', { user: 'host' }],
			['anything', {}]
		] as const) {
			expect(readGroupRequest(what, bytes(body)), `${what} ${JSON.stringify(body)}`).toBeNull();
		}
		// read as the phone words it: the app's schema trims a name
		expect(readGroupRequest('invite', bytes({ label: ' Ana ' }))).toEqual({
			what: 'invite',
			label: 'Ana'
		});
		expect(readGroupRequest('group', new Uint8Array(5000).fill(32))).toBeNull();
		expect(readGroupRequest('group', new Uint8Array([0xff, 0xfe]))).toBeNull();
	});

	it('group: any bytes at all are read or refused, never thrown', () => {
		fc.assert(
			fc.property(
				fc.constantFrom('group', 'invite', 'table', 'close', 'remove'),
				fc.oneof(
					fc.uint8Array(),
					fc.json().map((text) => new TextEncoder().encode(text))
				),
				(what, body) => {
					expect(() => readGroupRequest(what, body)).not.toThrow();
				}
			)
		);
	});

	it('group: a request’s subject names a group and a kind it knows', () => {
		expect(groupRequestSubject('passpad.provision.g.club00000001.invite')).toEqual({
			group: 'club00000001',
			what: 'invite'
		});
		expect(groupRequestSubject('passpad.provision.g.club00000001.purge')).toBeNull();
		expect(groupRequestSubject('passpad.provision.g.CLUB.invite')).toBeNull();
		expect(groupRequestSubject('passpad.provision.g.club00000001.invite.x')).toBeNull();
	});
});
