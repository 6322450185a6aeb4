import type { AnyGame } from '../rules/common';
import type { LogSummary } from './log';

/** What the match row keeps of a state, so lists and statistics never need a replay. */
export function summarize(game: AnyGame, state: unknown): LogSummary {
	const outcome = game.outcome(state);
	if (!outcome) return { status: 'active', result: null };
	const sheet = game.sheet(state);
	return {
		status: 'finished',
		result: {
			winners: [...outcome.winners],
			shared: outcome.shared,
			reason: outcome.reason,
			sides: sheet.sides.map((side) => [...side.seats]),
			totals: [...sheet.totals],
			lowerWins: sheet.lowerWins,
			feats: (game.feats ?? []).map((feat) => ({
				id: feat.id,
				aggregate: feat.aggregate,
				seats: [...feat.value(state)]
			}))
		}
	};
}
