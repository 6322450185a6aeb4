import type { Feat, Outcome, ScoreSheet } from '../common';
import { apply, isOver } from './reducer';
import { cardPoints, longestRun, runs } from './scoring';
import {
	CHIPS_EACH,
	HIGHEST_CARD,
	LOWEST_CARD,
	type IllPassFeat,
	type IllPassState
} from './types';

export function score(state: IllPassState, seat: number): number {
	const hand = state.hands[seat];
	return cardPoints([...hand.cards]) - hand.chips;
}

export function scores(state: IllPassState): number[] {
	return state.hands.map((_, seat) => score(state, seat));
}

export function handRuns(state: IllPassState, seat: number): number[][] {
	return runs(state.hands[seat].cards);
}

/** Who acts now: reveals when no card is face up, else takes or passes. Null once over. */
export function turn(state: IllPassState): number | null {
	return isOver(state) ? null : state.seat;
}

/** Which seats may act now: the one to reveal, or to take or pass; none once over. */
export function actors(state: IllPassState): number[] {
	return isOver(state) ? [] : [state.seat];
}

/**
 * Who reveals the next card (docs/rulings.md, I'll Pass 3): known from a take until the reveal;
 * null while a card is face up and once over.
 */
export function opener(state: IllPassState): number | null {
	return state.faceUp === null && !isOver(state) ? state.seat : null;
}

/** docs/rulings.md, I'll Pass 2: a player with no chips must take; the reducer's own refusal says so. */
export function mustTake(state: IllPassState): boolean {
	const passing = apply(state, { type: 'pass' });
	return !passing.ok && passing.refusal.code === 'no-chips';
}

/** Hint: how the current player's score would move if they took the face-up card now. */
export function takeDelta(state: IllPassState): number | null {
	if (state.faceUp === null) return null;
	const hand = state.hands[state.seat];
	const before = cardPoints([...hand.cards]);
	const after = cardPoints([...hand.cards, state.faceUp]);
	return after - before - state.pot;
}

/** Cards that can still be revealed: never seen this game. */
export function unrevealed(state: IllPassState): number[] {
	const seen = new Set(state.revealed);
	const cards: number[] = [];
	for (let card = LOWEST_CARD; card <= HIGHEST_CARD; card++) if (!seen.has(card)) cards.push(card);
	return cards;
}

/** Chips are conserved: in hands plus on the card always equals 11 per player. */
export function chipsInPlay(state: IllPassState): number {
	return state.hands.reduce((sum, hand) => sum + hand.chips, 0) + state.pot;
}
export const CHIP_TOTAL = (players: number) => CHIPS_EACH * players;

/**
 * Standing, best first, with ties sharing a place (docs/rulings.md, I'll Pass 4: lowest score wins,
 * equal scores share). `place` counts from 1; tied seats share the same place.
 */
export function ranking(state: IllPassState): { seat: number; score: number; place: number }[] {
	const rows = scores(state)
		.map((value, seat) => ({ seat, score: value }))
		.sort((a, b) => a.score - b.score || a.seat - b.seat);
	return rows.map((row) => ({
		...row,
		place: rows.findIndex((other) => other.score === row.score) + 1
	}));
}

export function outcome(state: IllPassState): Outcome | null {
	if (!isOver(state)) return null;
	const best = ranking(state).filter((row) => row.place === 1);
	return { winners: best.map((row) => row.seat), shared: best.length > 1, reason: 'lowest-score' };
}

export function sheet(state: IllPassState): ScoreSheet {
	const players = state.hands.length;
	const seats = Array.from({ length: players }, (_, seat) => seat);
	return {
		sides: seats.map((seat) => ({ seats: [seat] })),
		rows: [
			{
				label: { code: 'sheet-card-points' },
				cells: state.hands.map((hand) => cardPoints([...hand.cards]))
			},
			{ label: { code: 'sheet-chips' }, cells: state.hands.map((hand) => -hand.chips) }
		],
		totals: scores(state),
		lowerWins: true
	};
}

/** Per seat, the most consecutive cards in one run (players' statistic: the longest run). */
export function longestRuns(state: IllPassState): number[] {
	return state.hands.map((hand) => longestRun(hand.cards));
}

/** What a finished match adds to each player's statistics: the best run is kept, not summed. */
export const feats: readonly Feat<IllPassState, IllPassFeat>[] = [
	{ id: 'longest-run', aggregate: 'max', value: longestRuns }
];
