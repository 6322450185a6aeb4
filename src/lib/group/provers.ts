/**
 * Who proves a joining phone's batches (docs/group.md, "On the phone"): workers beside the page
 * where the browser has them, so the replay of thousands of matches runs on another core while
 * the page reads the stream and writes; else the page itself, giving way to its events now and
 * then. Both give prove-batch.ts's decisions; should a worker fail, or go silent, the page
 * proves the batch.
 */
import type { Message } from './core';
import { packBatch, proveFresh, type PackedBatch } from './prove-batch';
import type { Decision } from './reconcile';

/** Decisions made ahead for a batch's matches, by stream sequence. */
export type Proofs = Map<number, Decision>;

/** A batch's matches proven as things new here. */
export type Prover = (group: string, batch: readonly Message[]) => Promise<Proofs>;

/** How long a proof in the page runs before IndexedDB's events get their turn. */
const SLICE_MS = 12;
/** Lets the browser's queued events run (scheduler.yield where there is one). */
const giveWay = (): Promise<void> => {
	const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	return scheduler?.yield ? scheduler.yield() : new Promise((done) => setTimeout(done, 0));
};

/** The page proves the batch itself, in slices. */
export const inPage: Prover = async (group, batch) => {
	const proven: Proofs = new Map();
	let since = performance.now();
	for (const message of batch) {
		const decision = proveFresh(group, message);
		if (!decision) continue;
		proven.set(message.seq, decision);
		if (performance.now() - since > SLICE_MS) {
			await giveWay();
			since = performance.now();
		}
	}
	return proven;
};

/** What a worker is to the pool: a browser Worker, or a test's stand-in. */
export interface ProofWorker {
	postMessage(message: { id: number; packed: PackedBatch }, transfer: Transferable[]): void;
	addEventListener(
		type: 'message' | 'error',
		listener: (event: MessageEvent<Answer> | Event) => void
	): void;
	terminate(): void;
}

/** A part of a worker's answer (prove.worker.ts sends a batch's decisions a few at a time). */
interface Answer {
	readonly id: number;
	readonly proven?: [number, Decision][];
	/** the last part */
	readonly done?: boolean;
	readonly failed?: true;
}

/** The browser's worker running prove.worker.ts (Vite builds it as a chunk of its own). */
const browserWorker = (): ProofWorker =>
	new Worker(new URL('./prove.worker.ts', import.meta.url), { type: 'module' });

/**
 * How long a worker may go without sending a part of its answer (25 decisions: prove.worker.ts)
 * before it is taken for stalled and the page proves: far longer than 25 proofs take on a
 * loaded phone, so only a worker that never answers meets it (a join never waits on one).
 */
export const STALL_MS = 15_000;

/** Workers to keep beside the page: one core left to it, at most 3. */
export const workersFor = (cores: number | undefined) => Math.max(1, Math.min(3, (cores ?? 2) - 1));

/**
 * A pool of `count` workers, each sent a share of the batch. Any failure (a worker that cannot
 * start, a batch it could not prove) ends the pool: that batch and the rest are proven in the
 * page. `stop` ends the workers.
 */
export function workerPool(
	count: number,
	make: () => ProofWorker = browserWorker,
	stallMs = STALL_MS
): Prover & { stop(): void } {
	let workers: ProofWorker[] | null = null;
	let broken = false;
	let asked = 0;
	const waiting = new Map<
		number,
		{
			parts: [number, Decision][][];
			done: (answer: Answer) => void;
			/** a part came: the worker has another STALL_MS for the next */
			again: () => void;
			stalled: () => void;
		}
	>();
	const fail = () => {
		broken = true;
		for (const { done, stalled } of waiting.values()) {
			stalled();
			done({ id: -1, failed: true });
		}
		waiting.clear();
		stop();
	};
	/** A timer that fails the pool unless the worker answers within stallMs; run again on each part. */
	const watch = () => {
		let timer = setTimeout(fail, stallMs);
		return {
			again: () => {
				clearTimeout(timer);
				timer = setTimeout(fail, stallMs);
			},
			stalled: () => clearTimeout(timer)
		};
	};
	const start = () => {
		try {
			workers = Array.from({ length: count }, () => {
				const worker = make();
				worker.addEventListener('message', (event) => {
					const answer = (event as MessageEvent<Answer>).data;
					const ask = waiting.get(answer.id);
					if (!ask) return;
					if (answer.proven) ask.parts.push(answer.proven);
					if (answer.proven && !answer.done) return ask.again();
					ask.stalled();
					waiting.delete(answer.id);
					ask.done(answer.failed ? answer : { id: answer.id, proven: ask.parts.flat() });
				});
				worker.addEventListener('error', fail);
				return worker;
			});
		} catch {
			fail();
		}
	};
	const stop = () => {
		for (const worker of workers ?? []) worker.terminate();
		workers = null;
	};
	const ask = (worker: ProofWorker, group: string, share: readonly Message[]) =>
		new Promise<Answer>((done) => {
			const id = ++asked;
			waiting.set(id, { parts: [], done, ...watch() });
			const packed = packBatch(group, share);
			worker.postMessage({ id, packed }, [packed.bytes]);
		});
	const prove: Prover = async (group, batch) => {
		if (!workers && !broken) start();
		if (broken || !workers) return inPage(group, batch);
		const pool = workers;
		const size = Math.ceil(batch.length / pool.length);
		const answers = await Promise.all(
			pool.map((worker, at) => ask(worker, group, batch.slice(at * size, (at + 1) * size)))
		);
		if (answers.some((answer) => !answer.proven)) {
			fail();
			return inPage(group, batch);
		}
		return new Map(answers.flatMap((answer) => answer.proven!));
	};
	return Object.assign(prove, { stop });
}

/** Workers where the browser has them, else the page. */
export function defaultProver(): Prover & { stop(): void } {
	if (typeof Worker === 'undefined') return Object.assign(inPage, { stop() {} });
	return workerPool(workersFor(globalThis.navigator?.hardwareConcurrency));
}
