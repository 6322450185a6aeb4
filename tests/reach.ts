import { expect, type Locator, type Page } from '@playwright/test';
import { pressed } from './helpers';

/**
 * A thumb on a phone: before each tap, the control must already be inside the viewport (no
 * scroll) and be the topmost element at its centre (no bar, toast or banner over it). The tap
 * is a real touch at that point, so nothing scrolls it into view for us.
 */
export class Thumb {
	/** taps so far, and per kind of entry: what a table pays for each action */
	taps = 0;
	readonly perAction = new Map<string, number[]>();
	#current: { kind: string; taps: number } | null = null;

	constructor(readonly page: Page) {}

	async tap(target: Locator, what = ''): Promise<void> {
		await expect(target).toBeVisible();
		await expect(target).toBeEnabled();
		const spot = await target.evaluate((element) => {
			const box = element.getBoundingClientRect();
			const x = box.left + box.width / 2;
			const y = box.top + box.height / 2;
			const top = document.elementFromPoint(x, y);
			return {
				x,
				y,
				box: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
				inside:
					box.top >= 0 &&
					box.left >= 0 &&
					box.bottom <= window.innerHeight &&
					box.right <= window.innerWidth,
				topmost: top !== null && (top === element || element.contains(top)),
				over: top ? top.outerHTML.slice(0, 160) : 'nothing',
				viewport: { width: window.innerWidth, height: window.innerHeight, scrollY: window.scrollY }
			};
		});
		const name = `${what || target.toString()}`;
		expect(
			spot.inside,
			`${name} is out of reach: ${JSON.stringify(spot.box)} in ${JSON.stringify(spot.viewport)}`
		).toBe(true);
		expect(spot.topmost, `${name} is covered by ${spot.over}`).toBe(true);
		await this.page.touchscreen.tap(spot.x, spot.y);
		pressed(this.page);
		this.taps++;
		if (this.#current) this.#current.taps++;
	}

	/** Counts the taps of one entry (a trick, a tile, a set) under its kind. */
	async entry(kind: string, enter: () => Promise<void>): Promise<void> {
		this.#current = { kind, taps: 0 };
		await enter();
		const list = this.perAction.get(kind) ?? [];
		list.push(this.#current.taps);
		this.perAction.set(kind, list);
		this.#current = null;
	}

	/** "trick: 9 taps (min 9, max 13, 24 entries)" per kind, for the README's taps table. */
	report(game: string): string {
		const rows = [...this.perAction].map(([kind, list]) => {
			const mean = list.reduce((a, b) => a + b, 0) / list.length;
			return `${kind}: mean ${mean.toFixed(1)}, min ${Math.min(...list)}, max ${Math.max(...list)} taps over ${list.length}`;
		});
		return `taps ${game} (${this.taps} in all): ${rows.join('; ')}`;
	}
}

/** Waits until the log holds `length` actions: the last entry was saved and is shown. */
export async function logged(page: Page, length: number): Promise<void> {
	await expect(page.getByTestId('log').locator('summary')).toContainText(`(${length})`);
}

/** A phone held in one hand, 360 x 640, with touch. */
export const smallPhone = {
	viewport: { width: 360, height: 640 },
	deviceScaleFactor: 2,
	isMobile: true,
	hasTouch: true
};
