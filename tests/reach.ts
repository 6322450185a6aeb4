import { expect, type Locator, type Page } from '@playwright/test';
import { nextPress, pressed } from './helpers';

/**
 * A thumb on a phone: before each tap, the control must already be inside the viewport (no
 * scroll) and be the topmost element at its centre (no bar, toast or banner over it). The tap
 * is a real touch at that point, so nothing scrolls it into view for us.
 */
export class Thumb {
	/** taps so far, and per kind of entry: what a table pays for each action */
	taps = 0;
	/** taps whose control was out of reach or covered: what a person had to scroll for first */
	readonly misses: string[] = [];
	readonly perAction = new Map<string, number[]>();
	#current: { kind: string; taps: number } | null = null;

	constructor(readonly page: Page) {}

	/** Where a tap on the control lands, whether it is there to tap, and what covers it. */
	#spot(target: Locator) {
		return target.evaluate(
			(element) => {
				const box = element.getBoundingClientRect();
				const x = box.left + box.width / 2;
				const y = box.top + box.height / 2;
				const top = document.elementFromPoint(x, y);
				// shown and enabled as Playwright's toBeVisible and toBeEnabled read them
				const ready =
					box.width > 0 &&
					box.height > 0 &&
					getComputedStyle(element).visibility === 'visible' &&
					!element.matches(':disabled') &&
					element.closest('[aria-disabled="true"]') === null;
				// the control the tap lands on, as the double-tap guard names it (src/lib/match/taps.ts)
				const control = element.closest('button, [role="button"], input, label') ?? element;
				const page = window as unknown as { thumbLastControl?: Element };
				const sameControl = page.thumbLastControl === control;
				if (ready) page.thumbLastControl = control;
				return {
					ready,
					sameControl,
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
					viewport: {
						width: window.innerWidth,
						height: window.innerHeight,
						scrollY: window.scrollY
					}
				};
			},
			undefined,
			// as long as an expect waits for a control to appear (playwright.config.ts)
			{ timeout: 10_000 }
		);
	}

	async tap(target: Locator, what = ''): Promise<void> {
		// one look at the control in the page; only when it is not yet shown and enabled (the
		// screen still answering the last tap) does the thumb wait for it, as toBeVisible and
		// toBeEnabled do, then look again: one round trip a tap on a settled screen, not three
		let spot = await this.#spot(target);
		if (!spot.ready) {
			await expect(target).toBeVisible();
			await expect(target).toBeEnabled();
			spot = await this.#spot(target);
			if (!spot.ready) throw new Error(`${what || target.toString()} is not shown and enabled`);
		}
		const name = `${what || target.toString()}`;
		if (!spot.inside || !spot.topmost) {
			// counted, then reached as a person would: scrolled to, and the run goes on (the
			// page stays scrolled, as a phone's does, so the next taps meet what a person meets)
			this.misses.push(
				spot.inside
					? `${name} is covered by ${spot.over}`
					: `${name} is out of reach: ${JSON.stringify(spot.box)} in ${JSON.stringify(spot.viewport)}`
			);
			await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
			const again = await target.evaluate((element) => {
				const box = element.getBoundingClientRect();
				return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
			});
			Object.assign(spot, again);
		}
		// the same control pressed again is a second entry only after the double-tap guard's
		// pause (docs/rulings.md); another control, or this one re-drawn, needs no pause
		if (spot.sameControl) await nextPress(this.page);
		await this.page.touchscreen.tap(spot.x, spot.y);
		pressed(this.page);
		this.taps++;
		this.lowest = Math.max(this.lowest, spot.box.bottom);
		if (this.#current) this.#current.taps++;
	}

	/**
	 * Holds the rule for a control without tapping it (a notice's pad under it, while the
	 * notice's own button is what the table taps next): a miss is counted like a tap's.
	 */
	async look(target: Locator, what = ''): Promise<void> {
		await expect(target).toBeVisible();
		const spot = await target.evaluate((element) => {
			const box = element.getBoundingClientRect();
			const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
			return {
				inside:
					box.top >= 0 &&
					box.left >= 0 &&
					box.bottom <= window.innerHeight &&
					box.right <= window.innerWidth,
				topmost: top !== null && (top === element || element.contains(top)),
				bottom: box.bottom
			};
		});
		this.looked++;
		if (!spot.inside || !spot.topmost) {
			this.misses.push(
				`${what || target.toString()} (looked at) is out of reach: bottom ${spot.bottom}`
			);
		}
	}
	looked = 0;
	/** the lowest bottom edge of a tapped control: 640 minus it is the room left on a phone */
	lowest = 0;

	/** Counts the taps of one entry (a trick, a tile, a set) under its kind. */
	async entry(kind: string, enter: () => Promise<void>): Promise<void> {
		this.#current = { kind, taps: 0 };
		await enter();
		const list = this.perAction.get(kind) ?? [];
		list.push(this.#current.taps);
		this.perAction.set(kind, list);
		this.#current = null;
	}

	/** "trick: 9 taps (min 9, max 13, 24 entries)" per kind, for bench/RESULTS.md, "Taps". */
	report(game: string): string {
		const rows = [...this.perAction].map(([kind, list]) => {
			const mean = list.reduce((a, b) => a + b, 0) / list.length;
			return `${kind}: mean ${mean.toFixed(1)}, min ${Math.min(...list)}, max ${Math.max(...list)} taps over ${list.length}`;
		});
		return `taps ${game} (${this.taps} in all, ${this.misses.length} needed a scroll): ${rows.join('; ')}`;
	}

	/** Prints how many taps needed a scroll first, then holds the rule: none. */
	expectAllInReach(game: string): void {
		console.log(
			`reach ${game}: ${this.misses.length} of ${this.taps} taps and ${this.looked} controls looked at needed a scroll; lowest control's bottom ${Math.round(this.lowest)} px`
		);
		expect(this.misses, this.misses.join('\n')).toEqual([]);
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
