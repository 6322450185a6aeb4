/**
 * A group's server side for real (docs/group.md), whole restarts and revoking a group: a full
 * group refuses one more, the record and the credentials survive a restart, and revoke-group
 * refuses a group's members, board and tables. The server and groups: ./group-server-fixtures.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { closeGroupTable, createGroup, invite, openGroupTable } from '$lib/wire/provision';
import { runCommand } from '../../../server/cli';
import { groupStreamOf, readSubject } from '$lib/wire/names.js';
import {
	server,
	club,
	other,
	readAll,
	closedWithin,
	must,
	useGroupServer
} from './group-server-fixtures';

useGroupServer();

describe('group server, whole restarts and revoking a group', () => {
	it('group: a group full of members or open tables refuses one more, and makes nothing', async () => {
		const host = await server.phone(server.live.host);
		const small = await must(createGroup(host, 'Small', 'One'));
		const one = await server.phone(small.member);
		for (let count = 2; count <= 6; count++) await must(invite(one, small.group, `Phone ${count}`));
		expect(await invite(one, small.group, 'Phone 7')).toEqual({ ok: false, error: 'full' });
		const table = { match: 'm-1', game: 'dominoes' as const, names: ['A', 'B'] };
		const opened = [];
		for (let count = 1; count <= 3; count++)
			opened.push(await must(openGroupTable(one, small.group, table)));
		const before = readFileSync(join(server.dir, 'tables.json'), 'utf8');
		expect(await openGroupTable(one, small.group, table)).toEqual({ ok: false, error: 'full' });
		expect(readFileSync(join(server.dir, 'tables.json'), 'utf8')).toBe(before);
		// a closed table makes room
		await must(closeGroupTable(one, small.group, opened[0].table));
		await must(openGroupTable(one, small.group, table));
	}, 30_000);

	it('group: the record, the credentials and the board’s tables survive the server restarted', async () => {
		const ana = await server.phone(club.member);
		const table = await must(
			openGroupTable(ana, club.group, {
				match: 'match-live-2',
				game: 'dominoes',
				names: ['A', 'B']
			})
		);
		const before = await readAll(ana, groupStreamOf(club.group));
		await server.restart();
		const phone = await server.phone(club.member);
		expect([...(await readAll(phone, groupStreamOf(club.group))).entries()]).toEqual([
			...before.entries()
		]);
		const board = await server.phone(club.board);
		// it still follows the table through the keeper (imported into its group's account)
		const read = await board.request(
			readSubject(table.table, 'match-live-2'),
			JSON.stringify({ from: 1 }),
			{ timeout: 5_000 }
		);
		expect(read.json()).toMatchObject({ entries: [] });
		// requests are answered by the new provisioning process
		await must(invite(phone, club.group, 'After the restart'));
	}, 30_000);

	it('group: revoke-group on the command line refuses its members, its board and its tables', async () => {
		const ana = await server.phone(club.member);
		const table = await must(
			openGroupTable(ana, club.group, {
				match: 'match-live-3',
				game: 'climbing',
				names: ['A', 'B']
			})
		);
		const phones = await Promise.all(
			[club.member, club.board, table.writer].map((credential) =>
				server.phone(credential, { reconnect: false })
			)
		);
		const said = vi.spyOn(console, 'log').mockImplementation(() => {});
		expect(await runCommand('revoke-group', [club.group], server.dir)).toBe(0);
		expect(said.mock.calls.flat().join('\n')).toContain(club.group);
		for (const nc of phones) expect(await closedWithin(nc, 5_000)).toBe(true);
		for (const credential of [club.member, club.board, table.writer]) {
			await expect(server.phone(credential, { reconnect: false })).rejects.toThrow(
				/authorization/i
			);
		}
		// another group goes on
		const zoe = await server.phone(other.member);
		expect((await readAll(zoe, groupStreamOf(other.group))).size).toBeGreaterThan(0);
		expect(await runCommand('revoke-group', [club.group], server.dir)).toBe(1);
		said.mockRestore();
	}, 30_000);
});
