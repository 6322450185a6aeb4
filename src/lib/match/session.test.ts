import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { PasspadDb, useDatabase, createMatch, loadLog } from '$lib/db';
import { illPass, type IllPassState } from '$lib/rules/ill-pass';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { seeded } from '$lib/rules/common';
import type { GameUi } from '$lib/games/types';
import { MatchSession } from './session.svelte';
import type { TapSource } from './taps';

// The session needs only the rules from a game's screens, and the log's words.
const ui = {
	game: illPass,
	describe: (action: { type: string; card?: number }, before: IllPassState, names: string[]) =>
		`${names[before.seat]} ${action.type} ${action.card ?? before.faceUp}`
} as unknown as GameUi;
let db: PasspadDb;

beforeEach(async () => {
	db = new PasspadDb(`session-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
});

async function open() {
	const match = await createMatch({
		game: 'ill-pass',
		config: { start: 0, takerReveals: false },
		names: ['Ana', 'Ben', 'Cleo']
	});
	return new MatchSession(ui, await loadLog(match.id));
}

const state = (session: MatchSession) => session.state as IllPassState;

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
		db.close();
		expect(await session.act({ type: 'take' })).toBe(false);
		expect(session.unsaved).toMatchObject({
			kind: 'act',
			action: { type: 'take' },
			problem: 'unavailable'
		});
		expect(state(session).faceUp).toBe(17); // not pretending it happened
		await db.open();
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

describe('MatchSession: "Try again" after another tab wrote first', () => {
	async function twoTabs() {
		const one = await open();
		await one.act({ type: 'reveal', card: 17 });
		const two = new MatchSession(ui, await loadLog(one.match.id));
		return { one, two };
	}
	const log = (session: MatchSession) => loadLog(session.match.id).then((log) => log.actions);

	it('the losing tab words the action as it was entered: Ana passed, not Ben', async () => {
		const { one, two } = await twoTabs();
		expect(await one.act({ type: 'pass' })).toBe(true); // Ana's pass, from the first tab
		expect(await two.act({ type: 'pass' })).toBe(false); // the same tap, a moment later
		expect(two.unsaved).toMatchObject({ problem: 'conflict', description: 'Ana pass 17', seat: 0 });
		expect(state(two).seat).toBe(1); // the screen moved on to Ben
	});

	it("is dropped, with a word, when it would now be another seat's action", async () => {
		const { one, two } = await twoTabs();
		await one.act({ type: 'pass' });
		await two.act({ type: 'pass' });
		expect(await two.retry()).toBe(false);
		expect(two.unsaved).toBeNull();
		expect(two.dropped).toEqual({ kind: 'act', description: 'Ana pass 17' });
		expect(await log(two)).toEqual([{ type: 'reveal', card: 17 }, { type: 'pass' }]); // no pass for Ben
		two.discard();
		expect(two.dropped).toBeNull();
	});

	it('is dropped, not stuck, when the rules now refuse it', async () => {
		const one = await open();
		const two = new MatchSession(ui, await loadLog(one.match.id));
		await one.act({ type: 'reveal', card: 17 });
		await two.act({ type: 'reveal', card: 30 }); // conflict: 17 is face up now
		expect(await two.retry()).toBe(false);
		expect(two.unsaved).toBeNull();
		expect(two.dropped?.description).toBe('Ana reveal 30');
		expect(await log(two)).toEqual([{ type: 'reveal', card: 17 }]);
	});

	it('is dropped, not stuck, after the match ended in the other tab', async () => {
		const game = randomGame(seeded(3), 3);
		const one = new MatchSession(
			ui,
			await loadLog(
				(
					await createMatch({
						game: 'ill-pass',
						config: game.config,
						names: ['Ana', 'Ben', 'Cleo']
					})
				).id
			)
		);
		for (const action of game.actions.slice(0, -1)) expect(await one.act(action)).toBe(true);
		const two = new MatchSession(ui, await loadLog(one.match.id));
		const last = game.actions.at(-1);
		expect(await one.act(last)).toBe(true);
		expect(one.outcome).not.toBeNull();
		expect(await two.act(last)).toBe(false);
		expect(two.outcome).not.toBeNull(); // reloaded: the match is over
		for (let press = 0; press < 3 && two.unsaved; press++) await two.retry();
		expect(two.unsaved).toBeNull();
		expect(two.dropped).not.toBeNull();
		expect(await log(two)).toHaveLength(game.actions.length);
	});

	it("is tried again when it is still the same seat's action with the same meaning", async () => {
		const { one, two } = await twoTabs();
		// the first tab records a whole round of passes: it is Ana's turn on 17 again
		for (let seat = 0; seat < 3; seat++) expect(await one.act({ type: 'pass' })).toBe(true);
		expect(await two.act({ type: 'pass' })).toBe(false); // two saw the log before them
		expect(two.unsaved?.problem).toBe('conflict');
		expect(await two.retry()).toBe(true);
		expect(two.unsaved).toBeNull();
		expect(two.dropped).toBeNull();
		expect(await log(two)).toHaveLength(5);
		expect(state(two).pot).toBe(4);
	});

	it('an undo is tried again only while the action it takes back is still the last', async () => {
		const { one, two } = await twoTabs();
		await one.act({ type: 'pass' }); // Ana passes in the first tab
		expect(await two.undo()).toBe(false); // two meant to take back the reveal
		expect(two.unsaved).toMatchObject({ kind: 'undo', description: 'Ana reveal 17' });
		expect(await two.retry()).toBe(false);
		expect(two.dropped).toEqual({ kind: 'undo', description: 'Ana reveal 17' });
		expect(await log(two)).toHaveLength(2);
	});
});
