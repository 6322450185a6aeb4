/**
 * A finished match's places, as its record shows them: the one ranking the BG Stats export
 * (share/bgstats.ts) and the ratings (docs/ratings.md) both read.
 */

/** What a finished match says of itself, as kept on its row (MatchResult) or live on screen. */
export interface PlayResult {
	/** side indexes into `sides` */
	readonly winners: readonly number[];
	readonly shared: boolean;
	/** the seats of each side: one seat, or a team */
	readonly sides: readonly (readonly number[])[];
	/** each side's total */
	readonly totals: readonly number[];
	readonly lowerWins: boolean;
}

/**
 * Each side's place, ties sharing one (1, 1, 3): the winners first, whatever the points say (a
 * Pass Pass third tick wins outright), then the others by total in the game's direction.
 */
export function ranks(result: PlayResult): number[] {
	const won = new Set(result.winners);
	const better = (a: number, b: number) =>
		result.lowerWins ? result.totals[a] < result.totals[b] : result.totals[a] > result.totals[b];
	return result.sides.map((_, side) => {
		if (won.has(side)) return 1;
		const ahead = result.sides.filter(
			(_, other) => other !== side && !won.has(other) && better(other, side)
		).length;
		return won.size + ahead + 1;
	});
}
