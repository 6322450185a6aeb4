import type { Attachment } from 'svelte/attachments';

/**
 * Arrow keys move between the buttons of a pad laid out in a grid, as a keypad does:
 * left/right to the previous/next enabled button, up/down by a row (read from the layout),
 * Home/End to the first/last. Tab still leaves the pad in one step.
 */
export const arrowKeys: Attachment<HTMLElement> = (pad) => {
	function onkeydown(event: KeyboardEvent) {
		const keys = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'];
		if (!keys.includes(event.key)) return;
		const buttons = [...pad.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
		const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
		if (at < 0 || buttons.length === 0) return;
		const next = target(buttons, at, event.key);
		if (next === at) return;
		event.preventDefault();
		buttons[next].focus();
	}
	pad.addEventListener('keydown', onkeydown);
	return () => pad.removeEventListener('keydown', onkeydown);
};

function target(buttons: HTMLButtonElement[], at: number, key: string): number {
	switch (key) {
		case 'ArrowLeft':
			return Math.max(0, at - 1);
		case 'ArrowRight':
			return Math.min(buttons.length - 1, at + 1);
		case 'Home':
			return 0;
		case 'End':
			return buttons.length - 1;
		default: {
			// the nearest button in the row above or below, by position on screen
			const from = buttons[at].getBoundingClientRect();
			const down = key === 'ArrowDown';
			let best = at;
			let bestScore = Infinity;
			buttons.forEach((button, index) => {
				const box = button.getBoundingClientRect();
				const dy = down ? box.top - from.top : from.top - box.top;
				if (dy < from.height / 2) return;
				const score = dy * 4 + Math.abs(box.left - from.left);
				if (score < bestScore) [best, bestScore] = [index, score];
			});
			return best;
		}
	}
}

/**
 * Moves the focus into `container`'s first control matching `selector`, once the screen has
 * drawn it; a pad disabled while the entry is being saved gets it when it comes back.
 */
export function focusFirst(
	container: HTMLElement | undefined,
	selector = 'button:not(:disabled)',
	frames = 30
) {
	requestAnimationFrame(() => {
		const target = container?.querySelector<HTMLElement>(selector);
		if (target) target.focus({ preventScroll: true });
		else if (frames > 0) focusFirst(container, selector, frames - 1);
	});
}
