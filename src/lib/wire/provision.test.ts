/**
 * The phone's requests against a stand-in connection: what it sends, and how every kind of
 * answer (or none) becomes a value or a code, never an exception (docs/group.md, "Requests").
 * The real server answers in src/lib/live/group-server.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { closeGroupTable, createGroup, invite, openGroupTable, removeMember } from './provision';

const credential = (user: string) => ({ user, pass: 'q2Vt3fZb9yH7wX1cK5mN8pR4sT6uV0aB' });
const group = 'abcdef123456';

/** A connection whose requests are answered by `reply` (a value is sent back as JSON). */
function fake(reply: (subject: string, body: unknown, call: number) => unknown) {
	const sent: { subject: string; body: unknown }[] = [];
	const nc = {
		isClosed: () => false,
		async request(subject: string, data: string) {
			const body = JSON.parse(data);
			sent.push({ subject, body });
			const answer = reply(subject, body, sent.length);
			if (answer instanceof Error) throw answer;
			return {
				json: () => (typeof answer === 'string' ? JSON.parse(answer) : answer)
			};
		}
	} as unknown as NatsConnection;
	return { nc, sent };
}

describe('group requests from a phone', () => {
	it('group: sends each request on its subject and reads its answer', async () => {
		const made = {
			group,
			name: 'Club',
			member: credential(`${group}-mabcdefgh`),
			board: credential(`${group}-babcdefgh`)
		};
		const { nc, sent } = fake((subject) => {
			if (subject === 'passpad.provision.group') return made;
			if (subject.endsWith('.invite')) return { group, name: 'Club', member: made.member };
			if (subject.endsWith('.table')) {
				return { table: 'table0000001', writer: credential('w'), reader: credential('r') };
			}
			if (subject.endsWith('.close')) return { table: 'table0000001' };
			return { user: made.member.user };
		});
		expect(await createGroup(nc, ' Club ', 'Ana')).toEqual({ ok: true, value: made });
		expect(await invite(nc, group, 'Ben')).toMatchObject({ ok: true });
		const table = { match: 'm-1', game: 'dominoes' as const, names: ['Ana', 'Ben'] };
		expect(await openGroupTable(nc, group, table)).toMatchObject({ ok: true });
		expect(await closeGroupTable(nc, group, 'table0000001')).toMatchObject({ ok: true });
		expect(await removeMember(nc, group, made.member.user)).toMatchObject({ ok: true });
		// each request named by its own id, so the server makes it once (server/asked.ts)
		const ask = expect.stringMatching(/^[0-9a-f-]{36}$/);
		expect(sent).toEqual([
			{ subject: 'passpad.provision.group', body: { name: 'Club', label: 'Ana', ask } },
			{ subject: `passpad.provision.g.${group}.invite`, body: { label: 'Ben', ask } },
			{ subject: `passpad.provision.g.${group}.table`, body: { ...table, ask } },
			{ subject: `passpad.provision.g.${group}.close`, body: { table: 'table0000001', ask } },
			{ subject: `passpad.provision.g.${group}.remove`, body: { user: made.member.user, ask } }
		]);
		expect(new Set(sent.map(({ body }) => (body as { ask: string }).ask)).size).toBe(5);
	});

	it('group: a refusal, a strange answer or none is a code', async () => {
		const answers: unknown[] = [
			{ error: 'unknown-group' },
			{ error: 'something we never said' },
			{ group, name: 'Club' },
			'not json',
			Object.assign(new Error('Permissions Violation for Publish to "x"'), {
				name: 'PermissionViolationError'
			}),
			new Error('TIMEOUT')
		];
		const codes = [];
		// none: asked again until the phone's wait is over, on the test's clock
		vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
		try {
			for (const answer of answers) {
				const { nc } = fake(() => answer);
				const asking = invite(nc, group, 'Ben');
				await vi.advanceTimersByTimeAsync(20_000);
				codes.push(await asking.then((result) => (result.ok ? 'ok' : result.error)));
			}
		} finally {
			vi.useRealTimers();
		}
		expect(codes).toEqual([
			'unknown-group',
			'bad-answer',
			'bad-answer',
			'bad-answer',
			'refused',
			'no-answer'
		]);
	});

	it('group: asks again while nobody answers yet (the server restarting), then hears it', async () => {
		const { nc, sent } = fake((_, __, call) =>
			call < 3 ? new Error("no responders: 'passpad.provision.g'") : { user: `${group}-mabcdefgh` }
		);
		expect(await removeMember(nc, group, `${group}-mabcdefgh`)).toMatchObject({ ok: true });
		expect(sent).toHaveLength(3);
		// asked again under the same name: the server answers it once
		expect(new Set(sent.map(({ body }) => (body as { ask: string }).ask)).size).toBe(1);
	});

	it('group: an answer not heard is asked again under the same name, then heard', async () => {
		const { nc, sent } = fake((_, __, call) =>
			call < 2 ? new Error('TIMEOUT') : { user: `${group}-mabcdefgh` }
		);
		expect(await removeMember(nc, group, `${group}-mabcdefgh`)).toMatchObject({ ok: true });
		expect(sent).toHaveLength(2);
		expect(sent[0].body).toEqual(sent[1].body);
	});

	it('group: a request not in its form is refused here and never sent', async () => {
		const { nc, sent } = fake(() => ({}));
		const refused = [
			await createGroup(nc, '', 'Ana'),
			await createGroup(nc, 'Club', 'x'.repeat(61)),
			await invite(nc, 'NOT-A-GROUP', 'Ben'),
			await invite(nc, group, 'tab\there'),
			await openGroupTable(nc, group, { match: 'a b', game: 'dominoes', names: ['A'] }),
			await openGroupTable(nc, group, {
				match: 'm',
				game: 'chess' as 'dominoes',
				names: ['A']
			}),
			await openGroupTable(nc, group, { match: 'm', game: 'dominoes', names: [] }),
			await closeGroupTable(nc, group, 'x'),
			await removeMember(nc, group, 'host')
		];
		expect(refused.every((result) => !result.ok && result.error === 'bad-request')).toBe(true);
		expect(sent).toEqual([]);
	});
});
