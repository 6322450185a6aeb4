import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { RULES } from '../rules/registry';
import { summarize } from './summary';
import { tableMode, withSetupMode, type EntryMode } from '../match/entry-mode';
import { decodeHandover, encodeHandover } from '../share/handover';
import { PasspadDb, useDatabase } from './db';
import { handedMatch, planTakeOver, takeOver } from './handover';
import { appendAction, loadLog } from './log';
import { createMatch } from './matches';

// A phone that takes a match over opens it the way the table enters it (entry-mode.ts): the
// setup's choice and the log's last round travel in the link like the rest of the match.

const phones = { first: null as unknown as PasspadDb, second: null as unknown as PasspadDb };
const on = (phone: keyof typeof phones) => useDatabase(phones[phone]);
beforeEach(async () => {
	for (const phone of ['first', 'second'] as const) {
		phones[phone] = new PasspadDb(`handover-mode-${phone}-${crypto.randomUUID()}`);
		await phones[phone].open();
	}
	on('first');
});

const NAMES = ['Ana', 'Ben', 'Cleo', 'Dan'];
const config = { houseRuleWinnerStarts: false, starter: 0 };

async function dominoes(mode: EntryMode, actions: unknown[]) {
	const game = RULES.dominoes;
	const match = await createMatch({
		game: 'dominoes',
		config: withSetupMode(config, mode),
		names: NAMES
	});
	let state = game.setup(match.config as never, 4);
	for (const [seq, action] of actions.entries()) {
		const result = game.apply(state, action as never);
		if (!result.ok) throw new Error(result.refusal.code);
		state = result.value;
		await appendAction(match.id, seq, action, summarize(game, state));
	}
	return match.id;
}

/** Handed through the link to the second phone; the way its copy opens there. */
async function takenMode(id: string): Promise<EntryMode> {
	const sent = await decodeHandover(await encodeHandover(await handedMatch(id)));
	on('second');
	expect(await takeOver(await planTakeOver(sent))).toBe('new');
	const { match, actions } = await loadLog(id);
	on('first');
	return tableMode(match.game, match.config, actions);
}

describe('a handed-over copy opens the way the table enters the match', () => {
	it('the score pad chosen at setup, nothing entered yet', async () => {
		expect(await takenMode(await dominoes('pad', []))).toBe('pad');
		expect(await takenMode(await dominoes('referee', []))).toBe('referee');
	});

	it('a refereed setup whose last deal was entered on the score pad, and the other way', async () => {
		const blocked = { type: 'tally', wentOut: null, left: [5, 3] };
		expect(await takenMode(await dominoes('referee', [blocked]))).toBe('pad');
		const tile = { type: 'play', tile: [3, 4] };
		expect(await takenMode(await dominoes('pad', [blocked, tile]))).toBe('referee');
	});
});
