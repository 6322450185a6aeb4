/**
 * A request whose answer is lost is asked again and answered once (docs/group.md, "Requests"):
 * an invitation makes a member, so the phone names each request (`ask`) and the server answers
 * the same name with the same answer, made once, against a real nats-server.
 */
import { describe, expect, it } from 'vitest';
import type { NatsConnection, RequestOptions } from '@nats-io/nats-core';
import { createInbox } from '@nats-io/nats-core';
import { invite, openGroupTable } from '$lib/wire/provision';
import { groupProvisionSubject, memberSubject } from '$lib/wire/names.js';
import { readRegistry } from '../../../server/registry';
import { club, readAll, server, useGroupServer } from './group-server-fixtures';
import { groupStreamOf } from '$lib/wire/names.js';

useGroupServer();

/** The members the server has made for the club, read from the registry it writes. */
const membersOf = () => Object.keys(readRegistry(server.live.dataDir).groups[club.group].members);

/**
 * The phone's connection, its first request's answer lost on the way back (the WebSocket broke
 * as the server answered): the request reaches the server, the phone hears nothing and times out.
 */
function losingFirstAnswer(nc: NatsConnection) {
	let lost = 0;
	return new Proxy(nc, {
		get(target, key, receiver) {
			if (key !== 'request') return Reflect.get(target, key, receiver);
			return async (subject: string, data: string, options: RequestOptions) => {
				if (lost++ > 0) return target.request(subject, data, options);
				target.publish(subject, data, { reply: createInbox() });
				await target.flush();
				throw Object.assign(new Error('TIMEOUT'), { name: 'TimeoutError' });
			};
		}
	});
}

describe('a request asked again', () => {
	it('invite: an answer lost on the way is asked again and makes one member, not two', async () => {
		const ana = await server.phone(club.member);
		const before = membersOf().length;
		const ben = await invite(losingFirstAnswer(ana), club.group, 'Ben’s phone');
		expect(ben).toMatchObject({ ok: true });
		expect(membersOf()).toHaveLength(before + 1);
		if (!ben.ok) return;
		// the credential answered is the one the server made, and it works
		const phone = await server.phone(ben.value.member);
		const record = await readAll(phone, groupStreamOf(club.group));
		expect(record.get(memberSubject(club.group, ben.value.member.user))).toBeDefined();
	});

	it('invite: the same request twice at once is one member, both answered alike', async () => {
		const ana = await server.phone(club.member);
		const before = membersOf().length;
		const body = JSON.stringify({
			label: 'Cleo’s phone',
			ask: '6f1c1c52-4a43-4c47-9d52-0c1b2b8f7a10'
		});
		const subject = groupProvisionSubject(club.group, 'invite');
		const [one, two] = await Promise.all([
			ana.request(subject, body, { timeout: 15_000 }),
			ana.request(subject, body, { timeout: 15_000 })
		]);
		expect(one.json()).toEqual(two.json());
		expect(membersOf()).toHaveLength(before + 1);
		// another request, not asked before: another member
		const three = await ana.request(
			subject,
			JSON.stringify({ label: 'Cleo’s phone', ask: '0e3f4b8a-5c1d-4e2f-8a9b-1c2d3e4f5a6b' }),
			{ timeout: 15_000 }
		);
		expect(three.json()).not.toEqual(one.json());
		expect(membersOf()).toHaveLength(before + 2);
		// a name not in the one form of id is no name: each asking makes its own
		const unnamed = JSON.stringify({ label: 'Dan’s phone', ask: 'not-an-id' });
		await ana.request(subject, unnamed, { timeout: 15_000 });
		await ana.request(subject, unnamed, { timeout: 15_000 });
		expect(membersOf()).toHaveLength(before + 4);
	});

	it('table: a table asked again is one table', async () => {
		const ana = await server.phone(club.member);
		const tables = () => Object.keys(readRegistry(server.live.dataDir).tables).length;
		const before = tables();
		const table = { match: 'm-again', game: 'dominoes' as const, names: ['Ana', 'Ben'] };
		expect(await openGroupTable(losingFirstAnswer(ana), club.group, table)).toMatchObject({
			ok: true
		});
		expect(tables()).toBe(before + 1);
	});
});
