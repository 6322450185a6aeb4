import { describe, expect, it } from 'vitest';
import { RULES } from '$lib/rules/registry';
import { GAMES } from './catalog';

// A game's player range and default options have one source, its rules.

describe('each game has one source for its metadata', () => {
	it.each(GAMES.map((entry) => [entry.name, entry] as const))(
		'%s: the home page, the rules and checkConfig agree on who may play',
		(_, entry) => {
			const game = RULES[entry.id];
			expect(game.players).toEqual(entry.players);
			for (let players = 1; players <= 8; players++) {
				const fits = players >= entry.players.min && players <= entry.players.max;
				const refusal = game.checkConfig(game.defaultConfig(players), players);
				expect(refusal === null, `${players} players`).toBe(fits);
				if (!fits) expect(refusal?.code).toBe('players-range');
			}
		}
	);

	it.each(GAMES.map((entry) => [entry.name, entry] as const))(
		"%s: the setup screen's default options give a config the rules accept",
		async (_, entry) => {
			const ui = await entry.load();
			for (let players = entry.players.min; players <= entry.players.max; players++) {
				const config = ui.config(ui.defaultOptions(players), { players, start: players - 1 });
				expect(ui.game.checkConfig(config, players), `${players} players`).toBeNull();
			}
		}
	);
});
