import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { seeded } from '../rules/common';
import { randomGame } from '../rules/ill-pass/simulate';
import { RULES } from '../rules/registry';
import { summarize } from './summary';
import { decodeHandover, encodeHandover, type HandedMatch } from '../share/handover';
import { BackupRefused } from './backup-validate';
import { PasspadDb, useDatabase } from './db';
import { handedMatch, planTakeOver, takeOver } from './handover';
import { HOSTILE_IDS } from './hostile-ids';
import { appendAction, loadLog } from './log';
import { createMatch } from './matches';

// A hand-over link checked against this phone's copy of the match: ids from outside, and a
// link whose log extends the copy's but whose setup is not the copy's.

let db: PasspadDb;
beforeEach(async () => {
	db = new PasspadDb(`handover-setup-${crypto.randomUUID()}`);
	useDatabase(db);
	await db.open();
});

const GAME = randomGame(seeded(21), 4);
const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];

/** A match played here to `length` actions, and the link of it one action further. */
async function copyAndLink(length: number): Promise<{ id: string; link: HandedMatch }> {
	const game = RULES['ill-pass'];
	const match = await createMatch({ game: 'ill-pass', config: GAME.config, names: NAMES });
	let state = game.setup(GAME.config, 4);
	for (let seq = 0; seq < length; seq++) {
		state = (game.apply(state, GAME.actions[seq]) as { value: unknown }).value as typeof state;
		await appendAction(match.id, seq, GAME.actions[seq], summarize(game, state));
	}
	const link = await decodeHandover(await encodeHandover(await handedMatch(match.id)));
	link.log.push({ action: GAME.actions[length], at: Date.now() });
	return { id: match.id, link };
}

describe('a link whose log extends this copy but whose setup differs says how before replacing', () => {
	it('the same setup: a plain update, nothing to say', async () => {
		const { link } = await copyAndLink(5);
		const plan = await planTakeOver(link);
		expect(plan).toMatchObject({ verdict: 'replace', differences: [] });
	});

	it('other players: both lists, and who starts when that changes too', async () => {
		const { id, link } = await copyAndLink(5);
		const plan = await planTakeOver({ ...link, names: ['Eve', 'Ben', 'Cleo', 'Dan'] });
		expect(plan.verdict).toBe('replace');
		expect(plan.differences).toEqual([
			{ kind: 'players', here: NAMES, link: ['Eve', 'Ben', 'Cleo', 'Dan'] },
			...(GAME.config.start === 0 ? [{ kind: 'starter', here: 'Ana', link: 'Eve' }] : [])
		]);
		// accepted: the link's match, its setup included, replaces the copy
		await takeOver(plan);
		const { match, actions } = await loadLog(id);
		expect(match.seats.map((seat) => seat.name)).toEqual(['Eve', 'Ben', 'Cleo', 'Dan']);
		expect(actions).toHaveLength(6);
	});

	it('the same players in another seat order', async () => {
		const { link } = await copyAndLink(5);
		const order = [NAMES[1], NAMES[0], NAMES[2], NAMES[3]];
		const plan = await planTakeOver({ ...link, names: order });
		expect(plan.differences[0]).toEqual({ kind: 'seats', here: NAMES, link: order });
	});

	it('another seat starting', async () => {
		const { link } = await copyAndLink(5);
		const start = (GAME.config.start + 1) % 4;
		const plan = await planTakeOver({ ...link, config: { ...GAME.config, start } });
		expect(plan.verdict).toBe('replace');
		expect(plan.differences).toEqual([
			{ kind: 'starter', here: NAMES[GAME.config.start], link: NAMES[start] }
		]);
	});

	it('another option: said, not hidden', async () => {
		const { link } = await copyAndLink(5);
		const config = { ...GAME.config, takerReveals: !GAME.config.takerReveals };
		const plan = await planTakeOver({ ...link, config });
		expect(plan.differences).toEqual([{ kind: 'options' }]);
	});

	it('the same log with other names is no longer "the same match": it is offered, with what differs', async () => {
		const { link } = await copyAndLink(5);
		link.log.pop();
		const plan = await planTakeOver({ ...link, names: ['Ana', 'Ben', 'Cleo', 'Zoe'] });
		expect(plan.verdict).toBe('replace');
		expect(plan.differences).toMatchObject([{ kind: 'players' }]);
	});
});

describe("a link's match id must be one Passpad makes", () => {
	it.each(HOSTILE_IDS)('%j: refused whole, nothing written', async (id) => {
		const { link } = await copyAndLink(3);
		const before = await db.matches.count();
		const refused = await planTakeOver({ ...link, id }).catch((error) => error);
		expect(refused).toBeInstanceOf(BackupRefused);
		expect(refused.problem).toEqual({ code: 'bad-id', path: 'matches.0.id' });
		expect(await db.matches.count()).toBe(before);
	});

	it('a setup 20,000 levels deep is refused as too deep, not as a storage failure', async () => {
		const { link } = await copyAndLink(3);
		let config: unknown = [];
		for (let level = 1; level < 20_000; level++) config = [config];
		const refused = await planTakeOver({ ...link, id: crypto.randomUUID(), config }).catch(
			(error) => error
		);
		expect(refused.problem).toEqual({ code: 'too-deep', path: 'matches.0.config' });
	});
});
