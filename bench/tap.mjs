// Tap to painted screen: how long a player waits, in a long match, between
// touching a button and seeing its action done on screen. Prints figures, asserts none.
//
// The match: I'll Pass, three players, played through the screens to 200 actions (reveals,
// passes and takes; the seeding taps are plain clicks). Then "Pass: pay 1 chip" is touched
// again and again, each touch a real one (and undone after, by a click on Undo, so that each
// touch is the next action of the same 200-action match): a touchStart and a touchEnd at the button's centre
// through the Chrome DevTools Protocol (Input.dispatchTouchEvent), which the browser turns into
// pointer events, a tap gesture and a click, as it does for a finger. Between two touches the
// bench waits as players do (the match drops a second press of the same button within 300 ms
// as a double tap).
//
// What one figure is, measured in the page (performance.now() and event.timeStamp share one
// clock):
//   from: the touch's pointerup event's timeStamp: the time the browser received the finger's
//         lift (touchEnd), which is when a tap acts (its click follows it);
//   to:   the end of the first frame rendered after the screen changed to show the action: a
//         MutationObserver sees the first DOM change after the action's commit (the session's
//         'passpad:commit' User Timing), requestAnimationFrame waits for the next frame, and a
//         message posted from that frame's callback runs once the frame's rendering (style,
//         layout, paint) is done. The compositor's presentation follows a few ms later; this
//         is the main thread's share, as the Event Timing API (INP) counts it, but to the
//         screen showing the result rather than to the handler's next frame (the commit is
//         asynchronous and would be missed).
// It also prints the IndexedDB commit inside it, and the live-query echo: the reads the
// session's live query makes after its own write (timed by wrapping IndexedDB's read calls:
// from the first read it starts after the commit to the last one answered, and the rows read).
import { devices } from '@playwright/test';

const ACTIONS = 200;
const TAPS = Number(process.env.TAP_RUNS ?? 50);

/** Installed before the app's scripts: the read timing and the per-tap probe. */
function probe() {
	const reads = [];
	const wrap = (proto, name) => {
		const original = proto[name];
		proto[name] = function (...args) {
			const request = original.apply(this, args);
			const read = { name, start: performance.now(), end: null, rows: 0 };
			reads.push(read);
			request.addEventListener('success', () => {
				read.end = performance.now();
				const result = request.result;
				read.rows += Array.isArray(result) ? result.length : result ? 1 : 0;
			});
			return request;
		};
	};
	for (const proto of [IDBObjectStore.prototype, IDBIndex.prototype]) {
		for (const name of ['get', 'getAll', 'getAllKeys', 'openCursor', 'count']) wrap(proto, name);
	}
	const commits = () => performance.getEntriesByName('passpad:commit', 'measure');
	window.__tap = {
		/** Resolves with the timings of the next touch's action, once it is on screen. */
		arm() {
			const before = commits().length;
			let input = null;
			const up = (event) => {
				if (input === null && event.isTrusted) input = event.timeStamp;
			};
			addEventListener('pointerup', up, { capture: true });
			this.result = new Promise((resolve) => {
				const observer = new MutationObserver(() => {
					if (input === null || commits().length <= before) return;
					observer.disconnect();
					removeEventListener('pointerup', up, { capture: true });
					const changed = performance.now();
					requestAnimationFrame(() => {
						const frame = performance.now();
						const channel = new MessageChannel();
						channel.port1.onmessage = () => {
							const commit = commits().at(-1);
							resolve({
								input,
								changed,
								frame,
								painted: performance.now(),
								commitStart: commit.startTime,
								commit: commit.duration
							});
						};
						channel.port2.postMessage(null);
					});
				});
				observer.observe(document.body, {
					subtree: true,
					childList: true,
					characterData: true,
					attributes: true
				});
			});
		},
		/** The reads started after `after` (ms): the live query's echo of the write. */
		readsAfter(after) {
			const echo = reads.filter((read) => read.start >= after);
			if (echo.length === 0) return null;
			return {
				reads: echo.length,
				rows: echo.reduce((sum, read) => sum + read.rows, 0),
				time: Math.max(...echo.map((read) => read.end ?? read.start)) - echo[0].start
			};
		}
	};
}

/**
 * Runs in the page: plays I'll Pass to `target` actions by clicking its buttons, each once the
 * previous action is saved; each card is passed on up to 12 times, then taken. Leaves
 * window.__seed.readyToPass for the touches that follow.
 */
async function seed(target) {
	const commits = () => performance.getEntriesByName('passpad:commit', 'measure').length;
	const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
	const button = (css) => document.querySelector(css);
	let actions = 0;
	let last = null;
	const act = async (element, kind) => {
		// a second Pass within 300 ms would be dropped as a double tap, as a player's would
		if (kind === last) await sleep(320);
		while (element.disabled) await sleep(5);
		const before = commits();
		element.click();
		while (commits() === before) await sleep(5);
		await sleep(0);
		last = kind;
		actions++;
	};
	/** A card face up and a player who can pass; false once the match is over. */
	const readyToPass = async () => {
		for (;;) {
			const pass = button('[data-pass]');
			if (pass && !pass.disabled) return true;
			if (pass) await act(button('[data-take]'), 'take');
			const reveal = button('[data-card]:not(:disabled)');
			if (!reveal) return false;
			await act(reveal, 'reveal');
		}
	};
	/** Undoes the last action (the measured Pass), so the next touch meets the same match. */
	const undo = () => act(button('button[aria-keyshortcuts="Control+Z"]'), 'undo');
	window.__seed = { readyToPass, undo };
	let onCard = 0;
	while (actions < target) {
		if (!(await readyToPass())) throw new Error(`the match ended after ${actions} actions`);
		if (onCard < 12) {
			await act(button('[data-pass]'), 'pass');
			onCard++;
		} else {
			await act(button('[data-take]'), 'take');
			onCard = 0;
		}
	}
	return actions;
}

const percentile = (values, p) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} base
 * @param {{ context?: import('@playwright/test').BrowserContext, device?: object, recordFor?: string }} [options]
 *   `context`: a phone already set up (bench/group.mjs: one that joined a group), else a new
 *   one as `device` says (a Pixel 7 unless said); `recordFor`: the group the match is recorded for ("Record for" on the new match page),
 *   so every tap is a change the group's sync sends
 */
export async function tapToPaint(browser, base, options = {}) {
	const context =
		options.context ??
		(await browser.newContext(options.device ?? { ...devices['Pixel 7'], locale: 'en-GB' }));
	// the probe wraps IndexedDB's reads before the app's scripts: installed on the page below
	await context.addInitScript(probe);
	const page = await context.newPage();
	await page.goto(`${base}/new?game=ill-pass`);
	const seats = page.getByLabel(/Name of the player in seat/);
	for (const [index, name] of ['Ana', 'Ben', 'Cleo'].entries()) await seats.nth(index).fill(name);
	if (options.recordFor) {
		await page.getByRole('radio', { name: options.recordFor, exact: true }).check();
	}
	await page.getByRole('button', { name: 'Start the match' }).click();
	await page.waitForURL(/\/match\//);

	// 1. a match of ACTIONS actions, clicked in the page (no round trip per action)
	await page.locator('[data-card]').first().waitFor(); // the game's screens have loaded
	const seeded = await page.evaluate(seed, ACTIONS);

	// 2. real touches on Pass, each one measured
	const cdp = await context.newCDPSession(page);
	const samples = [];
	const echoes = [];
	const pass = page.getByRole('button', { name: 'Pass: pay 1 chip' });
	while (samples.length < TAPS && (await page.evaluate(() => window.__seed.readyToPass()))) {
		await page.waitForTimeout(400);
		const box = await pass.boundingBox();
		const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
		await page.evaluate(() => window.__tap.arm());
		await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
		await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
		const result = await page.evaluate(() => window.__tap.result);
		samples.push(result);
		// the echo has arrived well within the pause before the next touch
		await page.waitForTimeout(300);
		const echo = await page.evaluate(
			(after) => window.__tap.readsAfter(after),
			result.commitStart + result.commit
		);
		if (echo) echoes.push(echo);
		await page.evaluate(() => window.__seed.undo());
	}
	await context.close();
	if (samples.length < TAPS) throw new Error(`only ${samples.length} taps measured`);

	const figure = (values) => ({
		median: percentile(values, 50),
		p95: percentile(values, 95),
		max: Math.max(...values)
	});
	return {
		seeded,
		taps: samples.length,
		tapToPaint: figure(samples.map((s) => s.painted - s.input)),
		inputToCommit: figure(samples.map((s) => s.commitStart - s.input)),
		commit: figure(samples.map((s) => s.commit)),
		changeToPainted: figure(samples.map((s) => s.painted - s.changed)),
		echo: echoes.length
			? {
					count: echoes.length,
					time: figure(echoes.map((e) => e.time)),
					reads: percentile(
						echoes.map((e) => e.reads),
						50
					),
					rows: percentile(
						echoes.map((e) => e.rows),
						50
					)
				}
			: null
	};
}
