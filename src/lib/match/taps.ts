/**
 * Counts the taps (pointer presses) on the page, so the match can tell a double tap (the same
 * button twice, nothing in between) from two entries with other taps between them.
 */
let count = 0;
let listening = false;

/** Taps so far; null where there is no page to tap (unit tests, which pass their own). */
export function tapCount(): number | null {
	if (typeof window === 'undefined') return null;
	if (!listening) {
		listening = true;
		window.addEventListener('pointerdown', () => count++, { capture: true, passive: true });
	}
	return count;
}

/** Where a session reads taps and time from: the page, or a test's own. */
export interface TapSource {
	taps(): number | null;
	now(): number;
}

export const pageTaps: TapSource = { taps: tapCount, now: () => performance.now() };
