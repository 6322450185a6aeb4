import { ok, refuse, type Result } from '../common';
import {
	COLORS,
	HIGHEST_VALUE,
	LOWEST_VALUE,
	MAX_DIAMONDS,
	type Card,
	type Color,
	type PassPassRefusal,
	type TableCard
} from './types';

/** A value as text for a refusal's params or an error message; never throws, whatever it is. */
export function shown(value: unknown): string {
	if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
		return String(value);
	}
	return value === null ? 'null' : typeof value;
}

/** A card's identity: colour + value ('purple-10'); diamonds are not part of it. */
export function cardKey(card: { color: Color; value: number }): string {
	return `${card.color}-${card.value}`;
}

export function sameCard(a: { color: Color; value: number }, b: { color: Color; value: number }) {
	return a.color === b.color && a.value === b.value;
}

function isColor(value: unknown): value is Color {
	return typeof value === 'string' && (COLORS as readonly string[]).includes(value);
}

function isValue(value: unknown): value is number {
	return (
		Number.isInteger(value) &&
		(value as number) >= LOWEST_VALUE &&
		(value as number) <= HIGHEST_VALUE
	);
}

function isDiamonds(value: unknown): value is number {
	return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_DIAMONDS;
}

/** A card's identity read from untrusted input (the reducer's payloads). */
export function parseCardId(
	input: unknown
): Result<{ color: Color; value: number }, PassPassRefusal> {
	if (typeof input !== 'object' || input === null) return refuse('malformed-action');
	const { color, value } = input as Record<string, unknown>;
	if (!isColor(color) || !isValue(value)) {
		return refuse('card-out-of-range', { color: shown(color), value: shown(value) });
	}
	return ok({ color, value });
}

/** A whole card, diamonds included, copied so that no extra field of the payload is kept. */
export function parseCard(input: unknown): Result<Card, PassPassRefusal> {
	const id = parseCardId(input);
	if (!id.ok) return id;
	const { diamonds } = input as Record<string, unknown>;
	if (!isDiamonds(diamonds)) return refuse('bad-diamonds', { diamonds: shown(diamonds) });
	return ok({ ...id.value, diamonds });
}

/**
 * A card as played trick by trick: its diamonds may be left unsaid (absent or null), to be said
 * by the take that wins it (docs/features.md, fewer taps); said, they must be 0..3.
 */
export function parsePlayed(input: unknown): Result<TableCard, PassPassRefusal> {
	const id = parseCardId(input);
	if (!id.ok) return id;
	const { diamonds } = input as Record<string, unknown>;
	if (diamonds === undefined || diamonds === null) return ok({ ...id.value, diamonds: null });
	if (!isDiamonds(diamonds)) return refuse('bad-diamonds', { diamonds: shown(diamonds) });
	return ok({ ...id.value, diamonds });
}

/** Throws a readable Error on an impossible card or a card listed twice (docs/contract.md). */
export function checkCards(cards: readonly Card[], what = 'cards'): void {
	if (!Array.isArray(cards)) throw new Error(`The ${what} must be a list of cards.`);
	const seen = new Set<string>();
	for (const card of cards) {
		if (typeof card !== 'object' || card === null) throw new Error(`${shown(card)} is not a card.`);
		if (!isColor(card.color)) {
			throw new Error(`Colours are ${COLORS.join(', ')}; ${shown(card.color)} is not one.`);
		}
		if (!isValue(card.value)) {
			throw new Error(`Card values run from 1 to 12; ${shown(card.value)} is not one.`);
		}
		if (!isDiamonds(card.diamonds)) {
			throw new Error(`A card has 0 to 3 diamonds, not ${shown(card.diamonds)}.`);
		}
		if (seen.has(cardKey(card))) {
			throw new Error(
				`The ${card.color} ${card.value} appears twice in the ${what}; each card is unique.`
			);
		}
		seen.add(cardKey(card));
	}
}

/** Cards sorted into colours, each colour by value, lowest first. */
export function byColor(cards: readonly Card[]): Record<Color, Card[]> {
	const groups = { purple: [], blue: [], green: [], yellow: [] } as Record<Color, Card[]>;
	for (const card of cards) groups[card.color].push(card);
	for (const color of COLORS) groups[color].sort((a, b) => a.value - b.value);
	return groups;
}

/** docs/rulings.md, Pass Pass 7: complete four-colour sets = the smallest of the four colour counts. */
export function countTicks(cards: readonly Card[]): number {
	const groups = byColor(cards);
	return Math.min(...COLORS.map((color) => groups[color].length));
}

/** docs/rulings.md, Pass Pass 9: 1 point per card plus 1 per diamond on it. */
export function countPoints(cards: readonly Card[]): number {
	return cards.reduce((sum, card) => sum + 1 + card.diamonds, 0);
}

/** docs/contract.md: Pass Pass ticks for the cards one player won in a round (docs/rulings.md, Pass Pass 7). */
export function passPassCount(won: Card[]): number {
	checkCards(won, 'cards won');
	return countTicks(won);
}

/** docs/contract.md: a player's round points (docs/rulings.md, Pass Pass 9). */
export function roundPoints(won: Card[]): number {
	checkCards(won, 'cards won');
	return countPoints(won);
}
