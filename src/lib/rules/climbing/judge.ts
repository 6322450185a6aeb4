import { GAME_OVER, MALFORMED, type Refusal } from '../common';
import { beats, classify, isRank, sameSet } from './sets';
import { augmentCost, tokenCost } from './tokens';
import type { ClimbingRefusal, ClimbingState, PlayAction, PlayedSet, Rank } from './types';

/** Everything the screen can say about a play before it is confirmed. */
export interface PlayCheck {
	/** the set the values form, or null */
	readonly set: PlayedSet | null;
	/** the set on top of the table, or null when the play leads */
	readonly table: PlayedSet | null;
	/** docs/rulings.md, PASS 4: beats the table without tokens (true when leading) */
	readonly beats: boolean;
	/** the same type and rank as the table: beats it only by augmenting (docs/rulings.md, PASS 6) */
	readonly equal: boolean;
	/** tokens an augment must cost here, or null when the set is not equal to the table */
	readonly augmentPrice: number | null;
	/** tokens the play spends: upgrade + augment (docs/rulings.md, PASS 5-6) */
	readonly cost: number;
	/** why the play would be refused, or null when it can be played */
	readonly refusal: Refusal<ClimbingRefusal> | null;
}

type Refused = Refusal<ClimbingRefusal>;

const isCount = (value: unknown, min: number): value is number =>
	Number.isInteger(value) && (value as number) >= min;

/** The play's fields have the right shapes (values are ranks, counts are whole numbers). */
function wellFormed(play: unknown): play is Omit<PlayAction, 'type'> {
	if (typeof play !== 'object' || play === null) return false;
	const { seat, values, cards, upgrade, augment } = play as Record<string, unknown>;
	return (
		isCount(seat, 0) &&
		Array.isArray(values) &&
		[...values].every(isRank) &&
		isCount(cards, 0) &&
		typeof upgrade === 'boolean' &&
		isCount(augment, 0)
	);
}

/** Who may act: refusals shared by a play and a pass. */
export function checkActor(state: ClimbingState, seat: number): Refused | null {
	if (state.phase === 'over') return { code: GAME_OVER };
	if (state.phase === 'start') return { code: 'game-not-started' };
	if (seat >= state.hands.length) return { code: 'bad-seat', params: { seat } };
	if (state.passed[seat]) return { code: 'already-passed', params: { seat } };
	if (seat !== state.seat) return { code: 'not-your-turn', params: { seat, turn: state.seat } };
	return null;
}

/** docs/rulings.md, PASS 1-7: judges a play against the table, the hand and the player's tokens. */
export function judge(state: ClimbingState, play: unknown): PlayCheck {
	const top = state.pile.at(-1) ?? null;
	const table = top ? top.set : null;
	const none = { set: null, table, beats: false, equal: false, augmentPrice: null, cost: 0 };
	if (!wellFormed(play)) return { ...none, refusal: { code: MALFORMED } };
	const { upgrade, augment } = play;
	const values = [...play.values] as Rank[];
	const set = classify(values);
	const equal = set !== null && table !== null && sameSet(set, table);
	const check = {
		set,
		table,
		beats: set !== null && (table === null || beats(set, table)),
		equal,
		augmentPrice: equal && top ? augmentCost(top.augment) : null,
		cost: tokenCost(upgrade, augment)
	};
	return { ...check, refusal: refusal(state, play, check) };
}

/**
 * docs/rulings.md, PASS 10: the entered values need a doubled ace face (AA). Each card that shows two
 * values is a doubled face; when the other values cannot supply as many equal pairs, at least
 * one doubled face shows two aces. (Passpad cannot see the cards: `9 9 A A A` with 4 cards may be
 * a 99 face, so it stands.)
 */
function mustHoldDoubleAce(values: readonly Rank[], cards: number): boolean {
	const doubledFaces = values.length - cards;
	if (doubledFaces <= 0 || noSuchFaces(values, cards)) return false;
	return doubledFaces > pairsOf(values.filter((value) => value !== 'A'));
}

/**
 * docs/rulings.md, PASS 1: a doubled face shows one value twice, so `cards` cards show these values only
 * if they hold at least as many equal pairs as there are doubled faces (5 6 7 8 9 is no 3 cards).
 */
function noSuchFaces(values: readonly Rank[], cards: number): boolean {
	return values.length - cards > pairsOf(values);
}

function pairsOf(values: readonly Rank[]): number {
	const counts = new Map<Rank, number>();
	for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
	return [...counts.values()].reduce((sum, count) => sum + Math.floor(count / 2), 0);
}

function refusal(
	state: ClimbingState,
	{ seat, values, cards, augment }: Omit<PlayAction, 'type'>,
	check: Omit<PlayCheck, 'refusal'>
): Refused | null {
	const actor = checkActor(state, seat);
	if (actor) return actor;
	const { set, table } = check;
	if (set === null) return { code: 'not-a-set', params: { values: values.join(' ') } };
	// A doubled face shows two values, so n values take ceil(n / 2) to n cards.
	const min = Math.ceil(values.length / 2);
	if (cards < min || cards > values.length) {
		return { code: 'card-count', params: { cards, min, max: values.length } };
	}
	if (noSuchFaces(values, cards)) {
		return { code: 'no-such-faces', params: { cards, values: values.join(' ') } };
	}
	// docs/rulings.md, PASS 10: the upgraded AA face is played on its own, never with another card.
	if (cards > 1 && mustHoldDoubleAce(values, cards)) return { code: 'double-ace-alone' };
	const hand = state.hands[seat];
	if (cards > hand) return { code: 'hand-too-small', params: { cards, hand } };
	if (table === null) {
		if (augment > 0) return { code: 'nothing-to-augment' };
	} else if (check.augmentPrice !== null) {
		// docs/rulings.md, PASS 4, 6: an equal set beats only with exactly the augment price.
		if (augment !== check.augmentPrice) {
			return { code: 'augment-price', params: { need: check.augmentPrice, offered: augment } };
		}
	} else if (!check.beats) {
		return { code: 'does-not-beat', params: { type: table.type, rank: table.rank } };
	} else if (augment > 0) {
		return { code: 'augment-needs-equal-set', params: { type: table.type, rank: table.rank } };
	}
	// docs/rulings.md, PASS 7: a player cannot spend tokens they do not have.
	const have = state.tokens[seat];
	if (check.cost > have) return { code: 'not-enough-tokens', params: { have, need: check.cost } };
	return null;
}
