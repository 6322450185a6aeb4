import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CatchUpCount, throttled } from './progress';

describe('catching up: how far', () => {
	it('group: nothing read is no figure; then taken of read and still to come', () => {
		const count = new CatchUpCount();
		expect(count.figure).toBeNull();
		count.read(9);
		expect(count.figure).toEqual({ taken: 0, total: 10 });
		for (let left = 8; left >= 5; left--) count.read(left);
		count.taken(5);
		expect(count.figure).toEqual({ taken: 5, total: 10 });
		// versions written to the group while it reads: the total grows with them
		count.read(7);
		expect(count.figure).toEqual({ taken: 5, total: 13 });
	});

	it('group: taken never passes the total, and the total never falls below what was read', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.oneof(
						fc.nat(1_000).map((n) => ['read', n] as const),
						fc.nat(600).map((n) => ['taken', n] as const)
					)
				),
				(steps) => {
					const count = new CatchUpCount();
					let read = 0;
					for (const [step, n] of steps) {
						if (step === 'read') {
							count.read(n);
							read++;
						} else count.taken(n);
						const figure = count.figure;
						if (read === 0) continue;
						expect(figure!.taken).toBeLessThanOrEqual(figure!.total);
						expect(figure!.total).toBeGreaterThanOrEqual(read);
					}
				}
			)
		);
	});
});

describe('catching up: shown a few times a second', () => {
	/** A clock moved by hand, its timers run when it passes them. */
	function manual() {
		let now = 0;
		let timers: { at: number; run: () => void }[] = [];
		return {
			now: () => now,
			later: (run: () => void, ms: number) => {
				const timer = { at: now + ms, run };
				timers.push(timer);
				return () => (timers = timers.filter((one) => one !== timer));
			},
			advance(ms: number) {
				now += ms;
				for (const timer of timers.filter((one) => one.at <= now)) {
					timers = timers.filter((one) => one !== timer);
					timer.run();
				}
			}
		};
	}

	it('group: the first figure at once, a burst once more at the end of the wait, never closer than 250 ms', () => {
		const clock = manual();
		const shown: number[] = [];
		const show = throttled(() => shown.push(clock.now()), 250, clock);
		show();
		expect(shown).toEqual([0]);
		for (let step = 0; step < 10; step++) {
			clock.advance(20);
			show();
		}
		expect(shown).toEqual([0]);
		clock.advance(50);
		expect(shown).toEqual([0, 250]);
		clock.advance(1_000);
		show();
		expect(shown).toEqual([0, 250, 1_250]);
	});

	it('group: cancelled, what waited is never shown', () => {
		const clock = manual();
		const shown: number[] = [];
		const show = throttled(() => shown.push(clock.now()), 250, clock);
		show();
		show();
		show.cancel();
		clock.advance(1_000);
		expect(shown).toEqual([0]);
	});
});
