/**
 * An append whose answer is lost is stored when its own entry comes back (docs/live.md, "A new
 * table: config reload"): nats-server 2.9.10 may drop the keeper's answers around a reload
 * while the entry it stored still reaches the table's feed and its `read` pages. The phone
 * takes its own entry, the same bytes, as the keeper's "stored", long before it would count
 * itself offline.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NatsConnection, SubscriptionOptions } from '@nats-io/nats-core';
import { LiveChannel } from './client';
import { ANA, sealed, startEntry } from './fixtures';
import { newId } from './protocol';
import { startTestLive, type TestLive } from './test-server';
import { appendSubject, feedSubject, matchSubject, streamOf } from '$lib/wire/names.js';

let server: TestLive;
let table: Awaited<ReturnType<TestLive['live']['createTable']>>;

beforeAll(async () => {
	server = await startTestLive();
	table = await server.live.createTable();
});

afterAll(async () => {
	await server?.stop();
});

/** Longer than the test's own timeout: an append that waits for its answer fails the test. */
const NEVER_MS = 60_000;

/**
 * A phone's connection whose appends reach the keeper but whose answers never come back, as
 * around a reload on 2.9.10; `deaf`: it hears nothing on the table's feed either.
 */
function losingAnswers(nc: NatsConnection, match: string, { deaf = false } = {}): NatsConnection {
	return new Proxy(nc, {
		get(target, name) {
			if (name === 'request') {
				return (subject: string, data: Uint8Array, options: { timeout: number }) => {
					if (subject !== appendSubject(table.table, match)) {
						return target.request(subject, data, options);
					}
					void target.request(subject, data, options).catch(() => {});
					return new Promise((_, reject) => {
						setTimeout(() => reject(new Error('TIMEOUT')), options.timeout).unref();
					});
				};
			}
			if (name === 'subscribe' && deaf) {
				return (subject: string, options: SubscriptionOptions) =>
					target.subscribe(
						subject,
						subject === feedSubject(table.table, match)
							? { ...options, callback: () => {} }
							: options
					);
			}
			const value = Reflect.get(target, name);
			return typeof value === 'function' ? value.bind(target) : value;
		}
	});
}

/** The stream sequence the server stored the match's last entry at, or null. */
async function storedAt(match: string) {
	const stored = await server.live.jsm.streams.getMessage(streamOf(table.table), {
		last_by_subj: matchSubject(table.table, match)
	});
	return stored?.seq ?? null;
}

describe('an append whose answer is lost', () => {
	it('is stored as soon as its own entry comes back on the feed', { timeout: 20_000 }, async () => {
		const match = 'lost-answer-feed';
		const nc = losingAnswers(await server.phone(table.writer), match);
		const pen = new LiveChannel(nc, table.table, match, { answerMs: NEVER_MS });
		void pen.follow(1, () => {});
		await nc.flush();
		const answer = await pen.append(await sealed(startEntry({ id: newId(), match, by: ANA })));
		expect(answer).toEqual({ ok: true, seq: await storedAt(match), duplicate: false });
		await pen.close();
	});

	it('is stored as soon as its own entry comes in a read page', { timeout: 20_000 }, async () => {
		const match = 'lost-answer-read';
		const nc = losingAnswers(await server.phone(table.writer), match, { deaf: true });
		const pen = new LiveChannel(nc, table.table, match, { answerMs: NEVER_MS });
		let taken = 0;
		void pen.follow(1, () => void taken++);
		await nc.flush();
		const answering = pen.append(await sealed(startEntry({ id: newId(), match, by: ANA })));
		// stored, unheard: the next read brings it
		await vi.waitFor(async () => expect(await storedAt(match)).not.toBeNull(), { timeout: 10_000 });
		pen.readAgain();
		expect(await answering).toEqual({ ok: true, seq: await storedAt(match), duplicate: false });
		await vi.waitFor(() => expect(taken).toBe(1), { timeout: 10_000 });
		await pen.close();
	});

	it('is not stored by an entry with other bytes', { timeout: 20_000 }, async () => {
		const match = 'lost-answer-other';
		const nc = losingAnswers(await server.phone(table.writer), match);
		// its answer comes after a short wait: the entry another phone stored is not this one
		const pen = new LiveChannel(nc, table.table, match, { answerMs: 1_000 });
		const other = new LiveChannel(await server.phone(table.writer), table.table, match);
		void pen.follow(1, () => {});
		await nc.flush();
		const first = await other.append(await sealed(startEntry({ id: newId(), match, by: ANA })));
		expect(first.ok).toBe(true);
		const answer = await pen.append(await sealed(startEntry({ id: newId(), match, by: ANA })));
		expect(answer).toEqual({ ok: false, why: 'offline' });
		await Promise.all([pen.close(), other.close()]);
	});
});
