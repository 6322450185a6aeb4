import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createMatch, loadLog } from '$lib/db';
import { randomGame } from '$lib/rules/ill-pass/simulate';
import { seeded } from '$lib/rules/common';
import { MatchSession } from './session.svelte';
import { freshDatabase, open, state, ui } from './session-fixture';

freshDatabase();

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
