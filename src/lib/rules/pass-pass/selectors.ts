import { clockwise, seatsFrom } from '../common';
import { byColor, cardKey } from './cards';
import { currentRound, isOver, phase, usedCards, wonCount } from './round';
import { sideOfSeat, sidesOf } from './teams';
import { colorTotals, explainTrick, takesAfter, type TrickExplanation } from './trick';
import {
	COLORS,
	HIGHEST_VALUE,
	LOWEST_VALUE,
	type Card,
	type Color,
	type PassPassState,
	type TableCard,
	ROUNDS
} from './types';

export { phase, isOver, usedCards };

/**
 * Seat expected to act: the next seat to play a card, the first winner to take, the second
 * winner to choose. Null while teams pick (the table decides together) and once over.
 */
export function turn(state: PassPassState): number | null {
	switch (phase(state)) {
		case 'play':
			return clockwise(state.leader, state.players, state.trick.length);
		case 'first-take':
			return explainTrick(state.trick).first;
		case 'second-take':
			return explainTrick(state.trick).second;
		default:
			return null;
	}
}

/**
 * Which seats may act now (the one whose turn it is first). Between tricks every seat: the
 * leader plays, and the table may enter any seat's cards won or name who leads (docs/rulings.md,
 * Pass Pass 12); while teams pick, every seat too (the table names its member and the leader).
 */
export function actors(state: PassPassState): number[] {
	switch (phase(state)) {
		case 'play':
			return state.trick.length === 0
				? seatsFrom(state.leader, state.players)
				: [clockwise(state.leader, state.players, state.trick.length)];
		case 'first-take':
		case 'second-take':
			return [turn(state)!];
		case 'team-pick':
			return seatsFrom(state.leader, state.players);
		default:
			return [];
	}
}

/**
 * Who leads the next round (docs/rulings.md, Pass Pass 6): known once the round before is over,
 * until the round's first card or cards won; null during a round and after the last one.
 */
export function opener(state: PassPassState): number | null {
	const now = phase(state);
	if (now === 'team-pick') return state.rounds.length < ROUNDS ? state.leader : null;
	const round = currentRound(state);
	const untouched =
		state.trick.length === 0 && wonCount(round) === 0 && round.discarded.length === 0;
	return now === 'play' && untouched ? state.leader : null;
}

/** The seats still to play a card in this trick, in table order, the one whose turn it is first. */
export function yetToPlay(state: PassPassState): number[] {
	if (phase(state) !== 'play') return [];
	return Array.from({ length: state.players - state.trick.length }, (_, at) =>
		clockwise(state.leader, state.players, state.trick.length + at)
	);
}

/** Index of the current round, from 0. */
export function roundIndex(state: PassPassState): number {
	return state.rounds.length - 1;
}

/** Colour totals of the cards on the table, shown as cards go down. */
export function trickTotals(state: PassPassState): Record<Color, number> {
	return colorTotals(state.trick);
}

/**
 * docs/rulings.md, Pass Pass 1-3 on the complete trick: ranked colour groups with why each ranks above the next,
 * both winners and why. Null until every player has played.
 */
export function trickResolution(state: PassPassState): TrickExplanation | null {
	return state.trick.length === state.players ? explainTrick(state.trick) : null;
}

/** docs/rulings.md, Pass Pass 5: the second takes to choose from; empty unless the second winner must choose. */
export function allowedSecondTakes(state: PassPassState): TableCard[][] {
	if (phase(state) !== 'second-take' || state.firstTake === null) return [];
	return takesAfter(state.trick, state.firstTake);
}

/** Which won cards' diamonds a take must say (diamonds said late). */
export { unsaidOnFirstTake, unsaid } from './diamonds';

/** Whether a card (colour + value) is already won, discarded or on the table this round. */
export function isUsed(state: PassPassState, card: { color: Color; value: number }): boolean {
	return usedCards(state).some((used) => cardKey(used) === cardKey(card));
}

/** Cards that can still be entered this round, by colour and value (diamonds unknown). */
export function unusedCards(state: PassPassState): { color: Color; value: number }[] {
	const used = new Set(usedCards(state).map(cardKey));
	const free: { color: Color; value: number }[] = [];
	for (const color of COLORS) {
		for (let value = LOWEST_VALUE; value <= HIGHEST_VALUE; value++) {
			if (!used.has(cardKey({ color, value }))) free.push({ color, value });
		}
	}
	return free;
}

/** Cards a seat won in a round (the current one by default), grouped by colour. */
export function wonByColor(
	state: PassPassState,
	seat: number,
	round = roundIndex(state)
): Record<Color, Card[]> {
	return byColor(state.rounds[round]?.won[seat] ?? []);
}

/** The sides that score: seats in individual mode, teams of seats in team mode. */
export function sides(state: PassPassState): number[][] {
	return sidesOf(state.config.teams, state.players);
}

export function sideOf(state: PassPassState, seat: number): number {
	return sideOfSeat(state.config.teams, seat);
}

/** Diamonds as last entered in this match per card ('purple-10' -> 2), to prefill entries. */
export function knownDiamonds(state: PassPassState): Record<string, number> {
	const known: Record<string, number> = {};
	const cards = [...state.rounds.flatMap((round) => [...round.won.flat(), ...round.discarded])];
	cards.push(...state.trick.map((play) => play.card));
	// a card played without its diamonds and never won tells nothing (diamonds.ts)
	for (const card of cards) if (card.diamonds !== null) known[cardKey(card)] = card.diamonds;
	return known;
}
