import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAY_AFTER_MS, SENT_SHOWN_MS, Waiting } from './waiting.svelte';

describe('entries waiting to be sent', () => {
	beforeEach(() => void vi.useFakeTimers());
	afterEach(() => void vi.useRealTimers());

	it('an entry answered at once is never said', () => {
		const waiting = new Waiting();
		waiting.update(1, false);
		vi.advanceTimersByTime(SAY_AFTER_MS / 4);
		waiting.update(0, false);
		vi.advanceTimersByTime(SAY_AFTER_MS * 2);
		expect([waiting.said, waiting.sent]).toEqual([false, false]);
	});

	it('the oldest unanswered past its time is said, counted as it grows, and "sent" once gone', () => {
		const waiting = new Waiting();
		waiting.update(1, false);
		vi.advanceTimersByTime(SAY_AFTER_MS);
		expect(waiting.said).toBe(true);
		waiting.update(2, false);
		expect([waiting.count, waiting.said]).toEqual([2, true]);
		waiting.update(0, false);
		expect([waiting.said, waiting.sent]).toEqual([false, true]);
		vi.advanceTimersByTime(SENT_SHOWN_MS);
		expect(waiting.sent).toBe(false);
	});

	it('the connection down says it at once', () => {
		const waiting = new Waiting();
		waiting.update(1, true);
		expect(waiting.said).toBe(true);
	});

	it('a new wait takes "sent" down, and its own time starts again', () => {
		const waiting = new Waiting();
		waiting.update(1, true);
		waiting.update(0, false);
		expect(waiting.sent).toBe(true);
		waiting.update(1, false);
		expect([waiting.sent, waiting.said]).toEqual([false, false]);
		vi.advanceTimersByTime(SAY_AFTER_MS);
		expect(waiting.said).toBe(true);
	});
});
