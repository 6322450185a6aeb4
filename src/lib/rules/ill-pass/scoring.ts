/** Cards grouped into runs of consecutive numbers, each run ascending, runs ascending. */
export function runs(cards: readonly number[]): number[][] {
	const sorted = [...cards].sort((a, b) => a - b);
	const result: number[][] = [];
	for (const card of sorted) {
		const run = result.at(-1);
		if (run && card === run[run.length - 1] + 1) run.push(card);
		else result.push([card]);
	}
	return result;
}

/** Rulebook "End of the Game", docs/rulings.md, I'll Pass 4: only the lowest card of each run counts. */
export function cardPoints(cards: number[]): number {
	checkCards(cards);
	return runs(cards).reduce((sum, run) => sum + run[0], 0);
}

/** docs/rulings.md, I'll Pass 4: score = card points minus chips left; the lowest score wins. */
export function finalScore(cards: number[], chips: number): number {
	if (!Number.isInteger(chips) || chips < 0) {
		throw new Error(`Chips must be a whole number of at least 0, not ${chips}.`);
	}
	return cardPoints(cards) - chips;
}

function checkCards(cards: readonly number[]): void {
	const seen = new Set<number>();
	for (const card of cards) {
		if (!Number.isInteger(card) || card < 3 || card > 34) {
			throw new Error(`I'll Pass cards are numbered 3 to 34; ${card} is not one of them.`);
		}
		if (seen.has(card)) throw new Error(`Card ${card} appears twice; each card is unique.`);
		seen.add(card);
	}
}

/** Length of the longest run: a player's statistic ("longest I'll Pass run"). */
export function longestRun(cards: readonly number[]): number {
	return runs(cards).reduce((longest, run) => Math.max(longest, run.length), 0);
}
