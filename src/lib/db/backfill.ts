import { replay } from '../rules/common';
import { RULES } from '../rules/registry';
import { summarize } from './summary';
import type { MatchResult, MatchRow } from './schema';

/** A result as rows saved before v4 may hold it: without the game's direction or feats. */
export type OldResult = Omit<MatchResult, 'lowerWins' | 'feats'> &
	Partial<Pick<MatchResult, 'lowerWins' | 'feats'>>;

/**
 * The v4 upgrader's replay (loaded only when an older database holds such rows): a finished
 * match's result completed with the game's direction and feats, from its log replayed through
 * its rules. What the row already says is kept. A log the rules no longer replay to its end
 * keeps the direction of the game's score sheet and no feats, rather than stopping the upgrade.
 */
export function completeResult(
	match: Pick<MatchRow, 'game' | 'config' | 'seats'>,
	result: OldResult,
	actions: readonly unknown[]
): MatchResult {
	const game = RULES[match.game];
	let replayed: MatchResult | null = null;
	let lowerWins = false;
	try {
		const { state, failure } = replay(game, match.config, match.seats.length, actions);
		replayed = failure ? null : summarize(game, state).result;
		lowerWins = game.sheet(state).lowerWins;
	} catch {
		// a config the rules refuse: nothing to replay; the fields get their plainest values
	}
	return {
		...result,
		lowerWins: result.lowerWins ?? replayed?.lowerWins ?? lowerWins,
		feats: result.feats ?? replayed?.feats ?? []
	};
}
