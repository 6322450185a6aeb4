/**
 * What a double tap looks like from the page: the presses so far and the control the last one
 * landed on (by pointer, or the focused control for a key). Two presses of the same control in
 * a row, close in time, are one tap landing twice; presses on two controls are two entries.
 */
let count = 0;
let target: Element | null = null;
let listening = false;

function listen() {
	if (listening) return;
	listening = true;
	const press = (element: Element | null) => {
		count++;
		target = element?.closest('button, [role="button"], input, label') ?? element;
	};
	window.addEventListener('pointerdown', (event) => press(event.target as Element), {
		capture: true,
		passive: true
	});
	// typing a new value (a total) between two submits makes them two entries
	window.addEventListener('input', (event) => press(event.target as Element), {
		capture: true,
		passive: true
	});
	window.addEventListener(
		'keydown',
		(event) => {
			if (event.key === 'Enter' || event.key === ' ') press(document.activeElement);
		},
		{ capture: true, passive: true }
	);
}

export interface Press {
	/** presses so far */
	readonly count: number;
	/** the control the last press landed on */
	readonly target: unknown;
}

/** Where a session reads presses and time from: the page, or a test's own. */
export interface TapSource {
	/** null where there is no page to press (then nothing counts as a double tap) */
	press(): Press | null;
	now(): number;
}

export const pageTaps: TapSource = {
	press() {
		if (typeof window === 'undefined') return null;
		listen();
		return { count, target };
	},
	now: () => performance.now()
};
