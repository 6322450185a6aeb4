import type { ClimbingState } from './types';

/**
 * docs/rulings.md, PASS 6: tokens to beat an identical set: 1 when it was not augmented, k + 1 when it
 * was augmented with k. Both cases are `previousAugment + 1`.
 */
export function augmentCost(previousAugment: number): number {
	if (!Number.isInteger(previousAugment) || previousAugment < 0) {
		throw new Error(
			`The previous augment is a whole number of tokens (0 or more), not ${previousAugment}.`
		);
	}
	return previousAugment + 1;
}

/** docs/rulings.md, PASS 5-6: tokens a play spends: 1 to upgrade (any number of cards), plus the augment. */
export function tokenCost(upgrade: boolean, augment: number): number {
	return (upgrade ? 1 : 0) + augment;
}

/** Tokens left beside this round's augmented sets (docs/rulings.md, PASS 6). */
export function beside(state: ClimbingState): number {
	return state.pile.reduce((sum, play) => sum + play.augment, 0);
}

/** Every token in the game: players' + supply + beside sets; always the box count. */
export function tokensInPlay(state: ClimbingState): number {
	return state.tokens.reduce((sum, count) => sum + count, 0) + state.supply + beside(state);
}

/**
 * docs/rulings.md, PASS 7: a player takes 1 token from the supply (declaring PASS, playing a trump).
 * With the supply empty there is nothing to take: the pass or trump stands, without a token.
 */
export function takeToken(
	state: ClimbingState,
	seat: number
): Pick<ClimbingState, 'tokens' | 'supply'> {
	if (state.supply === 0) return { tokens: state.tokens, supply: 0 };
	return {
		tokens: state.tokens.map((count, other) => (other === seat ? count + 1 : count)),
		supply: state.supply - 1
	};
}

/**
 * docs/rulings.md, PASS 6: at a round's end the tokens beside its sets go back to the supply.
 * Returns the supply after that; the caller empties the pile.
 */
export function supplyAfterRound(state: ClimbingState): number {
	return state.supply + beside(state);
}
