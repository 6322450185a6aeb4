import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { seeded, type GameId } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { RULES } from '../rules/registry';
import { summarize } from './summary';
import { decodeHandover, encodeHandover } from '../share/handover';
import { BackupRefused } from './backup-validate';
import { PasspadDb, useDatabase } from './db';
import { TakeOverRefused, handedMatch, planTakeOver, takeOver } from './handover';
import { appendAction, loadLog } from './log';
import { createMatch, handOverMatch, setNotes } from './matches';
import { roster } from './players';
import { countTotals } from './totals';

/** Two phones, each with its own database; `on` makes one the phone being used. */
const phones = { first: null as unknown as PasspadDb, second: null as unknown as PasspadDb };
function on(phone: keyof typeof phones) {
	useDatabase(phones[phone]);
}
beforeEach(async () => {
	for (const phone of ['first', 'second'] as const) {
		phones[phone] = new PasspadDb(`handover-${phone}-${crypto.randomUUID()}`);
		await phones[phone].open();
	}
	on('first');
});

const GAME = randomGame(seeded(21), 4);
const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];

/** Plays actions on the phone in use, the way the app does: one write each, with its summary. */
async function play(id: string, from: number, to: number) {
	const game = RULES['ill-pass'];
	const { match, actions } = await loadLog(id);
	let state = game.setup(match.config, match.seats.length);
	for (const action of actions) state = (game.apply(state, action) as { value: unknown }).value;
	for (let seq = from; seq < to; seq++) {
		const result = game.apply(state, GAME.actions[seq]);
		if (!result.ok) throw new Error(result.refusal.code);
		state = result.value;
		await appendAction(id, seq, GAME.actions[seq], summarize(game, state));
	}
}

/** The link's way: packed, then read back, as the other phone's /take page does. */
async function link(id: string) {
	return decodeHandover(await encodeHandover(await handedMatch(id)));
}

async function started(game: GameId = 'ill-pass') {
	const match = await createMatch({ game, config: GAME.config, names: NAMES });
	return match.id;
}

describe('taking over a match handed from another phone', () => {
	it('the other phone gets the whole match, proven, and goes on with it from there', async () => {
		const id = await started();
		await play(id, 0, 30);
		await setNotes(id, 'At the café');
		const sent = await link(id);

		on('second');
		const plan = await planTakeOver(sent);
		expect(plan.verdict).toBe('new');
		expect(plan.here).toBeNull();
		expect(await takeOver(plan)).toBe('new');
		const { match, actions } = await loadLog(id);
		expect(actions).toEqual(GAME.actions.slice(0, 30));
		expect(match.seats.map((seat) => seat.name)).toEqual(NAMES);
		expect(match.status).toBe('active');
		expect(match.notes).toBe('At the café');
		expect((await roster()).map((player) => player.name).sort()).toEqual(NAMES);
		// and play goes on here
		await play(id, 30, 35);
		expect((await loadLog(id)).actions).toHaveLength(35);
	});

	it('a player of the same name on the other phone is that player, not a second one', async () => {
		const id = await started();
		await play(id, 0, 5);
		const sent = await link(id);
		on('second');
		const ana = (
			await createMatch({ game: 'ill-pass', config: GAME.config, names: ['Ana', 'Eve', 'Fay'] })
		).seats[0];
		await takeOver(await planTakeOver(sent));
		const { match } = await loadLog(id);
		expect(match.seats[0].playerId).toBe(ana.playerId);
		expect((await roster()).filter((player) => player.name === 'Ana')).toHaveLength(1);
	});

	it('handed back after the other phone played on: the first phone replaces its handed copy', async () => {
		const id = await started();
		await play(id, 0, 20);
		const sent = await link(id);
		await handOverMatch(id);
		on('second');
		await takeOver(await planTakeOver(sent));
		await play(id, 20, 28);
		const back = await link(id);

		on('first');
		const plan = await planTakeOver(back);
		expect(plan.verdict).toBe('replace');
		expect(plan.here).toMatchObject({ status: 'handed', length: 20 });
		await takeOver(plan);
		const { match, actions } = await loadLog(id);
		expect(actions).toEqual(GAME.actions.slice(0, 28));
		expect(match.status).toBe('active');
		expect(match.handedAt).toBeUndefined();
	});

	it('handed back finished: who wins what counts the match once, as a recount from every row does', async () => {
		const id = await started();
		await play(id, 0, 20);
		const sent = await link(id);
		await handOverMatch(id);
		on('second');
		await takeOver(await planTakeOver(sent));
		await play(id, 20, GAME.actions.length);
		const back = await link(id);

		on('first');
		await takeOver(await planTakeOver(back));
		const db = phones.first;
		expect((await db.matches.get(id))!.status).toBe('finished');
		const byPlayer = (a: { playerId: string }, b: { playerId: string }) =>
			a.playerId < b.playerId ? -1 : 1;
		const kept = (await db.totals.toArray()).sort(byPlayer);
		expect(kept).toEqual(countTotals(await db.matches.toArray()).sort(byPlayer));
		expect(kept.map((total) => total.played)).toEqual([1, 1, 1, 1]);
	});

	it('a copy played on here that the link does not extend is never overwritten', async () => {
		const id = await started();
		await play(id, 0, 10);
		const sent = await link(id);
		// the first phone was not told it was handed over and went on playing
		await play(id, 10, 12);
		on('second');
		await takeOver(await planTakeOver(sent));
		// the second phone then plays something else at entry 11
		const other = GAME.actions[10];
		const game = RULES['ill-pass'];
		const { match } = await loadLog(id);
		let state = game.setup(match.config, 4);
		for (const action of GAME.actions.slice(0, 10))
			state = (game.apply(state, action) as { value: unknown }).value;
		const different = other.type === 'take' ? { type: 'pass' } : { type: 'take' };
		const result = game.apply(state, different);
		expect(result.ok).toBe(true);
		await appendAction(id, 10, different, summarize(game, (result as { value: unknown }).value));
		const back = await link(id);

		on('first');
		const plan = await planTakeOver(back);
		expect(plan.verdict).toBe('diverged');
		await expect(takeOver(plan)).rejects.toBeInstanceOf(TakeOverRefused);
		expect((await loadLog(id)).actions).toEqual(GAME.actions.slice(0, 12));
	});

	it('the same log opened again writes nothing', async () => {
		const id = await started();
		await play(id, 0, 6);
		const sent = await link(id);
		const before = (await loadLog(id)).match;
		const plan = await planTakeOver(sent);
		expect(plan.verdict).toBe('same');
		expect(await takeOver(plan)).toBe('same');
		expect((await loadLog(id)).match).toEqual(before);
	});

	it('a link whose actions the rules refuse is refused whole, before anything is written', async () => {
		const id = await started();
		await play(id, 0, 6);
		const sent = await link(id);
		sent.log.push({ action: { type: 'reveal', card: 99 }, at: Date.now() });
		on('second');
		await expect(planTakeOver(sent)).rejects.toBeInstanceOf(BackupRefused);
		expect(await phones.second.matches.count()).toBe(0);
	});

	it('two seats of one name are refused: here they would be one player twice', async () => {
		const id = await started();
		const sent = await link(id);
		on('second');
		await expect(
			planTakeOver({ ...sent, names: ['Ana', 'Ben', 'ana', 'Dan'] })
		).rejects.toBeInstanceOf(BackupRefused);
		expect(await phones.second.matches.count()).toBe(0);
	});

	it('a failed write puts the handed copy back as it was', async () => {
		const id = await started();
		await play(id, 0, 8);
		const sent = await link(id);
		await handOverMatch(id);
		on('second');
		await takeOver(await planTakeOver(sent));
		await play(id, 8, 12);
		const back = await link(id);

		on('first');
		const before = await loadLog(id);
		const plan = await planTakeOver(back);
		const full = Object.assign(new Error('full'), { name: 'QuotaExceededError' });
		const spy = vi.spyOn(phones.first.logs, 'bulkPut').mockRejectedValueOnce(full);
		await expect(takeOver(plan)).rejects.toThrow('full');
		spy.mockRestore();
		const after = await loadLog(id);
		expect(after.actions).toEqual(before.actions);
		expect(after.match).toEqual(before.match);
	});
});
