/**
 * The one retry path of the stream readers (ordered.ts, `readings`): a server that does not
 * answer is asked again, the wait doubling up to its most; each reading begins after what the
 * caller took (or afresh from the newest of each subject); what is pending is asked before the
 * first pull, so "nothing pending" never means "all delivered, not yet taken".
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliverPolicy, type JetStreamClient } from '@nats-io/jetstream';
import { ASK_AGAIN_MS, readings } from './ordered';

interface Asked {
	readonly deliver_policy: DeliverPolicy;
	readonly opt_start_seq?: number;
}

/** A JetStream client whose consumers fail `failures` times, then answer with `pending`. */
function server(failures: number, pending: number[]) {
	const asked: { at: number; options: Asked }[] = [];
	const order: string[] = [];
	const js = {
		consumers: {
			get: async (_stream: string, options: Asked) => {
				asked.push({ at: Date.now(), options });
				if (asked.length <= failures) throw new Error('no responders');
				return {
					info: async () => {
						order.push('info');
						return { num_pending: pending.shift() ?? 0 };
					},
					consume: async () => {
						order.push('consume');
						return { status: async function* () {}, stop() {} };
					}
				};
			}
		}
	} as unknown as JetStreamClient;
	return { js, asked, order };
}

afterEach(() => {
	vi.useRealTimers();
});

describe('readings: the one retry path', () => {
	it('readings: a server away is asked again, the wait doubling from the first to the most', async () => {
		vi.useFakeTimers({ now: 0 });
		const { js, asked } = server(6, [0]);
		const reads = readings(js, { stream: 'S', filter: 'f.>', after: () => 0, closed: () => false });
		const first = reads.next();
		await vi.runAllTimersAsync();
		expect((await first).value?.pending).toBe(0);
		const gaps = asked.slice(1).map((one, at) => one.at - asked[at].at);
		expect(gaps).toEqual([250, 500, 1_000, 2_000, 4_000, 4_000]);
		expect(ASK_AGAIN_MS).toEqual({ first: 250, most: 4_000 });
	});

	it('readings: each reading begins after what was taken, or from the newest of each subject', async () => {
		const { js, asked } = server(0, [3, 0]);
		let after = 0;
		const reads = readings(js, {
			stream: 'S',
			filter: 'f.>',
			after: () => after,
			closed: () => false
		});
		expect((await reads.next()).value?.pending).toBe(3);
		after = 41;
		expect((await reads.next()).value?.pending).toBe(0);
		expect(asked.map((one) => one.options)).toEqual([
			{ filter_subjects: 'f.>', deliver_policy: DeliverPolicy.LastPerSubject },
			{ filter_subjects: 'f.>', deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: 42 }
		]);
	});

	it('readings: what is pending is asked before the first pull, and a closed reader reads no more', async () => {
		const { js, order } = server(0, [5]);
		let closed = false;
		const reads = readings(js, {
			stream: 'S',
			filter: 'f.>',
			after: () => 0,
			closed: () => closed
		});
		await reads.next();
		expect(order).toEqual(['info', 'consume']);
		closed = true;
		expect((await reads.next()).done).toBe(true);
	});
});
