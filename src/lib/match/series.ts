import { replay, type AnyGame } from '$lib/rules/common';

/**
 * Each side's running total, sampled at the start and after every action that changed any
 * total: the points of a running-score chart, for any game, straight from its score sheet.
 */
export function runningTotals(
	game: AnyGame,
	config: unknown,
	players: number,
	actions: readonly unknown[]
): { after: number; totals: number[] }[] {
	const points = [{ after: 0, totals: [...game.sheet(game.setup(config, players)).totals] }];
	replay(game, config, players, actions, ({ index, after }) => {
		const totals = [...game.sheet(after).totals];
		if (totals.some((total, side) => total !== points.at(-1)!.totals[side])) {
			points.push({ after: index + 1, totals });
		}
	});
	return points;
}
