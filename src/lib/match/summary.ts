import type { AnyGame } from '$lib/rules/common';
import type { LogSummary } from '$lib/db';
import { joinNames } from '$lib/i18n/list';

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

/** A side's name: the player, or the team's players joined ("Léa et Sam", i18n/list.ts). */
export function sideName(seats: readonly number[], names: readonly string[]): string {
	return joinNames(seats.map((seat) => names[seat] ?? `#${seat + 1}`));
}
