import { MALFORMED, ok, refuse, type Refusal, type Result } from '../common';
import { META } from './meta';
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
		if (typeof fields.chips !== 'number') return refuse(MALFORMED);
		const most = CHIPS_EACH * state.hands.length;
		if (!chipsWithin(fields.chips, most))
			return refuse('chips-out-of-range', { seat, chips: String(fields.chips), min: 0, max: most });
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

/** A whole number of chips from 0 to `most`. */
function chipsWithin(chips: unknown, most: number): chips is number {
	return Number.isInteger(chips) && (chips as number) >= 0 && (chips as number) <= most;
}

/**
 * A hand asked about outside a match (/resolve): what one player can hold at a game's end
 * (docs/rulings.md, I'll Pass 1): at most the 24 cards a game plays, and a whole number of chips
 * from 0 to every chip of the largest table, 11 each for 5 players. Null when it can be.
 */
export function handRefusal(
	cards: readonly number[],
	chips: number
): Refusal<IllPassRefusal> | null {
	if (cards.length > CARDS_PLAYED)
		return { code: 'hand-too-many-cards', params: { count: cards.length, max: CARDS_PLAYED } };
	const most = CHIPS_EACH * META.players.max;
	if (!chipsWithin(chips, most))
		return { code: 'chips-out-of-range', params: { chips: String(chips), min: 0, max: most } };
	return null;
}
