import type { GameDefinition } from '../common';
import { META } from './meta';
import { apply, setup } from './reducer';
import { feats, outcome, sheet } from './score';
import { actors, opener, turn } from './selectors';
import { checkConfig, defaultConfig } from './teams';
import type { PassPassAction, PassPassConfig, PassPassRefusal, PassPassState } from './types';

export { passPassCount, roundPoints, cardKey, sameCard, byColor } from './cards';
// docs/contract.md
export { resolveTrick, secondWinnerTakes } from './trick';
export {
	explainTrick,
	colorTotals,
	type RankReason,
	type ColorGroup,
	type TrickExplanation
} from './trick';
export { checkConfig, defaultConfig, layoutsFor, sidesOf } from './teams';
export * from './types';
export * from './selectors';
export * from './score';
export { apply, setup } from './reducer';

export const passPass: GameDefinition<
	PassPassConfig,
	PassPassState,
	PassPassAction,
	PassPassRefusal
> = {
	id: META.id,
	players: META.players,
	defaultConfig,
	checkConfig,
	setup,
	apply,
	turn,
	actors,
	opener,
	outcome,
	sheet,
	feats
};
