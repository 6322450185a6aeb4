/**
 * A group's server side for real (docs/group.md): nats-server started with the config
 * the server (server/) writes, node clients as members' phones and as the board.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NatsConnection } from '@nats-io/nats-core';
import { JetStreamApiError } from '@nats-io/jetstream';
import {
	closeGroupTable,
	createGroup,
	invite,
	openGroupTable,
	removeMember
} from '$lib/wire/provision';
import { adminRevoke } from '../../../server/admin';
import {
	PROVISION_GROUP_SUBJECT,
	boardTableSubject,
	groupProvisionSubject,
	groupStreamOf,
	inboxOf,
	matchSubject,
	memberSubject,
	playerSubject,
	readSubject,
	recordSubject
} from '$lib/wire/names.js';
import { LiveChannel } from './client';
import { ANA, sealed, startEntry } from './fixtures';
import {
	server,
	club,
	other,
	put,
	readAll,
	nextError,
	closedWithin,
	must,
	useGroupServer
} from './group-server-fixtures';

useGroupServer();

describe('group server', () => {
	it('group: the host link makes a group, its stream and its first member’s record', async () => {
		expect(club).toMatchObject({ name: 'Thursday club' });
		const info = await (
			await server.live.groupManager(club.group)
		).streams.info(groupStreamOf(club.group));
		expect(info.config).toMatchObject({
			subjects: [`passpad.g.${club.group}.>`, `passpad.gw.${club.group}.>`],
			storage: 'file',
			max_msgs_per_subject: 8,
			duplicate_window: 120 * 1e9,
			// the keeper's clerk deletes a sealed match's entries; no member may delete, and nobody
			// purges: a purge moves every reader to the end (config.test.ts, docs/wire.md "Where it
			// is stored")
			deny_delete: false,
			deny_purge: true,
			max_msg_size: 60 * 1024
		});
		const ana = await server.phone(club.member);
		const record = (await readAll(ana, groupStreamOf(club.group))).get(
			memberSubject(club.group, club.member.user)
		);
		expect(record?.body).toMatchObject({
			user: club.member.user,
			label: 'Ana’s phone',
			removed: false
		});
		// the config holds bcrypt hashes only
		const config = readFileSync(join(server.dir, 'nats.conf'), 'utf8');
		expect(config).not.toContain(club.member.pass);
		expect(config).not.toContain(club.board.pass);
		expect(config).not.toContain('_INBOX');
	});

	it('group: a member writes a version over the one it saw; a stale one is refused (10071)', async () => {
		const ana = await server.phone(club.member);
		const subject = playerSubject(club.group, 'player-ana');
		const first = await put(ana, subject, { name: 'Ana' }, 0);
		const second = await put(ana, subject, { name: 'Ana B.' }, first.seq);
		expect(second.seq).toBeGreaterThan(first.seq);
		const stale = await put(ana, subject, { name: 'Anna' }, first.seq).catch((error) => error);
		expect(stale).toBeInstanceOf(JetStreamApiError);
		expect((stale as JetStreamApiError).code).toBe(10071);
		// a thing written many times: every version accepted, the newest few kept
		let match = await put(ana, recordSubject(club.group, 'match-1'), { log: [] }, 0);
		for (let version = 1; version <= 10; version++) {
			match = await put(ana, recordSubject(club.group, 'match-1'), { log: [version] }, match.seq);
		}
		const kept = await (
			await server.live.groupManager(club.group)
		).streams.info(groupStreamOf(club.group), {
			subjects_filter: recordSubject(club.group, 'match-1')
		});
		expect(kept.state.subjects?.[recordSubject(club.group, 'match-1')]).toBe(8);
		// the server's own subjects are not a member's to write
		const forged = put(ana, memberSubject(club.group, 'x'), { removed: false }, 0);
		await expect(forged).rejects.toThrow(/permission/i);
		const table = put(ana, boardTableSubject(club.group, 'abcdefabcdef'), { open: true }, 0);
		await expect(table).rejects.toThrow(/permission/i);
	});

	it('group: a full stream refuses a new version and keeps every old one', async () => {
		const host = await server.phone(server.live.host);
		const full = await must(createGroup(host, 'Full', 'One'));
		const one = await server.phone(full.member);
		const big = { log: 'x'.repeat(50 * 1024) };
		const stored: number[] = [];
		let refused: unknown = null;
		for (let index = 0; index < 40 && !refused; index++) {
			await put(one, recordSubject(full.group, `match-${index}`), big, 0).then(
				(ack) => stored.push(ack.seq),
				(error) => (refused = error)
			);
		}
		expect(refused).toBeInstanceOf(JetStreamApiError);
		expect(String(refused)).toMatch(/maximum bytes/i);
		// JetStream's "store failed" (10077): the phone keeps its version and says the group is full
		expect((refused as JetStreamApiError).code).toBe(10077);
		expect(stored.length).toBeGreaterThan(10);
		const info = await (
			await server.live.groupManager(full.group)
		).streams.info(groupStreamOf(full.group));
		// every accepted version is still there, the first one too (and the first member's record)
		expect(info.state.messages).toBe(stored.length + 1);
		expect(info.state.first_seq).toBe(1);
	});

	it('group: an invited member reads the whole record', async () => {
		const ana = await server.phone(club.member);
		const ben = await must(invite(ana, club.group, 'Ben’s phone'));
		expect(ben).toMatchObject({ group: club.group, name: 'Thursday club' });
		const phone = await server.phone(ben.member);
		const record = await readAll(phone, groupStreamOf(club.group));
		expect(record.get(playerSubject(club.group, 'player-ana'))?.body).toEqual({ name: 'Ana B.' });
		expect(record.get(recordSubject(club.group, 'match-1'))).toBeDefined();
		expect(record.get(memberSubject(club.group, ben.member.user))?.body).toMatchObject({
			label: 'Ben’s phone',
			removed: false
		});
		// and writes: a new player of its own
		await put(phone, playerSubject(club.group, 'player-ben'), { name: 'Ben' }, 0);
	});

	it('board: reads the group and its open tables, and can write nowhere', async () => {
		// the board connects before the table opens: the reload gives it the new table
		const board = await server.phone(club.board);
		const ana = await server.phone(club.member);
		const table = await must(
			openGroupTable(ana, club.group, {
				match: 'match-live-1',
				game: 'ill-pass',
				names: ['Ana', 'Ben', 'Chloé']
			})
		);
		const pen = await server.phone(table.writer);
		// the table's phones ask the keeper to append (docs/live.md, "Who writes: the keeper")
		const start = startEntry({ match: 'match-live-1', by: ANA });
		const channel = new LiveChannel(pen, table.table, 'match-live-1');
		expect(await channel.append(await sealed(start))).toMatchObject({ ok: true });

		const record = await readAll(board, groupStreamOf(club.group));
		expect(record.get(boardTableSubject(club.group, table.table))?.body).toMatchObject({
			table: table.table,
			match: 'match-live-1',
			game: 'ill-pass',
			names: ['Ana', 'Ben', 'Chloé'],
			open: true
		});
		// it follows the table through the keeper, as the table's phones do (imported into its
		// group's account: docs/wire.md, "Where it is stored")
		const follower = new LiveChannel(board, table.table, 'match-live-1');
		const followed: unknown[] = [];
		void follower.follow(
			1,
			(_, bytes) => void followed.push(JSON.parse(new TextDecoder().decode(bytes)))
		);
		await expect.poll(() => followed).toEqual([expect.objectContaining({ id: start.id })]);
		await follower.close();
		// the pen phone's "still here" reaches the board
		const heard = new Promise<string>((resolve) =>
			board.subscribe(`passpad.${table.table}.here.>`, {
				callback: (error, message) => {
					if (!error) resolve(message.string());
				}
			})
		);
		await board.flush();
		pen.publish(`passpad.${table.table}.here.match-live-1`, 'phone-ana');
		expect(await heard).toBe('phone-ana');

		for (const subject of [
			playerSubject(club.group, 'player-board'),
			recordSubject(club.group, 'match-board'),
			matchSubject(table.table, 'match-live-1')
		]) {
			await expect(put(board, subject, { hostile: true }, 0)).rejects.toThrow(/permission/i);
		}
		await expect(invite(board, club.group, 'A stranger')).resolves.toEqual({
			ok: false,
			error: 'refused'
		});
		const after = await (
			await server.live.groupManager(club.group)
		).streams.info(groupStreamOf(club.group));
		expect(
			await (
				await server.live.groupManager(club.group)
			).streams
				.getMessage(groupStreamOf(club.group), {
					last_by_subj: playerSubject(club.group, 'player-board')
				})
				.catch(() => null)
		).toBeNull();

		// closed: the board is told, and no longer follows that table
		await must(closeGroupTable(ana, club.group, table.table));
		const closed = await readAll(board, groupStreamOf(club.group));
		expect(closed.get(boardTableSubject(club.group, table.table))?.body).toMatchObject({
			open: false
		});
		const asked = JSON.stringify({ from: 1 });
		await expect(
			board.request(readSubject(table.table, 'match-live-1'), asked, { timeout: 1_000 })
		).rejects.toThrow();
		expect(after.state.messages).toBeGreaterThan(0);
	});

	it('group: another group’s credential reads and writes nothing of this group', async () => {
		const zoe = await server.phone(other.member);
		await expect(readAll(zoe, groupStreamOf(club.group))).rejects.toThrow(/permission/i);
		await expect(put(zoe, recordSubject(club.group, 'match-x'), {}, 0)).rejects.toThrow(
			/permission/i
		);
		await expect(invite(zoe, club.group, 'Intruder')).resolves.toEqual({
			ok: false,
			error: 'refused'
		});
		const otherBoard = await server.phone(other.board);
		await expect(readAll(otherBoard, groupStreamOf(club.group))).rejects.toThrow(/permission/i);
		// a subscription to this group's member's inbox is refused by the server
		const refused = nextError(zoe);
		zoe.subscribe(`${inboxOf(club.member.user)}.>`);
		expect(await refused).toMatch(/permission/i);
	});

	it('group: bad requests are answered with a code and make nothing', async () => {
		const host = await server.phone(server.live.host);
		const ana = await server.phone(club.member);
		const before = readFileSync(join(server.dir, 'tables.json'), 'utf8');
		const raw = async (nc: NatsConnection, subject: string, body: string) =>
			(await nc.request(subject, body, { timeout: 5_000 })).json();
		const bad: [NatsConnection, string, string][] = [
			[host, PROVISION_GROUP_SUBJECT, 'not json'],
			[host, PROVISION_GROUP_SUBJECT, '{"name":"","label":"x"}'],
			[host, PROVISION_GROUP_SUBJECT, '{"name":"Club"}'],
			[host, PROVISION_GROUP_SUBJECT, JSON.stringify({ name: 'x'.repeat(61), label: 'a' })],
			[host, PROVISION_GROUP_SUBJECT, JSON.stringify({ name: 'a\u0000b', label: 'a' })],
			[host, PROVISION_GROUP_SUBJECT, '[1,2]'],
			[ana, groupProvisionSubject(club.group, 'invite'), '{"label":42}'],
			[ana, groupProvisionSubject(club.group, 'table'), '{"match":"m","game":"ill-pass"}'],
			[ana, groupProvisionSubject(club.group, 'table'), '{"match":"m.>","game":"x","names":["a"]}'],
			[ana, groupProvisionSubject(club.group, 'close'), '{"table":"../x"}'],
			[ana, groupProvisionSubject(club.group, 'remove'), '{"user":"admin"}'],
			[ana, groupProvisionSubject(club.group, 'remove'), '{}']
		];
		for (const [nc, subject, body] of bad) {
			expect(await raw(nc, subject, body), `${subject} ${body}`).toEqual({ error: 'bad-request' });
		}
		expect(
			await raw(ana, groupProvisionSubject(club.group, 'close'), '{"table":"abcdefabcdef"}')
		).toEqual({ error: 'unknown-table' });
		expect(
			await raw(ana, groupProvisionSubject(club.group, 'remove'), `{"user":"${other.member.user}"}`)
		).toEqual({ error: 'unknown-user' });
		// the client refuses a bad one before asking
		expect(await createGroup(host, '  ', 'x')).toEqual({ ok: false, error: 'bad-request' });
		expect(readFileSync(join(server.dir, 'tables.json'), 'utf8')).toBe(before);
	});

	it('group: a removed member is refused by the server from then on; its record says so', async () => {
		const ana = await server.phone(club.member);
		const chloe = await must(invite(ana, club.group, 'Chloé’s phone'));
		const phone = await server.phone(chloe.member, { reconnect: false });
		await readAll(phone, groupStreamOf(club.group));
		await must(removeMember(ana, club.group, chloe.member.user));
		expect(await closedWithin(phone, 5_000)).toBe(true);
		await expect(server.phone(chloe.member, { reconnect: false })).rejects.toThrow(
			/authorization/i
		);
		const record = await readAll(ana, groupStreamOf(club.group));
		expect(record.get(memberSubject(club.group, chloe.member.user))?.body).toMatchObject({
			label: 'Chloé’s phone',
			removed: true
		});
		// the board was not removed with it
		const board = await server.phone(club.board);
		expect((await readAll(board, groupStreamOf(club.group))).size).toBeGreaterThan(0);
	});

	it('group: revoke-member from the command line refuses the member and records it', async () => {
		const ana = await server.phone(club.member);
		const dan = await must(invite(ana, club.group, 'Dan’s phone'));
		const phone = await server.phone(dan.member, { reconnect: false });
		// the command asks the running server, which alone writes the registry
		expect(
			await adminRevoke(server.dir, {
				what: 'revoke-member',
				group: club.group,
				user: dan.member.user
			})
		).toBe(true);
		expect(await closedWithin(phone, 5_000)).toBe(true);
		// the provisioning process sees the registry change and writes the member's record
		let removed = false;
		for (let tries = 0; tries < 50 && !removed; tries++) {
			const record = await readAll(ana, groupStreamOf(club.group));
			removed = Boolean(
				(record.get(memberSubject(club.group, dan.member.user))?.body as { removed?: boolean })
					?.removed
			);
			if (!removed) await new Promise((resolve) => setTimeout(resolve, 100));
		}
		expect(removed).toBe(true);
		// and a new member made afterwards does not bring it back
		await must(invite(ana, club.group, 'Eve’s phone'));
		await expect(server.phone(dan.member, { reconnect: false })).rejects.toThrow(/authorization/i);
	});

	it('group: the record survives a server restart', async () => {
		const ana = await server.phone(club.member);
		const before = await readAll(ana, groupStreamOf(club.group));
		await server.live.kill(0, 'SIGKILL');
		await server.live.restart(0);
		const phone = await server.phone(club.member);
		const after = await readAll(phone, groupStreamOf(club.group));
		expect([...after.entries()]).toEqual([...before.entries()]);
		await put(phone, playerSubject(club.group, 'player-after'), { name: 'Fay' }, 0);
	}, 30_000);
});
