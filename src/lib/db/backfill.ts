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

/**
 * The v7 upgrader's replay: a finished match's result counted again from its log by today's
 * rules, for results an older Passpad counted wrong (a Pass Pass round ended by a third tick
 * counted its points: docs/rulings.md, Pass Pass 8). Null when the log no longer replays to a
 * finished match: that row keeps what it says.
 */
export function recountResult(
	match: Pick<MatchRow, 'game' | 'config' | 'seats'>,
	actions: readonly unknown[]
): MatchResult | null {
	try {
		const game = RULES[match.game];
		const { state, failure } = replay(game, match.config, match.seats.length, actions);
		return failure ? null : summarize(game, state).result;
	} catch {
		// a config the rules refuse: nothing to count again
		return null;
	}
}
