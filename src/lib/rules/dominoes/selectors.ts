import { clockwise, seatsFrom, type Feat, type Outcome, type ScoreSheet } from '../common';
import { countRange, starterAfterDomino, unseenTiles } from './deal';
import { isDouble, lineEnds, type LineEnds } from './line';
import { apply, isOver } from './reducer';
import { teamSeats } from './scoring';
import {
	DEALS,
	ENDS,
	SEATS,
	type DominoesFeat,
	type DominoesState,
	type Effect,
	type End,
	type Phase,
	type Tile
} from './types';

export { countRange };

/** Seat to act: only while tiles are being played; null at the lots, the count and the end. */
export function turn(state: DominoesState): number | null {
	return state.phase === 'play' ? state.seat : null;
}

/**
 * Which seats may act now: at the lots any of the four (the table names the starter); while
 * tiles are played, the seat to act alone; none at a deal's count (the table enters the losers'
 * tiles) and once over.
 */
export function actors(state: DominoesState): number[] {
	if (state.phase === 'start') return seatsFrom(0, SEATS);
	return state.phase === 'play' ? [state.seat] : [];
}

/**
 * Who starts the next deal (docs/rulings.md, Pass-Pass 8): at a domino's count, when the rules
 * already know it, and from a deal's start until its first tile; null at the lots, during play
 * (its end decides), after deal 7 and once over.
 */
export function opener(state: DominoesState): number | null {
	if (state.phase === 'play') return state.line.length === 0 ? state.seat : null;
	if (state.phase !== 'count' || state.deal >= DEALS) return null;
	return starterAfterDomino(state, state.starter ?? 0, state.wentOut);
}

/** The seat the last tile skipped (docs/rulings.md, Pass-Pass 4): the next opponent; else null. */
export function skippedSeat(state: DominoesState): number | null {
	const play = state.lastPlay;
	return play?.effect === 'skip' ? clockwise(play.seat, SEATS) : null;
}

/** The opponent a skip by the seat to act would pass over (docs/rulings.md, Pass-Pass 4). */
export function nextOpponent(state: DominoesState): number {
	return clockwise(state.seat, SEATS);
}

/**
 * Who kept or passed last: a keep or a pass hands the turn on to the next seat clockwise, never
 * skipping (docs/rulings.md, Pass-Pass 5-6), so it is the seat before the one to act.
 */
export function keptOrPassedBy(state: DominoesState): number {
	return clockwise(state.seat, SEATS, -1);
}

export function phase(state: DominoesState): Phase {
	return state.phase;
}

/** 1..7 */
export function dealNumber(state: DominoesState): number {
	return state.deal;
}

/** The line left to right, each tile oriented, doubles marked (drawn crosswise). */
export function lineTiles(state: DominoesState): { tile: Tile; double: boolean }[] {
	return state.line.map((tile) => ({ tile, double: isDouble(tile) }));
}

/** Open numbers and their sum (docs/rulings.md, Pass-Pass 1-2); null before the first tile. */
export function ends(state: DominoesState): LineEnds | null {
	return lineEnds(state.line);
}

/** What the last tile did: 'again', 'skip' or 'normal'; null before the first tile. */
export function lastEffect(state: DominoesState): Effect | null {
	return state.lastPlay?.effect ?? null;
}

export function handSizes(state: DominoesState): readonly number[] {
	return state.handSizes;
}

export function boneyardCount(state: DominoesState): number {
	return state.boneyard;
}

/** Tiles not on the line, [0-0] .. [6-6]: the ones a player may pick to play or count. */
export function unseen(state: DominoesState): Tile[] {
	return unseenTiles(state.line);
}

/** Where this tile would go now: [] when it is on the line or does not match. */
/** The ends the reducer accepts this tile at now (both, for the tile that opens the line). */
export function endsFor(state: DominoesState, tile: Tile): End[] {
	return ENDS.filter((end) => apply(state, { type: 'play', tile, end }).ok);
}

/** One end a tile can go to, with what it would do there, worked out by playing it. */
export interface EndChoice {
	readonly end: End;
	/** the open number the tile goes against */
	readonly number: number;
	/** the ends' sum after the tile (docs/rulings.md, Pass-Pass 1) */
	readonly sum: number;
	/** docs/rulings.md, Pass-Pass 3-5: 'again', 'skip' or 'normal' */
	readonly effect: Effect;
	/** the tile is the player's last: the deal ends (docs/rulings.md, Pass-Pass 7) */
	readonly out: boolean;
	/** the seat to play next (docs/rulings.md, Pass-Pass 3-5) */
	readonly next: number;
}

/**
 * For a tile that fits both ends, what each end gives: the reducer plays it at each end, so the
 * screen can say "Left (2): sum 7, skip" without a second copy of the rules.
 */
export function endChoices(state: DominoesState, tile: Tile): EndChoice[] {
	const open = lineEnds(state.line);
	if (!open) return [];
	return endsFor(state, tile).flatMap((end) => {
		const result = apply(state, { type: 'play', tile, end });
		if (!result.ok || !result.value.lastPlay) return [];
		const after = lineEnds(result.value.line);
		return [
			{
				end,
				number: end === 'left' ? open.left : open.right,
				sum: after ? after.sum : 0,
				effect: result.value.lastPlay.effect,
				out: result.value.phase === 'count',
				next: result.value.seat
			}
		];
	});
}

/** Points of each deal [team 0, team 1], null for deals not finished; 7 rows. */
export function dealRows(state: DominoesState): ([number, number] | null)[] {
	return Array.from({ length: DEALS }, (_, index) => {
		const record = state.deals[index];
		return record ? [record.points[0], record.points[1]] : null;
	});
}

/** Running team totals over the deals finished so far; the lower is ahead. */
export function totals(state: DominoesState): [number, number] {
	return state.deals.reduce<[number, number]>(
		(sum, record) => [sum[0] + record.points[0], sum[1] + record.points[1]],
		[0, 0]
	);
}

/** After deal 7 the lower total wins; equal totals share the victory (docs/rulings.md, Pass-Pass). */
export function outcome(state: DominoesState): Outcome | null {
	if (!isOver(state)) return null;
	const [team0, team1] = totals(state);
	const winners = team0 === team1 ? [0, 1] : team0 < team1 ? [0] : [1];
	return { winners, shared: winners.length > 1, reason: 'lowest-total' };
}

/** Two teams (seats 0 & 2, 1 & 3), one row a deal. */
export function sheet(state: DominoesState): ScoreSheet {
	return {
		sides: [{ seats: teamSeats(0) }, { seats: teamSeats(1) }],
		rows: dealRows(state).map((cells, index) => ({
			label: { code: 'sheet-deal', params: { deal: index + 1 } },
			cells: cells ?? [null, null]
		})),
		totals: totals(state),
		lowerWins: true
	};
}

/** Per seat, the deals it ended by playing its last tile (a domino); blocked deals count for none. */
export function wentOut(state: DominoesState): number[] {
	return state.handSizes.map(
		(_, seat) => state.deals.filter((record) => record.wentOut === seat).length
	);
}

/** What a finished match adds to each player's statistics: deals gone out, summed. */
export const feats: readonly Feat<DominoesState, DominoesFeat>[] = [
	{ id: 'went-out', aggregate: 'sum', value: wentOut }
];
