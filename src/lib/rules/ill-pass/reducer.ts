import { clockwise, GAME_OVER, isSeat, MALFORMED, ok, refuse, shown, type Result } from '../common';
import { isOver } from './end';
import { tally } from './tally';
import {
	CHIPS_EACH,
	HIGHEST_CARD,
	LOWEST_CARD,
	type IllPassAction,
	type IllPassConfig,
	type IllPassRefusal,
	type IllPassState
} from './types';

export function setup(config: IllPassConfig, players: number): IllPassState {
	return {
		config,
		hands: Array.from({ length: players }, () => ({ cards: [], chips: CHIPS_EACH })),
		revealed: [],
		faceUp: null,
		pot: 0,
		seat: isSeat(config.start, players) ? config.start : 0
	};
}

export { isOver };

export function apply(
	state: IllPassState,
	action: IllPassAction
): Result<IllPassState, IllPassRefusal> {
	if (isOver(state)) return refuse(GAME_OVER);
	switch (action?.type) {
		case 'reveal':
			return reveal(state, action.card);
		case 'take':
			return take(state);
		case 'pass':
			return pass(state);
		case 'tally':
			return tally(state, action.hands);
		default:
			return refuse(MALFORMED);
	}
}

function reveal(state: IllPassState, card: unknown): Result<IllPassState, IllPassRefusal> {
	if (state.faceUp !== null) return refuse('card-already-face-up', { card: state.faceUp });
	if (
		!Number.isInteger(card) ||
		(card as number) < LOWEST_CARD ||
		(card as number) > HIGHEST_CARD
	) {
		return refuse('card-out-of-range', { card: shown(card) });
	}
	const number = card as number;
	if (state.revealed.includes(number)) return refuse('card-already-revealed', { card: number });
	return ok({ ...state, revealed: [...state.revealed, number], faceUp: number, pot: 0 });
}

/** Rulebook "Gameplay": the taker gets the card and every chip on it. */
function take(state: IllPassState): Result<IllPassState, IllPassRefusal> {
	if (state.faceUp === null) return refuse('reveal-first');
	const card = state.faceUp;
	const hands = state.hands.map((hand, seat) =>
		seat === state.seat ? { cards: [...hand.cards, card], chips: hand.chips + state.pot } : hand
	);
	// docs/rulings.md, I'll Pass 3: play moves clockwise after a take; house rule: the taker goes again.
	const seat = state.config.takerReveals ? state.seat : clockwise(state.seat, state.hands.length);
	return ok({ ...state, hands, faceUp: null, pot: 0, seat });
}

/** docs/rulings.md, I'll Pass 2: pay one chip onto the card; a player with no chips must take. */
function pass(state: IllPassState): Result<IllPassState, IllPassRefusal> {
	if (state.faceUp === null) return refuse('reveal-first');
	if (state.hands[state.seat].chips === 0)
		return refuse('no-chips', { card: state.faceUp, seat: state.seat });
	const hands = state.hands.map((hand, seat) =>
		seat === state.seat ? { ...hand, chips: hand.chips - 1 } : hand
	);
	return ok({ ...state, hands, pot: state.pot + 1, seat: clockwise(state.seat, hands.length) });
}
