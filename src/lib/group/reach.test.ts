import { describe, expect, it } from 'vitest';
import type { NatsConnection } from '@nats-io/nats-core';
import { Reach } from './reach';

/** A connection whose socket stays open and whose server answers only when `answering`. */
function silentConnection() {
	const state = { answering: false, closed: false };
	const nc = {
		closed: () => new Promise(() => {}),
		isClosed: () => state.closed,
		// no news from the socket: it neither closes nor reconnects
		status: () => ({ [Symbol.asyncIterator]: () => ({ next: () => new Promise(() => {}) }) }),
		rtt: () => (state.answering ? Promise.resolve(1) : new Promise<number>(() => {}))
	} as unknown as NatsConnection;
	return { nc, state };
}

const until = async (check: () => boolean) => {
	for (let tries = 0; tries < 200 && !check(); tries++) {
		await new Promise((done) => setTimeout(done, 5));
	}
	expect(check()).toBe(true);
};

const quick = { every: 5, wait: 20 };

describe('reach: whether the group can be heard (docs/group.md)', () => {
	it('a send left unanswered is offline until the server answers a question, then online again', async () => {
		const { nc, state } = silentConnection();
		const told: boolean[] = [];
		const reach = new Reach(nc, (online) => told.push(online), null, quick).watch();
		expect(reach.online).toBe(true);
		reach.unanswered();
		expect(reach.online).toBe(false);
		await new Promise((done) => setTimeout(done, 60));
		expect(reach.online).toBe(false);
		state.answering = true;
		await until(() => reach.online);
		expect(told).toEqual([false, true]);
		reach.stop();
	});

	it("the browser's offline is offline at once; its online waits for the server's answer", async () => {
		const { nc, state } = silentConnection();
		const events = new EventTarget();
		const told: boolean[] = [];
		const reach = new Reach(
			nc,
			(online) => told.push(online),
			events as unknown as Window,
			quick
		).watch();
		events.dispatchEvent(new Event('offline'));
		expect(reach.online).toBe(false);
		// the server answers, but the browser still says offline: nothing is sent
		state.answering = true;
		await new Promise((done) => setTimeout(done, 60));
		expect(reach.online).toBe(false);
		state.answering = false;
		events.dispatchEvent(new Event('online'));
		await new Promise((done) => setTimeout(done, 60));
		expect(reach.online).toBe(false);
		state.answering = true;
		await until(() => reach.online);
		expect(told).toEqual([false, true]);
		reach.stop();
	});
});
