import { MALFORMED, ok, refuse, type Result } from '../common';
import { isOver } from './end';
import {
	CARDS_PLAYED,
	CHIPS_EACH,
	HIGHEST_CARD,
	LOWEST_CARD,
	type Hand,
	type IllPassRefusal,
	type IllPassState
} from './types';

/** The game's end may be entered now: it is not over and no card is face up. */
export function padOpen(state: IllPassState): boolean {
	return !isOver(state) && state.faceUp === null;
}

/**
 * Score pad: the game's end entered as each player's cards and chips left, instead of every
 * reveal, pass and take (docs/rulings.md, I'll Pass 1, 4). It may follow refereed takes: each
 * card a player already took stays theirs. The entry must be a whole game: 24 cards, each once,
 * and the 11 chips a player were dealt, all in hands (none lies on a card at the end).
 */
export function tally(state: IllPassState, entered: unknown): Result<IllPassState, IllPassRefusal> {
	if (state.faceUp !== null) return refuse('card-already-face-up', { card: state.faceUp });
	if (!Array.isArray(entered) || entered.length !== state.hands.length) return refuse(MALFORMED);
	const hands: Hand[] = [];
	const seen = new Set<number>();
	let chips = 0;
	for (const [seat, hand] of (entered as unknown[]).entries()) {
		const fields = (hand ?? {}) as { cards?: unknown; chips?: unknown };
		if (!Array.isArray(fields.cards)) return refuse(MALFORMED);
		if (!Number.isInteger(fields.chips) || (fields.chips as number) < 0) return refuse(MALFORMED);
		for (const card of fields.cards as unknown[]) {
			if (
				!Number.isInteger(card) ||
				(card as number) < LOWEST_CARD ||
				(card as number) > HIGHEST_CARD
			)
				return refuse('card-out-of-range', { card: String(card) });
			if (seen.has(card as number)) return refuse('tally-card-twice', { card: card as number });
			seen.add(card as number);
		}
		const cards = fields.cards as number[];
		const missing = state.hands[seat].cards.find((card) => !cards.includes(card));
		if (missing !== undefined) return refuse('tally-card-taken', { card: missing, seat });
		// cards taken while refereed keep their order; the entered ones follow, ascending
		const taken = state.hands[seat].cards;
		const added = cards.filter((card) => !taken.includes(card)).sort((a, b) => a - b);
		hands.push({ cards: [...taken, ...added], chips: fields.chips as number });
		chips += fields.chips as number;
	}
	if (seen.size !== CARDS_PLAYED)
		return refuse('tally-card-count', { count: seen.size, expected: CARDS_PLAYED });
	const expected = CHIPS_EACH * state.hands.length;
	if (chips !== expected) return refuse('tally-chips', { count: chips, expected });
	const before = new Set(state.revealed);
	const revealed = [
		...state.revealed,
		...hands.flatMap((hand) => hand.cards.filter((card) => !before.has(card)))
	];
	return ok({ ...state, hands, revealed, faceUp: null, pot: 0 });
}
