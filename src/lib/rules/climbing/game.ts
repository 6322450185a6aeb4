/**
 * The end of a game of PASS, reached by play (a player's last card, reducer.ts) or entered on the
 * score pad (tally.ts): one function both call, in its own module so neither imports the other.
 */
import { gameAward, matchWinner } from './scoring';
import { supplyAfterRound } from './tokens';
import type { ClimbingState } from './types';

/** docs/rulings.md, PASS 8-9: award crowns or points; the match ends when someone reaches the target. */
export function endGame(state: ClimbingState, winner: number): ClimbingState {
	const players = state.hands.length;
	const record = {
		winner,
		cardsLeft: [...state.hands],
		awarded: gameAward(state.config.mode, [...state.hands], winner),
		rounds: state.round
	};
	const games = [...state.games, record];
	const over = matchWinner(state.config.mode, games, players) !== null;
	return {
		...state,
		phase: over ? 'over' : 'start',
		supply: supplyAfterRound(state),
		pile: [],
		passed: Array.from({ length: players }, () => false),
		seat: winner,
		games
	};
}
