import { checkPlayers, isSeat, type GameDefinition, type Refusal } from '../common';
import { META } from './meta';
import { apply, setup } from './reducer';
import { actors, feats, opener, outcome, sheet, turn } from './selectors';
import type {
	IllPassAction,
	IllPassConfig,
	IllPassConfigRefusal,
	IllPassRefusal,
	IllPassState
} from './types';

export { cardPoints, finalScore, runs, longestRun } from './scoring';
export * from './types';
export * from './selectors';
export { apply, setup, isOver } from './reducer';
export { handRefusal, padOpen } from './tally';

export const illPass: GameDefinition<IllPassConfig, IllPassState, IllPassAction, IllPassRefusal> = {
	id: META.id,
	players: META.players,
	defaultConfig: () => ({ start: 0, takerReveals: false }),
	checkConfig(config, players): Refusal<IllPassConfigRefusal> | null {
		const outside = checkPlayers(players, META.players);
		if (outside) return outside;
		if (!isSeat(config?.start, players)) return { code: 'bad-start' };
		if (typeof config.takerReveals !== 'boolean') return { code: 'bad-option' };
		return null;
	},
	setup,
	apply,
	turn,
	actors,
	opener,
	outcome,
	sheet,
	feats
};
