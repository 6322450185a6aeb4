/**
 * What a group's credentials may do, read from the config scripts/live/config.mjs writes, and
 * the provisioner's reading of requests (scripts/live/groups.mjs): pure, no server
 * (docs/group.md, "Credentials and permissions").
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { configText, permissionsOf } from '../../../scripts/live/config.mjs';
import { groupRequestSubject, readGroupRequest } from '../../../scripts/live/groups.mjs';

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** Whether a NATS subject pattern (with * and >) covers a subject. */
function covers(pattern: string, subject: string) {
	const [want, have] = [pattern.split('.'), subject.split('.')];
	for (let index = 0; index < want.length; index++) {
		if (want[index] === '>') return have.length > index;
		if (want[index] !== '*' && want[index] !== have[index]) return false;
	}
	return want.length === have.length;
}
const allowed = (list: string[], subject: string) => list.some((one) => covers(one, subject));

describe('group permissions', () => {
	const g = 'club00000001';
	const member = permissionsOf('member', 'club00000001-mabcdefgh', undefined, { group: g })!;
	const board = permissionsOf('board', 'club00000001-babcdefgh', undefined, {
		group: g,
		tables: ['table0000001']
	})!;

	it('group: a member writes its players and matches, never the server’s subjects', () => {
		expect(allowed(member.publish, `passpad.g.${g}.player.p1`)).toBe(true);
		expect(allowed(member.publish, `passpad.g.${g}.match.m1`)).toBe(true);
		expect(allowed(member.publish, `passpad.provision.g.${g}.invite`)).toBe(true);
		expect(allowed(member.publish, `$JS.API.CONSUMER.CREATE.PASSPAD_G_${g}`)).toBe(true);
		for (const subject of [
			`passpad.g.${g}.member.x`,
			`passpad.g.${g}.table.x`,
			`passpad.g.other0000001.match.m1`,
			`passpad.provision.g.other0000001.invite`,
			'passpad.provision.group',
			'passpad.provision.table',
			`$JS.API.STREAM.CREATE.PASSPAD_G_${g}`,
			`$JS.API.STREAM.PURGE.PASSPAD_G_${g}`,
			`$JS.API.STREAM.MSG.DELETE.PASSPAD_G_${g}`,
			`$JS.API.CONSUMER.CREATE.PASSPAD_G_other0000001`
		]) {
			expect(allowed(member.publish, subject), subject).toBe(false);
		}
		expect(member.subscribe).toEqual(['_I.club00000001-mabcdefgh.>']);
	});

	it('board: reads the group and its open tables, and publishes on no stream subject', () => {
		expect(allowed(board.publish, `$JS.API.STREAM.INFO.PASSPAD_G_${g}`)).toBe(true);
		expect(allowed(board.publish, '$JS.API.CONSUMER.MSG.NEXT.PASSPAD_table0000001.x')).toBe(true);
		expect(board.publish.every((subject) => subject.startsWith('$JS.API.'))).toBe(true);
		expect(board.publish.some((subject) => /CREATE\.PASSPAD[^.]*$/.test(subject))).toBe(true);
		expect(allowed(board.publish, `$JS.API.STREAM.CREATE.PASSPAD_G_${g}`)).toBe(false);
		expect(board.subscribe).toEqual(['_I.club00000001-babcdefgh.>', 'passpad.table0000001.here.>']);
	});

	it('group: nobody but the admin is granted _INBOX.>, and the config holds hashes only', () => {
		const text = configText({
			port: 4222,
			wsPort: 4223,
			storeDir: '/tmp/x',
			users: [
				{ user: 'host', hash: '$2a$04$hosthash', role: 'host' },
				{ user: 'club00000001-mabcdefgh', hash: '$2a$04$memberhash', role: 'member', group: g },
				{ user: 'club00000001-babcdefgh', hash: '$2a$04$boardhash', role: 'board', group: g }
			],
			openTables: { [g]: ['table0000001'] }
		});
		expect(text).not.toContain('_INBOX');
		expect(text).toContain('passpad.provision.group');
		expect(text).toContain('"$JS.API.STREAM.INFO.PASSPAD_table0000001"');
		expect(() => permissionsOf('member', 'x')).toThrow();
	});
});

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
			['group', { name: ' Club', label: 'Ana' }],
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
