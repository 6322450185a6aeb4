import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnyGame, GameId } from './common';
import { seeded } from './common/random';
import { RULES } from './registry';
import { FEATS as CLIMBING_FEATS } from './climbing';
import { match as climbingInput, randomMatch as climbingMatch } from './climbing/simulate';
import { FEATS as DOMINOES_FEATS } from './dominoes';
import { legalMatch as dominoesMatch, matchInput as dominoesInput } from './dominoes/simulate';
import { FEATS as ILL_PASS_FEATS } from './ill-pass';
import { randomGame as illPassMatch } from './ill-pass/simulate';
import { FEATS as PASS_PASS_FEATS } from './pass-pass';
import { game as passPassInput, simulate as passPassMatch } from './pass-pass/simulate';

/** Finished random matches of each game: their final states and seat counts. */
const finished: Record<GameId, { state: unknown; players: number }[]> = {
	'ill-pass': Array.from({ length: 40 }, (_, seed) => illPassMatch(seeded(seed + 1))),
	'pass-pass': fc.sample(passPassInput, { numRuns: 40, seed: 2 }).map((input) => ({
		state: passPassMatch(input).state,
		players: input.players
	})),
	dominoes: fc.sample(dominoesInput, { numRuns: 40, seed: 4 }).map((input) => ({
		state: dominoesMatch(input).states.at(-1),
		players: 4
	})),
	climbing: fc
		.sample(climbingInput, { numRuns: 40, seed: 5 })
		.map((input) => climbingMatch(input, 5000))
		.map(({ states, players }) => ({ state: states.at(-1), players }))
};

const ids: Record<GameId, readonly string[]> = {
	'ill-pass': ILL_PASS_FEATS,
	'pass-pass': PASS_PASS_FEATS,
	dominoes: DOMINOES_FEATS,
	climbing: CLIMBING_FEATS
};

describe("feats: every game keeps figures for players' statistics", () => {
	it.each(Object.entries(RULES) as [GameId, AnyGame][])(
		'%s: its declared feats, one whole figure per seat (or none, where the match does not keep it), at the end of any match',
		(id, game) => {
			expect(game.feats?.map((feat) => feat.id)).toEqual(ids[id]);
			for (const { state, players } of finished[id]) {
				for (const feat of game.feats ?? []) {
					const values = feat.value(state);
					expect([0, players]).toContain(values.length);
					for (const value of values) expect(Number.isInteger(value) && value >= 0).toBe(true);
				}
			}
		}
	);

	it('PASS: games won add up to the games played; dominoes: deals gone out to at most 7', () => {
		for (const { state } of finished.climbing) {
			const won = RULES.climbing.feats![0].value(state);
			const games = (state as { games: unknown[] }).games.length;
			expect(won.reduce((sum, value) => sum + value, 0)).toBe(games);
		}
		for (const { state } of finished.dominoes) {
			const out = RULES.dominoes.feats![0].value(state);
			expect(out.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(7);
		}
	});
});
