import { checkPlayers, isSeat, type GameDefinition, type Refusal } from '../common';
import { META } from './meta';
import { apply, setup } from './reducer';
import { actors, feats, opener, outcome, sheet, turn } from './selectors';
import type {
	DominoesAction,
	DominoesConfig,
	DominoesConfigRefusal,
	DominoesRefusal,
	DominoesState
} from './types';

export { turnEffect, nextSeat, dealPoints, teamOf, teamSeats, blockedPoints } from './scoring';
export {
	allTiles,
	isDouble,
	isTile,
	lineEnds,
	effectOfEnds,
	fittingEnds,
	place,
	spots,
	tileKey,
	tileText,
	type LineEnds
} from './line';
export { coach, type CoachHint } from './coach';
export { lineWithEnds, tableWithEnds, type OpenEnd } from './ends';
export { nextStarter } from './deal';
export * from './types';
export * from './selectors';
export { apply, setup, isOver } from './reducer';
export {
	padOpen,
	wentOutRange,
	BLOCKED_TEAM_TILES_MAX,
	BLOCKED_TILES_MAX,
	SEAT_TILES_MAX,
	TEAM_TILES_MAX,
	TEAM_TILES_MIN
} from './tally';

export const dominoes: GameDefinition<
	DominoesConfig,
	DominoesState,
	DominoesAction,
	DominoesRefusal
> = {
	id: META.id,
	players: META.players,
	defaultConfig: () => ({ houseRuleWinnerStarts: false }),
	checkConfig(config, players): Refusal<DominoesConfigRefusal> | null {
		const outside = checkPlayers(players, META.players);
		if (outside) return outside;
		if (typeof config?.houseRuleWinnerStarts !== 'boolean') return { code: 'bad-option' };
		if (config.starter !== undefined && !isSeat(config.starter, 4)) return { code: 'bad-option' };
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
