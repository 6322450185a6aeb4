import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passPass } from './index';
import { phase } from './selectors';
import { game, simulate } from './simulate';
import type { PassPassAction, PassPassState } from './types';

const apply = (state: PassPassState, action: PassPassAction) => {
	const result = passPass.apply(state, action);
	if (!result.ok) throw new Error(`${result.refusal.code} ${JSON.stringify(action)}`);
	return result.value;
};

describe('Pass Pass on the score pad: cards won per player, diamonds counted from the cards', () => {
	it('a refereed game entered round by round as each seat’s cards won gives the same sheet', () => {
		fc.assert(
			fc.property(game, (input) => {
				const solo = { ...input, layout: false, players: Math.min(input.players, 5) };
				const refereed = simulate(solo).state;
				// the third tick ends a game at once: which seat's cards come first would then matter
				if (passPass.outcome(refereed)?.reason === 'third-tick') return;
				let state = passPass.setup(refereed.config, refereed.players);
				for (const round of refereed.rounds) {
					round.won.forEach((cards, seat) => {
						if (cards.length > 0) state = apply(state, { type: 'won', seat, cards: [...cards] });
					});
					if (phase(state) !== 'over' && state.rounds.length === refereed.rounds.indexOf(round) + 1)
						state = apply(state, { type: 'endRound' });
				}
				expect(passPass.sheet(state)).toEqual(passPass.sheet(refereed));
				expect(passPass.outcome(state)).toEqual(passPass.outcome(refereed));
				expect(passPass.feats!.map((feat) => feat.value(state))).toEqual(
					passPass.feats!.map((feat) => feat.value(refereed))
				);
			}),
			{ numRuns: 60 }
		);
	});
});
