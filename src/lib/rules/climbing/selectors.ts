import { seatsFrom, type Feat, type Outcome, type Phrase, type ScoreSheet } from '../common';
import { judge, type PlayCheck } from './judge';
import { matchDecision, matchTotals, type WinReason } from './scoring';
import { setLabel, setName } from './sets';
import { beside } from './tokens';
import type { ClimbingFeat, ClimbingState, PlayAction, TablePlay } from './types';

/** Seat to play or pass (to lead when the table is empty); null between games and once over. */
export function turn(state: ClimbingState): number | null {
	return state.phase === 'play' ? state.seat : null;
}

/**
 * Which seats may act now: before a game, any seat (the table says who holds START 2,
 * docs/rulings.md, PASS 8); during play the seat to play or pass alone; none once over.
 */
export function actors(state: ClimbingState): number[] {
	if (state.phase === 'start') return seatsFrom(0, state.hands.length);
	return state.phase === 'play' ? [state.seat] : [];
}

/**
 * Who leads the next round (docs/rulings.md, PASS 8): the last player not to pass, from the
 * round's end until they lead. Null during a round, before a game (START 2's holder is the
 * table's to say) and once over.
 */
export function opener(state: ClimbingState): number | null {
	return state.phase === 'play' && state.pile.length === 0 ? state.seat : null;
}

/** A game is waiting for `start`: who holds START 2 (docs/rulings.md, PASS 8). */
export function awaitingStart(state: ClimbingState): boolean {
	return state.phase === 'start';
}

/** Seats that declared PASS this round (docs/rulings.md, PASS 7). */
export function passedSeats(state: ClimbingState): number[] {
	return state.passed.flatMap((out, seat) => (out ? [seat] : []));
}

/** The set on top of the table with who played it and its augment, or null when leading. */
export function table(state: ClimbingState): TablePlay | null {
	return state.pile.at(-1) ?? null;
}

/** Seat that leads (or led) this round's first set. */
export function leader(state: ClimbingState): number {
	return state.pile[0]?.seat ?? state.seat;
}

/** docs/rulings.md, PASS 7, 11: declaring PASS now takes a token; false with the supply empty. */
export const passEarnsToken = (state: ClimbingState): boolean => state.supply > 0;

export const tokensOf = (state: ClimbingState): readonly number[] => state.tokens;
export const supply = (state: ClimbingState): number => state.supply;
export const besideSets = (state: ClimbingState): number => beside(state);
export const handSizes = (state: ClimbingState): readonly number[] => state.hands;
export const roundNumber = (state: ClimbingState): number => state.round;

/** The game being played or about to start, from 1; the last one once the match is over. */
export function gameNumber(state: ClimbingState): number {
	return state.games.length + (state.phase === 'over' ? 0 : 1);
}

export interface PlayPreview extends PlayCheck {
	/** the set's name for the screen ("set-fullHouse", rank 9), or null when no set */
	readonly name: Phrase | null;
	/** the same name in English ("full house, nines") */
	readonly label: string | null;
}

/**
 * Judges a play without applying it, so the screen can name the set, say whether it beats the
 * table and why not, price the augment and the tokens before the player confirms.
 * `seat` defaults to the seat whose turn it is.
 */
export function check(
	state: ClimbingState,
	play: Omit<PlayAction, 'type' | 'seat'> & { readonly seat?: number }
): PlayPreview {
	const result = judge(state, { ...play, seat: play.seat ?? state.seat });
	return {
		...result,
		name: result.set ? setName(result.set) : null,
		label: result.set ? setLabel(result.set) : null
	};
}

/** Crowns (basic) or points (advanced) per seat over the finished games. */
export function totals(state: ClimbingState): number[] {
	return matchTotals(state.games, state.hands.length);
}

/** Crowns or points awarded per game: one row a game, one cell a seat. */
export function awards(state: ClimbingState): number[][] {
	return state.games.map((game) => [...game.awarded]);
}

/** Two seats that kept as many cards: `first` took the 2 points, closer clockwise to the winner. */
export interface PointsTie {
	readonly first: number;
	readonly second: number;
	readonly cards: number;
}

export interface GameResult {
	/** the game's number, from 1 */
	readonly game: number;
	readonly winner: number;
	readonly cardsLeft: readonly number[];
	/** crowns or points per seat */
	readonly awarded: readonly number[];
	/** advanced only: the 2 and the 1 went to seats with equal cards (docs/rulings.md, PASS 9) */
	readonly tie: PointsTie | null;
	/** advanced only: the 1 went to `first`; `second` kept as many cards and got nothing */
	readonly tieForOne: PointsTie | null;
}

/** The last finished game, for the announcement between games; null before the first ends. */
export function lastGame(state: ClimbingState): GameResult | null {
	const record = state.games.at(-1);
	if (!record) return null;
	const first = record.awarded.indexOf(2);
	const second = record.awarded.indexOf(1);
	const tie =
		state.config.mode === 'advanced' &&
		first >= 0 &&
		second >= 0 &&
		record.cardsLeft[first] === record.cardsLeft[second]
			? { first, second, cards: record.cardsLeft[first] }
			: null;
	// the closest seat clockwise after the 1's taker that kept as many cards and got nothing
	const players = record.cardsLeft.length;
	const after = Array.from({ length: players }, (_, step) => (second + step) % players);
	const left = after.find(
		(seat) =>
			seat !== record.winner &&
			record.awarded[seat] === 0 &&
			record.cardsLeft[seat] === record.cardsLeft[second]
	);
	const tieForOne =
		state.config.mode === 'advanced' && second >= 0 && left !== undefined
			? { first: second, second: left, cards: record.cardsLeft[second] }
			: null;
	return {
		game: state.games.length,
		winner: record.winner,
		cardsLeft: [...record.cardsLeft],
		awarded: [...record.awarded],
		tie,
		tieForOne
	};
}

const POINTS_REASONS: Record<WinReason, string> = {
	target: 'points',
	'more-points': 'points-more',
	'game-winner': 'points-game-winner',
	closer: 'points-closer'
};

/**
 * Reasons: 'crowns'; 'points' (one seat reached 10); two or more reached 10 in the same game
 * (docs/rulings.md, PASS 9): 'points-more', 'points-game-winner', 'points-closer'.
 */
export function outcome(state: ClimbingState): Outcome | null {
	const { mode } = state.config;
	const decision = matchDecision(mode, state.games, state.hands.length);
	if (decision === null) return null;
	const reason = mode === 'basic' ? 'crowns' : POINTS_REASONS[decision.why];
	return { winners: [decision.winner], shared: false, reason };
}

export function sheet(state: ClimbingState): ScoreSheet {
	return {
		sides: state.hands.map((_, seat) => ({ seats: [seat] })),
		rows: state.games.map((game, index) => ({
			label: { code: 'sheet-game', params: { game: index + 1 } },
			cells: [...game.awarded]
		})),
		totals: totals(state),
		lowerWins: false
	};
}

/** Per seat, the games it won by going out first (a crown each in basic, 4 points in advanced). */
function gamesWon(state: ClimbingState): number[] {
	return state.hands.map((_, seat) => state.games.filter((game) => game.winner === seat).length);
}

/** What a finished match adds to each player's statistics: games won, summed. */
export const feats: readonly Feat<ClimbingState, ClimbingFeat>[] = [
	{ id: 'games-won', aggregate: 'sum', value: gamesWon }
];
