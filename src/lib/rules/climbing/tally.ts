import { isSeat, MALFORMED, ok, refuse, shown, type Result } from '../common';
import { endGame } from './game';
import { HAND_SIZE, TOKENS_EACH, type ClimbingRefusal, type ClimbingState } from './types';

/** A game may be entered as its result now: it waits for START 2, or nobody has played a set. */
export function padOpen(state: ClimbingState): boolean {
	if (state.phase === 'start') return true;
	return (
		state.phase === 'play' &&
		state.round === 1 &&
		state.pile.length === 0 &&
		state.hands.every((hand) => hand === HAND_SIZE) &&
		state.tokens.every((tokens) => tokens === TOKENS_EACH)
	);
}

/**
 * Score pad: a whole game entered as its result (docs/rulings.md, PASS 8-9): who played out
 * their hand and, in points mode, the cards left in each other hand (the winner's is 0). Crowns
 * or 4/2/1 points and the match's end follow as after a refereed game. In crowns mode the
 * cards left are optional: without them each other hand is written as the 13 dealt, which
 * crowns mode never reads (a crown goes to the winner alone).
 */
export function tally(
	state: ClimbingState,
	winner: unknown,
	cardsLeft: unknown
): Result<ClimbingState, ClimbingRefusal> {
	if (state.phase === 'over') return refuse('game-over');
	if (!padOpen(state)) return refuse('game-in-progress');
	const players = state.hands.length;
	if (!Number.isInteger(winner)) return refuse(MALFORMED);
	if (!isSeat(winner, players)) return refuse('bad-seat', { seat: winner as number });
	if (cardsLeft === undefined && state.config.mode === 'advanced')
		return refuse('tally-cards-left');
	let hands: number[];
	if (cardsLeft === undefined) {
		hands = state.hands.map((_, seat) => (seat === winner ? 0 : HAND_SIZE));
	} else {
		if (!Array.isArray(cardsLeft) || cardsLeft.length !== players) return refuse(MALFORMED);
		for (const [seat, cards] of (cardsLeft as unknown[]).entries()) {
			if (seat === winner) {
				if (cards !== 0) return refuse('tally-winner-cards', { seat });
			} else if (
				!Number.isInteger(cards) ||
				(cards as number) < 1 ||
				(cards as number) > HAND_SIZE
			) {
				return refuse('tally-cards-range', { seat, cards: shown(cards), min: 1, max: HAND_SIZE });
			}
		}
		hands = [...(cardsLeft as number[])];
	}
	return ok(endGame({ ...state, phase: 'play', hands, pile: [] }, winner as number));
}
