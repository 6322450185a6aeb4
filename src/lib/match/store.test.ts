import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as db from '$lib/db';
import { illPass, type IllPassState } from '$lib/rules/ill-pass';
import type { GameUi } from '$lib/games/types';
import { MatchSession } from './session.svelte';
import { MatchStore, GateClosed, type Change } from './store';

const ui = {
	game: illPass,
	describe: (action: { type: string; card?: number }, before: IllPassState, names: string[]) =>
		`${names[before.seat]} ${action.type} ${action.card ?? before.faceUp}`
} as unknown as GameUi;

beforeEach(async () => {
	const passpad = new db.PasspadDb(`store-${crypto.randomUUID()}`);
	db.useDatabase(passpad);
	await passpad.open();
});

async function newMatch() {
	const match = await db.createMatch({
		game: 'ill-pass',
		config: { start: 0, takerReveals: false },
		names: ['Ana', 'Ben', 'Cleo']
	});
	return match.id;
}

const stored = (id: string) => db.loadLog(id);

/**
 * Resolves once the kept-entry read that watch() began has been answered and acted on: a write
 * to the same settings store starts only after that earlier read's transaction is over
 * (IndexedDB keeps their order), so what it would offer is offered by now.
 */
const keptEntryRead = () => db.setValue('test:after-watch', true);

describe('a note saved while an edit of the past is open keeps the edit', () => {
	it('a note saved here, then one from another tab: the edit stays open and is then made', async () => {
		const session = new MatchSession(ui, await stored(await newMatch()));
		const stop = session.watch();
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'pass' });
		expect(session.beginEdit(1, 'change')).toBe(true);
		await session.store.setNotes('At Léa’s');
		expect(session.match.notes).toBe('At Léa’s');
		expect(session.editing).toEqual({ index: 1, kind: 'change' });
		// another tab writes the note: the log is read again, and is the same
		await db.setNotes(session.match.id, 'At Sam’s');
		await vi.waitFor(() => expect(session.match.notes).toBe('At Sam’s'));
		expect(session.editing).toEqual({ index: 1, kind: 'change' });
		expect(await session.act({ type: 'take' })).toBe(true);
		expect((await stored(session.match.id)).actions).toEqual([
			{ type: 'reveal', card: 17 },
			{ type: 'take' }
		]);
		stop();
	});

	it('another tab changing the log itself closes the edit: it is asked again on the new log', async () => {
		const session = new MatchSession(ui, await stored(await newMatch()));
		const stop = session.watch();
		await session.act({ type: 'reveal', card: 17 });
		session.beginEdit(0, 'change');
		const other = new MatchStore(ui, await stored(session.match.id));
		expect((await other.act({ type: 'pass' })).ok).toBe(true);
		await vi.waitFor(() => expect(session.actions).toHaveLength(2));
		expect(session.editing).toBeNull();
		stop();
	});
});

describe('MatchStore: the sync port', () => {
	it('tells every committed change, with its kind, log, revision and length', async () => {
		const store = new MatchStore(ui, await stored(await newMatch()));
		const stop = store.watch(); // a delete's undo reaches the store that shows the match
		const changes: Change[] = [];
		store.subscribe((change) => changes.push(change));
		await store.act({ type: 'reveal', card: 17 });
		await store.act({ type: 'reveal', card: 20 }); // refused: nothing is told
		await store.act({ type: 'pass' });
		await store.undo();
		await store.redo();
		await store.amendLast({ type: 'take' });
		await store.edit({ kind: 'change', index: 0, action: { type: 'reveal', card: 18 } });
		await store.setNotes('note');
		await store.setTimePlayed(60_000);
		await store.abandon();
		await store.resume();
		await store.handOver();
		const removed = await store.remove();
		await MatchStore.restore(removed);
		expect(changes.map((change) => change.kind)).toEqual([
			'act',
			'act',
			'undo',
			'redo',
			'amend',
			'edit',
			'notes',
			'played',
			'status',
			'status',
			'handover',
			'delete',
			'restore'
		]);
		stop();
		expect(changes.every((change) => change.origin === 'here')).toBe(true);
		const edit = changes[5];
		expect(edit.actions).toEqual([{ type: 'reveal', card: 18 }, { type: 'take' }]);
		expect(edit.length).toBe(2);
		expect(edit.revision).toBe(edit.match.revision);
		// each change moved the row's revision on
		const revisions = changes.slice(0, -2).map((change) => change.revision);
		expect(revisions).toEqual([...revisions].sort((a, b) => a - b));
		expect(new Set(revisions).size).toBe(revisions.length);
	});

	it('receive: an action from elsewhere at the expected length is written in one write', async () => {
		const store = new MatchStore(ui, await stored(await newMatch()));
		const changes: Change[] = [];
		store.subscribe((change) => changes.push(change));
		expect(await store.receive({ append: { type: 'reveal', card: 17 } }, 0)).toEqual({ ok: true });
		expect(changes.map(({ kind, origin }) => [kind, origin])).toEqual([['act', 'live']]);
		expect((await stored(store.match.id)).actions).toEqual([{ type: 'reveal', card: 17 }]);
		// the local log is not where the caller expected: refused, nothing written
		expect(await store.receive({ append: { type: 'pass' } }, 0)).toEqual({
			ok: false,
			refusal: { code: 'moved' }
		});
		const whole = [{ type: 'reveal', card: 20 }, { type: 'pass' }];
		expect(await store.receive({ actions: whole }, 1)).toEqual({ ok: true });
		expect((await stored(store.match.id)).actions).toEqual(whole);
		expect((store.timeline.state as IllPassState).pot).toBe(1);
		// a log the rules refuse is never written, whoever sends it
		const refused = await store.receive({ actions: [{ type: 'take' }] }, 2);
		expect(refused).toMatchObject({ ok: false, refusal: { code: 'reveal-first' } });
		expect((await stored(store.match.id)).actions).toEqual(whole);
		expect(changes).toHaveLength(2);
	});

	it('receive still checks the stored length: a tab that wrote first wins', async () => {
		const id = await newMatch();
		const store = new MatchStore(ui, await stored(id));
		const other = new MatchStore(ui, await stored(id));
		await other.act({ type: 'reveal', card: 17 });
		expect(await store.receive({ append: { type: 'reveal', card: 30 } }, 0)).toEqual({
			ok: false,
			problem: 'conflict'
		});
		expect((await stored(id)).actions).toEqual([{ type: 'reveal', card: 17 }]);
		expect(store.timeline.actions).toEqual([{ type: 'reveal', card: 17 }]); // read again
	});

	it('the gate refuses the entries here with its code; readOnly refuses every change', async () => {
		const session = new MatchSession(ui, await stored(await newMatch()));
		const store = session.store;
		store.setGate({ code: 'not-pen', readOnly: false });
		expect(await session.act({ type: 'reveal', card: 17 })).toBe(false);
		expect(session.refusal).toEqual({ code: 'not-pen' });
		expect(session.gate).toEqual({ code: 'not-pen', readOnly: false });
		expect(session.canUndo).toBe(false);
		// the pen's entries still arrive through the port
		expect((await store.receive({ append: { type: 'reveal', card: 17 } }, 0)).ok).toBe(true);
		expect(session.actions).toHaveLength(1);
		await store.setNotes('still ours'); // a note is not an entry
		store.setGate({ code: 'follower', readOnly: true });
		await expect(store.setNotes('no')).rejects.toBeInstanceOf(GateClosed);
		await expect(store.abandon()).rejects.toBeInstanceOf(GateClosed);
		expect((await stored(store.match.id)).match.notes).toBe('still ours');
		store.setGate(null);
		expect(await session.act({ type: 'pass' })).toBe(true);
	});
});

describe('the news line after an undo says what was undone', () => {
	it('the undone action and the state it had been applied to, until the next change', async () => {
		const session = new MatchSession(ui, await stored(await newMatch()));
		await session.act({ type: 'reveal', card: 17 });
		await session.act({ type: 'pass' });
		await session.act({ type: 'take' });
		expect(session.undone).toBeNull();
		await session.undo();
		const undone = session.undone!;
		expect(undone.action).toEqual({ type: 'take' });
		// worded from the moment it was taken: Ben took 17
		expect(session.ui.describe(undone.action, undone.before, session.names)).toBe('Ben take 17');
		await session.undo();
		expect(session.undone?.action).toEqual({ type: 'pass' });
		await session.store.setNotes('a note'); // not a change of the log: still said
		expect(session.undone?.action).toEqual({ type: 'pass' });
		await session.redo();
		expect(session.undone).toBeNull();
	});
});

describe('an entry that could not be saved survives a reload', () => {
	it('kept with its words until saved or discarded, and offered again by the next visit', async () => {
		const id = await newMatch();
		const one = new MatchSession(ui, await stored(id));
		const two = new MatchSession(ui, await stored(id));
		await one.act({ type: 'reveal', card: 17 });
		expect(await two.act({ type: 'reveal', card: 30 })).toBe(false); // the other tab wrote first
		const unsaved = two.unsaved;
		expect(unsaved).toMatchObject({
			kind: 'act',
			problem: 'conflict',
			description: 'Ana reveal 30'
		});
		// the page is reloaded: a new session of the same match
		const again = new MatchSession(ui, await stored(id));
		const stop = again.watch();
		await vi.waitFor(() => expect(again.unsaved).toEqual(unsaved));
		expect(await again.retry()).toBe(false); // 17 is face up now: it is left out, and said so
		expect(again.dropped?.description).toBe('Ana reveal 30');
		stop();
		const third = new MatchSession(ui, await stored(id));
		const stopThird = third.watch();
		await keptEntryRead();
		expect(third.unsaved).toBeNull();
		stopThird();
	});

	it('saved by Try again after the reload: nothing is offered any more', async () => {
		const id = await newMatch();
		const one = new MatchSession(ui, await stored(id));
		const two = new MatchSession(ui, await stored(id));
		await one.act({ type: 'reveal', card: 17 });
		await two.act({ type: 'reveal', card: 17 }); // the same card, a moment later: conflict
		await one.undo(); // the first tab takes its reveal back
		const again = new MatchSession(ui, await stored(id));
		const stop = again.watch();
		await vi.waitFor(() => expect(again.unsaved?.description).toBe('Ana reveal 17'));
		expect(await again.retry()).toBe(true);
		expect((await stored(id)).actions).toEqual([{ type: 'reveal', card: 17 }]);
		stop();
		const later = new MatchSession(ui, await stored(id));
		const stopLater = later.watch();
		await keptEntryRead();
		expect(later.unsaved).toBeNull();
		stopLater();
	});
});
