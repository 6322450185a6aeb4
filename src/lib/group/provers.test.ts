import { describe, expect, it, vi } from 'vitest';
import { newId } from '$lib/wire/ids';
import { recordSubject } from '$lib/wire/names.js';
import { illPassVersion, type ClubSeat } from './fixtures';
import { writeVersion } from './record';
import { proveBatch, type PackedBatch } from './prove-batch';
import { inPage, workerPool, workersFor, type ProofWorker } from './provers';
import type { Message } from './core';

const group = 'benchclub02';
const seats: ClubSeat[] = ['Ana', 'Ben', 'Chloé'].map((name) => ({ player: newId(), name }));

function messages(count: number, bad: number): Message[] {
	return Array.from({ length: count }, (_, at) => {
		const id = newId();
		const version = illPassVersion('phone-ana-0001', id, seats, { seed: at + 1, at, span: 9 });
		if (at === bad) version.log.unshift({ action: { type: 'take' }, at: 0 });
		return {
			subject: recordSubject(group, id),
			seq: at + 1,
			msgId: `m${at}`,
			data: writeVersion(version)
		};
	});
}

/** A worker in this thread: what prove.worker.ts does, through a copy as between threads. */
class FakeWorker implements ProofWorker {
	listeners: Record<string, ((event: Event | MessageEvent) => void)[]> = {};
	asked = 0;
	constructor(
		private readonly broken = false,
		/** never answers (a worker stuck, or its answers lost) */
		private readonly silent = false,
		/** each part of the answer after this many milliseconds */
		private readonly partEvery = 0
	) {}
	addEventListener(type: string, listener: (event: Event | MessageEvent) => void) {
		(this.listeners[type] ??= []).push(listener);
	}
	postMessage({ id, packed }: { id: number; packed: PackedBatch }) {
		this.asked++;
		const copy = structuredClone(packed);
		if (this.silent) return;
		queueMicrotask(async () => {
			if (this.broken) {
				for (const listener of this.listeners.error ?? []) listener(new Event('error'));
				return;
			}
			// in parts, as prove.worker.ts answers
			const proven = proveBatch(copy);
			const parts = [proven.slice(0, 2), proven.slice(2), []];
			for (const [at, part] of parts.entries()) {
				if (this.partEvery > 0) await new Promise((done) => setTimeout(done, this.partEvery));
				const data = structuredClone({ id, proven: part, done: at === parts.length - 1 });
				for (const listener of this.listeners.message ?? []) {
					listener(new MessageEvent('message', { data }));
				}
			}
		});
	}
	terminate() {}
}

describe("group: who proves a joining phone's batches", () => {
	it('group: workers beside the page prove a batch as the page would: every good match, and the bad one refused with its word', async () => {
		const batch = messages(7, 4);
		const made: FakeWorker[] = [];
		const pool = workerPool(2, () => {
			const worker = new FakeWorker();
			made.push(worker);
			return worker;
		});
		const proven = await pool(group, batch);
		expect(made.map((worker) => worker.asked)).toEqual([1, 1]);
		expect(proven).toEqual(await inPage(group, batch));
		expect([...proven.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
		expect(proven.get(5)).toMatchObject({ kind: 'refused', why: 'illegal' });
		for (const seq of [1, 2, 3, 4, 6, 7]) expect(proven.get(seq)?.kind).toBe('apply');
		pool.stop();
	});

	it('group: a worker that fails leaves the batch, and every batch after it, to the page', async () => {
		const batch = messages(4, -1);
		let made = 0;
		const pool = workerPool(1, () => (made++, new FakeWorker(true)));
		expect(await pool(group, batch)).toEqual(await inPage(group, batch));
		expect(await pool(group, batch.slice(2))).toEqual(await inPage(group, batch.slice(2)));
		expect(made).toBe(1);
	});

	it('group: a worker that never answers does not stall a join: past the wait, the page proves that batch and every one after it', async () => {
		const batch = messages(4, 1);
		const made: FakeWorker[] = [];
		const pool = workerPool(
			1,
			() => {
				const worker = new FakeWorker(false, true);
				made.push(worker);
				return worker;
			},
			10
		);
		expect(await pool(group, batch)).toEqual(await inPage(group, batch));
		expect(await pool(group, batch.slice(1))).toEqual(await inPage(group, batch.slice(1)));
		expect(made.map((worker) => worker.asked)).toEqual([1]);
	});

	it('group: a worker answering part by part is waited for, however long the whole batch takes', async () => {
		vi.useFakeTimers();
		try {
			const batch = messages(5, -1);
			const made: FakeWorker[] = [];
			// each part comes 60 ms after the last, the whole answer in 180 ms: past a wait of 100
			const pool = workerPool(
				1,
				() => {
					const worker = new FakeWorker(false, false, 60);
					made.push(worker);
					return worker;
				},
				100
			);
			const proving = pool(group, batch);
			await vi.advanceTimersByTimeAsync(200);
			const proven = await proving;
			expect([...proven.keys()].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
			// the worker kept: the next batch is its too
			const next = pool(group, batch.slice(3));
			await vi.advanceTimersByTimeAsync(200);
			expect((await next).size).toBe(2);
			expect(made.map((worker) => worker.asked)).toEqual([2]);
			pool.stop();
		} finally {
			vi.useRealTimers();
		}
	});

	it('group: a browser that cannot start a worker proves in the page', async () => {
		const batch = messages(3, 0);
		const pool = workerPool(2, () => {
			throw new Error('blocked');
		});
		const proven = await pool(group, batch);
		expect(proven).toEqual(await inPage(group, batch));
		expect(proven.get(1)).toMatchObject({ kind: 'refused', why: 'illegal' });
	});

	it('group: one core is left to the page, at most three workers', () => {
		expect([undefined, 1, 2, 4, 8].map(workersFor)).toEqual([1, 1, 1, 3, 3]);
	});
});
