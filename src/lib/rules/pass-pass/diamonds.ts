import { MALFORMED, ok, refuse, type Result } from '../common';
import { cardKey, parseCard } from './cards';
import { explainTrick, takesAfter } from './trick';
import { thirdTickIf } from './round';
import type { Card, Color, PassPassRefusal, PassPassState, TableCard } from './types';

/**
 * Diamonds said late (docs/features.md, fewer taps): a card goes down trick by trick without
 * its diamonds when nobody has said them yet; only the cards won score
 * (docs/rulings.md, Pass Pass 9), so the take that wins a card says its diamonds, and a take
 * that would leave one unsaid is refused (`diamonds-unknown`): no round ends with a won card's
 * diamonds unknown.
 */

/** The state with the trick's cards' diamonds filled from `seen` (whole cards of the trick). */
export function sayDiamonds(
	state: PassPassState,
	seen: unknown
): Result<PassPassState, PassPassRefusal> {
	if (seen === undefined) return ok(state);
	if (!Array.isArray(seen)) return refuse(MALFORMED);
	const said = new Map<string, number>();
	for (const entry of seen) {
		const card = parseCard(entry);
		if (!card.ok) return card;
		const key = cardKey(card.value);
		if (said.has(key)) return refuse('duplicate-card', { card: key });
		const play = state.trick.find((one) => cardKey(one.card) === key);
		if (!play) return refuse('not-in-trick', { card: key });
		// a card's diamonds, once said, are the record: a take never says them again otherwise
		if (play.card.diamonds !== null && play.card.diamonds !== card.value.diamonds) {
			return refuse('bad-diamonds', { diamonds: card.value.diamonds });
		}
		said.set(key, card.value.diamonds);
	}
	const trick = state.trick.map((play) => {
		const diamonds = said.get(cardKey(play.card));
		return diamonds === undefined || play.card.diamonds !== null
			? play
			: { ...play, card: { ...play.card, diamonds } };
	});
	return ok({ ...state, trick });
}

/** The cards among `cards` whose diamonds nobody has said. */
export function unsaid(cards: readonly TableCard[]): TableCard[] {
	return cards.filter((card) => card.diamonds === null);
}

/** Refused unless every card is whole (its diamonds said): then they are Cards. */
export function allSaid(cards: readonly TableCard[]): Result<Card[], PassPassRefusal> {
	const missing = unsaid(cards);
	if (missing.length > 0) {
		return refuse('diamonds-unknown', { cards: missing.map(cardKey).join(' ') });
	}
	return ok(cards as Card[]);
}

/**
 * The cards whose diamonds the first winner's take of `pick` must say: the pick, and the second
 * winner's two cards when that take follows at once (one way to take them, no third Pass Pass
 * on the pick: docs/rulings.md, Pass Pass 5, 8), those not said yet. Empty outside a first take.
 */
export function unsaidOnFirstTake(
	state: PassPassState,
	pick: { color: Color; value: number }
): TableCard[] {
	if (state.trick.length !== state.players || state.firstTake !== null) return [];
	const play = state.trick.find((one) => cardKey(one.card) === cardKey(pick));
	if (!play) return [];
	const { first } = explainTrick(state.trick);
	// ticks count colours, never diamonds: a third tick is known before the diamonds are
	if (thirdTickIf(state, first, play.card) !== null) return unsaid([play.card]);
	const takes = takesAfter(state.trick, play.card);
	return unsaid(takes.length === 1 ? [play.card, ...takes[0]] : [play.card]);
}
