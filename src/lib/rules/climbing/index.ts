import { checkPlayers, isSeat, type GameDefinition, type Refusal } from '../common';
import { META } from './meta';
import { apply, setup } from './reducer';
import { actors, feats, opener, outcome, sheet, turn } from './selectors';
import {
	BOX_TOKENS,
	MODES,
	type ClimbingAction,
	type ClimbingConfig,
	type ClimbingConfigRefusal,
	type ClimbingRefusal,
	type ClimbingState
} from './types';

export type { Rank, SetType, PlayedSet } from './types';
export { classify, beats, isRank, sameSet, setLabel, setName } from './sets';
export { augmentCost, tokenCost, tokensInPlay } from './tokens';
// docs/contract.md's name on its own line, where the contract check reads it
export { advancedPoints } from './scoring';
export {
	gameAward,
	matchDecision,
	matchTotals,
	matchWinner,
	type MatchDecision,
	type WinReason
} from './scoring';
export { judge, type PlayCheck } from './judge';
export * from './types';
export * from './selectors';
export { apply, setup, isOver } from './reducer';

export const climbing: GameDefinition<
	ClimbingConfig,
	ClimbingState,
	ClimbingAction,
	ClimbingRefusal
> = {
	id: META.id,
	players: META.players,
	defaultConfig: () => ({ mode: 'basic', tokens: BOX_TOKENS }),
	checkConfig(config, players): Refusal<ClimbingConfigRefusal> | null {
		const outside = checkPlayers(players, META.players);
		if (outside) return outside;
		if (!(MODES as readonly string[]).includes(config?.mode)) return { code: 'bad-option' };
		if (!Number.isInteger(config.tokens) || config.tokens < players) {
			return { code: 'bad-token-count', params: { min: players } };
		}
		if (config.starter !== undefined && !isSeat(config.starter, players)) {
			return { code: 'bad-option' };
		}
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
