import { describe, expect, it } from 'vitest';
import { RULES } from '$lib/rules/registry';
import { begin } from '$lib/live/replay';
import { readEntry, writeEntry, type Entry } from '$lib/live/protocol';
import { loggedMode, modeNow, setupMode, tableMode, withSetupMode } from './entry-mode';

const dominoesConfig = { houseRuleWinnerStarts: false, starter: 0 };
const blocked = { type: 'tally', wentOut: null, left: [5, 3] };
const tile = { type: 'play', tile: [3, 4] };

describe('the way a table enters travels with the match', () => {
	it('the setup keeps the score pad in its config; a refereed setup is the config as it was', () => {
		expect(withSetupMode(dominoesConfig, 'referee')).toBe(dominoesConfig);
		const pad = withSetupMode(dominoesConfig, 'pad');
		expect(pad).toEqual({ ...dominoesConfig, entry: 'pad' });
		expect(setupMode(pad)).toBe('pad');
		expect(setupMode(dominoesConfig)).toBe('referee');
		// anything else from outside reads as refereed, never as a third way
		for (const odd of [null, undefined, 3, { entry: 'PAD' }, { entry: ['pad'] }])
			expect(setupMode(odd)).toBe('referee');
		// the rules take the config with it, as they take it without
		expect(RULES.dominoes.checkConfig(pad as never, 4)).toBeNull();
	});

	it('once a round is entered, the log says how: a tally is the pad, a move the referee', () => {
		expect(loggedMode('dominoes', [])).toBeNull();
		expect(loggedMode('dominoes', [{ type: 'start', seat: 1 }])).toBeNull();
		expect(loggedMode('dominoes', [blocked])).toBe('pad');
		expect(loggedMode('dominoes', [blocked, tile])).toBe('referee');
		expect(
			loggedMode('climbing', [
				{ type: 'tally', winner: 0 },
				{ type: 'start', seat: 1 }
			])
		).toBe('pad');
		// Pass Pass: cards won, who leads and the round's end are its score pad; a team's pick neither
		const won = { type: 'won', seat: 0, cards: [] };
		const pick = { type: 'teamPick', team: 0, seat: 2 };
		expect(loggedMode('pass-pass', [won, { type: 'endRound' }, pick])).toBe('pad');
		expect(loggedMode('pass-pass', [won, { type: 'play', card: {} }])).toBe('referee');
		// the log wins over the setup: a table that chose the pad and then refereed a round
		expect(tableMode('dominoes', withSetupMode(dominoesConfig, 'pad'), [tile])).toBe('referee');
		expect(tableMode('dominoes', withSetupMode(dominoesConfig, 'pad'), [])).toBe('pad');
	});

	it("a tap on this phone's switch holds until the next entry, then the table's way again", () => {
		const match = { game: 'dominoes', config: dominoesConfig };
		expect(modeNow(match, [blocked], { mode: 'referee', length: 1 })).toBe('referee');
		expect(modeNow(match, [blocked, blocked], { mode: 'referee', length: 1 })).toBe('pad');
		expect(modeNow(match, [], { mode: 'pad', length: 0 })).toBe('pad');
		expect(modeNow(match, [tile], null)).toBe('referee');
	});

	it("a followed live copy reads the table's way from the start entry the pen phone sent", () => {
		const start: Entry = {
			v: 1,
			id: 'entry-000001',
			match: 'match-1',
			pos: 0,
			prev: null,
			by: 'phone-ana-0001',
			at: 1,
			change: {
				kind: 'start',
				game: 'dominoes',
				config: withSetupMode(dominoesConfig, 'pad'),
				names: ['Ana', 'Ben', 'Cleo', 'Dan'],
				createdAt: 1,
				pen: 'Ana'
			}
		};
		const read = readEntry(writeEntry(start));
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		const verdict = begin(read.entry, 1, (id) => RULES[id]);
		expect(verdict.kind).toBe('applied');
		if (verdict.kind !== 'applied') return;
		const { live } = verdict;
		expect(tableMode(live.start.game, live.start.config, live.actions)).toBe('pad');
	});
});
