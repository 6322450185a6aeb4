/**
 * How far a phone has caught up with its group (docs/group.md, "On the phone"): the versions
 * taken here (each batch's transaction committed, as `readTo` moves) of those this reading
 * brings, the ones read so far and the ones the server says are still to come. Pure: the sync
 * counts, the group's card words it.
 */

/** Versions taken of the versions this reading brings. */
export interface CatchUp {
	readonly taken: number;
	readonly total: number;
}

/** The fewest milliseconds between two figures shown: the card redrawn a few times a second. */
export const SHOWN_EVERY_MS = 250;

export class CatchUpCount {
	#read = 0;
	#toCome = 0;
	#taken = 0;

	/** A version read from the stream, with the server's count of those still to come after it. */
	read(toCome: number): void {
		this.#read++;
		this.#toCome = Math.max(0, toCome);
	}

	/** Versions whose batch is written here. */
	taken(count: number): void {
		this.#taken += count;
	}

	/** Nothing read yet: how many will come is not known. */
	get figure(): CatchUp | null {
		const total = this.#read + this.#toCome;
		if (total === 0) return null;
		return { taken: Math.min(this.#taken, total), total };
	}
}

/**
 * Runs `show` at most once every `every` ms: a call sooner is kept for the end of the wait,
 * so the last figure is always shown. `cancel` drops what waits.
 */
export function throttled(
	show: () => void,
	every = SHOWN_EVERY_MS,
	clock: { now: () => number; later: (run: () => void, ms: number) => () => void } = {
		now: () => Date.now(),
		later: (run, ms) => {
			const timer = setTimeout(run, ms);
			return () => clearTimeout(timer);
		}
	}
): { (): void; cancel: () => void } {
	let last = -Infinity;
	let waiting: (() => void) | null = null;
	const run = () => {
		waiting = null;
		last = clock.now();
		show();
	};
	const call = () => {
		if (waiting) return;
		const wait = last + every - clock.now();
		if (wait <= 0) run();
		else waiting = clock.later(run, wait);
	};
	call.cancel = () => {
		waiting?.();
		waiting = null;
	};
	return call;
}
