import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createMatch, loadLog } from '$lib/db';
import { illPass, type IllPassState } from '$lib/rules/ill-pass';
import { MatchSession } from './session.svelte';
import { freshDatabase, open, state, ui } from './session-fixture';
import type { TapSource } from './taps';
import { m } from '$lib/paraglide/messages';
import { ui as illPassUi } from '$lib/games/ill-pass/ui';

const db = freshDatabase();

describe('MatchSession: nothing is shown before it is saved', () => {
	it('an accepted action is written to the log, then shown', async () => {
		const session = await open();
		expect(await session.act({ type: 'reveal', card: 17 })).toBe(true);
		expect(state(session).faceUp).toBe(17);
		expect((await loadLog(session.match.id)).actions).toEqual([{ type: 'reveal', card: 17 }]);
	});

	it('a refused action is not written and says why', async () => {
		const session = await open();
		expect(await session.act({ type: 'take' })).toBe(false);
		expect(session.refusal).toEqual({ code: 'reveal-first' });
		expect((await loadLog(session.match.id)).actions).toEqual([]);
	});

	it('undo and redo go through the log and back to the same state', async () => {
		const session = await open();
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'pass' });
		const after = state(session);
		await session.undo();
		await session.undo();
		expect(state(session)).toEqual(illPass.setup({ start: 0, takerReveals: false }, 3));
		expect(session.canUndo).toBe(false);
		await session.redo();
		await session.redo();
		expect(state(session)).toEqual(after);
		expect(session.canRedo).toBe(false);
	});

	it('when storage fails the action stays visible as unsaved, and retry saves it', async () => {
		const session = await open();
		await session.act({ type: 'reveal', card: 17 });
		db().close();
		expect(await session.act({ type: 'take' })).toBe(false);
		expect(session.unsaved).toMatchObject({
			kind: 'act',
			action: { type: 'take' },
			problem: 'unavailable'
		});
		expect(state(session).faceUp).toBe(17); // not pretending it happened
		await db().open();
		expect(await session.retry()).toBe(true);
		expect(session.unsaved).toBeNull();
		expect(state(session).hands[0].cards).toEqual([17]);
		expect((await loadLog(session.match.id)).actions).toHaveLength(2);
	});

	it('a second tab that wrote first wins; this tab reloads its log instead of forking it', async () => {
		const one = await open();
		const two = new MatchSession(ui, await loadLog(one.match.id));
		await one.act({ type: 'reveal', card: 17 });
		expect(await two.act({ type: 'reveal', card: 30 })).toBe(false);
		expect(two.unsaved?.problem).toBe('conflict');
		expect(state(two).faceUp).toBe(17);
		expect((await loadLog(one.match.id)).actions).toEqual([{ type: 'reveal', card: 17 }]);
	});
});

describe('MatchSession: edit the past', () => {
	it('removes an earlier action and replays the rest, in the log too', async () => {
		const session = await open();
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'pass' }); // Ana pays a chip: the mistake
		await session.act({ type: 'pass' }); // Ben
		await session.act({ type: 'take' }); // Cleo takes 17 with 2 chips
		expect(await session.removeAction(1)).toEqual({ ok: true });
		// without Ana's pass, Ben's pass becomes Ana's and Cleo's take becomes Ben's
		expect(state(session).hands.map((hand) => hand.chips)).toEqual([10, 12, 11]);
		expect(state(session).hands[1].cards).toEqual([17]);
		expect((await loadLog(session.match.id)).actions).toEqual([
			{ type: 'reveal', card: 17 },
			{ type: 'pass' },
			{ type: 'take' }
		]);
	});

	it('refuses an edit after which a later action breaks the rules, naming it, and changes nothing', async () => {
		const session = await open();
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'take' });
		await session.act({ type: 'reveal', card: 20 });
		const before = state(session);
		// without the first take, revealing 20 comes while 17 is still face up
		expect(await session.removeAction(1)).toEqual({
			ok: false,
			index: 2,
			refusal: { code: 'card-already-face-up', params: { card: 17 } }
		});
		expect(state(session)).toEqual(before);
		expect((await loadLog(session.match.id)).actions).toHaveLength(3);
	});

	it('changes an earlier action: the panel shows that moment, and the rest replays after it', async () => {
		const session = await open();
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'pass' }); // Ana
		await session.act({ type: 'take' }); // Ben took 17: he really took 18
		await session.act({ type: 'reveal', card: 30 });
		expect(session.beginEdit(0, 'change')).toBe(true);
		expect(session.editing).toEqual({ index: 0, kind: 'change' });
		expect(state(session)).toEqual(illPass.setup({ start: 0, takerReveals: false }, 3));
		expect(session.canUndo).toBe(false);
		expect(await session.act({ type: 'reveal', card: 18 })).toBe(true);
		expect(session.editing).toBeNull();
		expect(state(session).hands[1].cards).toEqual([18]);
		expect(state(session).faceUp).toBe(30);
		expect((await loadLog(session.match.id)).actions).toEqual([
			{ type: 'reveal', card: 18 },
			{ type: 'pass' },
			{ type: 'take' },
			{ type: 'reveal', card: 30 }
		]);
	});

	it('adds a missed action before an earlier one', async () => {
		const session = await open();
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'pass' }); // Ana
		await session.act({ type: 'take' }); // Ben: in fact Ben passed too and Cleo took it
		session.beginEdit(2, 'insert');
		expect(session.turn).toBe(1);
		expect(await session.act({ type: 'pass' })).toBe(true);
		expect(state(session).hands.map((hand) => hand.chips)).toEqual([10, 10, 11 + 2]);
		expect(state(session).hands[2].cards).toEqual([17]);
		expect((await loadLog(session.match.id)).actions).toHaveLength(4);
	});

	it('a change the rules refuse at that moment is refused with its reason; still editing', async () => {
		const session = await open();
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'take' });
		session.beginEdit(1, 'change');
		expect(await session.act({ type: 'reveal', card: 20 })).toBe(false);
		expect(session.refusal?.code).toBe('card-already-face-up');
		expect(session.editing).toEqual({ index: 1, kind: 'change' });
		session.cancelEdit();
		expect(session.editing).toBeNull();
		expect(state(session).hands[0].cards).toEqual([17]);
	});

	it('refuses a change after which a later action breaks the rules, naming it, and changes nothing', async () => {
		const session = await open();
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'take' });
		await session.act({ type: 'reveal', card: 20 });
		session.beginEdit(1, 'change');
		// passing instead of taking leaves 17 face up, so revealing 20 no longer fits
		expect(await session.act({ type: 'pass' })).toBe(false);
		expect(session.editFailure).toEqual({
			index: 2,
			refusal: { code: 'card-already-face-up', params: { card: 17 } }
		});
		expect(session.editing).toEqual({ index: 1, kind: 'change' });
		expect((await loadLog(session.match.id)).actions).toEqual([
			{ type: 'reveal', card: 17 },
			{ type: 'take' },
			{ type: 'reveal', card: 20 }
		]);
		session.cancelEdit();
		expect(state(session).faceUp).toBe(20);
	});
});

describe('MatchSession: at the table', () => {
	/** A hand on the screen: presses on named controls and a clock the test moves. */
	function hand() {
		let count = 0;
		let target = '';
		let now = 0;
		return {
			input: { press: () => ({ count, target }), now: () => now },
			tap: (control: string, ms = 0) => {
				now += ms;
				count++;
				target = control;
			}
		};
	}

	async function openWith(input: TapSource) {
		const match = await createMatch({
			game: 'ill-pass',
			config: { start: 0, takerReveals: false },
			names: ['Ana', 'Ben', 'Cleo']
		});
		return new MatchSession(ui, await loadLog(match.id), input);
	}

	it('a double tap on Pass (120 ms apart) records one pass, not a second for the next seat', async () => {
		const { input, tap } = hand();
		const session = await openWith(input);
		tap('17');
		await session.act({ type: 'reveal', card: 17 });
		tap('Pass', 1000);
		expect(await session.act({ type: 'pass' })).toBe(true);
		tap('Pass', 120);
		expect(await session.act({ type: 'pass' })).toBe(false);
		expect((await loadLog(session.match.id)).actions).toEqual([
			{ type: 'reveal', card: 17 },
			{ type: 'pass' }
		]);
		expect(state(session).seat).toBe(1);
	});

	it('a dropped double tap says so on the news line, and the next entry clears it', async () => {
		const { input, tap } = hand();
		const session = await openWith(input);
		tap('17');
		await session.act({ type: 'reveal', card: 17 });
		tap('Pass', 1000);
		await session.act({ type: 'pass' });
		tap('Pass', 120);
		expect(await session.act({ type: 'pass' })).toBe(false);
		expect(session.refusal).toEqual({ code: 'double-tap' });
		expect(illPassUi.refusal(session.refusal!, session.names)).toBe(m.match_double_tap());
		tap('Pass', 600);
		expect(await session.act({ type: 'pass' })).toBe(true);
		expect(session.refusal).toBeNull();
	});

	it('a double tap landing while the first is still being written is said once it is saved', async () => {
		const { input, tap } = hand();
		const session = await openWith(input);
		tap('17');
		await session.act({ type: 'reveal', card: 17 });
		tap('Pass', 1000);
		const first = session.act({ type: 'pass' });
		tap('Pass', 20);
		expect(await session.act({ type: 'pass' })).toBe(false);
		expect(await first).toBe(true);
		expect(session.refusal).toEqual({ code: 'double-tap' });
		expect((await loadLog(session.match.id)).actions).toHaveLength(2);
	});

	it('a refused entry asked again at once is a new try, not a double tap', async () => {
		const { input, tap } = hand();
		const session = await openWith(input);
		tap('Reveal this card'); // a typed number, submitted: 40 is no card
		expect(await session.act({ type: 'reveal', card: 40 })).toBe(false);
		expect(session.refusal?.code).toBe('card-out-of-range');
		tap('Reveal this card', 100); // corrected and submitted again at once
		expect(await session.act({ type: 'reveal', card: 20 })).toBe(true);
		expect(state(session).faceUp).toBe(20);
	});

	it('the next seat passing a moment later is a new entry', async () => {
		const { input, tap } = hand();
		const session = await openWith(input);
		tap('17');
		await session.act({ type: 'reveal', card: 17 });
		tap('Pass', 1000);
		await session.act({ type: 'pass' });
		tap('Pass', 600);
		expect(await session.act({ type: 'pass' })).toBe(true);
		expect(state(session).seat).toBe(2);
	});

	it('two quick entries with another tap between them are both kept', async () => {
		const { input, tap } = hand();
		const session = await openWith(input);
		tap('17');
		await session.act({ type: 'reveal', card: 17 });
		tap('Take', 50);
		await session.act({ type: 'take' });
		tap('17', 50); // back on the same key, but another tap came between
		expect(await session.act({ type: 'reveal', card: 20 })).toBe(true);
		expect(state(session).faceUp).toBe(20);
	});

	it('the same kind of entry from two controls in quick succession is two entries', async () => {
		const { input, tap } = hand();
		const session = await openWith(input);
		tap('17');
		await session.act({ type: 'reveal', card: 17 });
		tap('Take', 500);
		await session.act({ type: 'take' });
		tap('20', 500);
		await session.act({ type: 'reveal', card: 20 });
		tap('Take', 100);
		// a take then a reveal of another card, each one press on its own control
		expect(await session.act({ type: 'take' })).toBe(true);
		expect(state(session).hands[1].cards).toEqual([20]);
	});

	it('last: the last action and the state it was applied to, after acts, undo and a reload', async () => {
		const session = await open();
		expect(session.last).toBeNull();
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'pass' });
		expect(session.last?.action).toEqual({ type: 'pass' });
		expect((session.last?.before as IllPassState).seat).toBe(0);
		await session.undo();
		expect(session.last?.action).toEqual({ type: 'reveal', card: 17 });
		expect((session.last?.before as IllPassState).faceUp).toBeNull();
		const again = new MatchSession(ui, await loadLog(session.match.id));
		expect(again.last?.action).toEqual({ type: 'reveal', card: 17 });
	});

	it('amendLast replaces the last action in one write, or refuses and changes nothing', async () => {
		const session = await open();
		await session.act({ type: 'reveal', card: 17 });
		expect(await session.amendLast({ type: 'reveal', card: 18 })).toBe(true);
		expect(state(session).faceUp).toBe(18);
		expect((await loadLog(session.match.id)).actions).toEqual([{ type: 'reveal', card: 18 }]);
		expect(await session.amendLast({ type: 'take' })).toBe(false);
		expect(session.refusal?.code).toBe('reveal-first');
		expect((await loadLog(session.match.id)).actions).toEqual([{ type: 'reveal', card: 18 }]);
	});
});
