import { clockwise, MALFORMED, ok, refuse, shown, type Result } from '../common';
import { allTiles, isTile, spots, tileKey, tileText } from './line';
import { teamOf } from './scoring';
import {
	BONEYARD_SIZE,
	DEALS,
	HAND_SIZE,
	SEATS,
	type DealRecord,
	type DominoesRefusal,
	type DominoesState,
	type Tile
} from './types';

/** A new deal: 6 tiles each, 4 in the boneyard, the starter to play the first tile. */
function freshDeal(state: DominoesState, deal: number, starter: number): DominoesState {
	return {
		...state,
		phase: 'play',
		deal,
		starter,
		line: [],
		handSizes: Array.from({ length: SEATS }, () => HAND_SIZE),
		boneyard: BONEYARD_SIZE,
		seat: starter,
		drawn: false,
		passes: 0,
		lastPlay: null,
		wentOut: null
	};
}

/**
 * docs/rulings.md, Pass-Pass 8: the seat to the left of the previous starter (next clockwise). House rule: the
 * winner starts; after a blocked deal, the seat with fewest tiles of the team with fewer
 * points (partners tied: the first of them in the usual order); teams tied: the usual order.
 */
export function nextStarter(state: DominoesState, record: DealRecord): number {
	const rotation = clockwise(record.starter, SEATS);
	const known = starterAfterDomino(state, record.starter, record.wentOut);
	if (known !== null) return known;
	const [team0, team1] = record.points;
	if (team0 === team1) return rotation;
	const winners = team0 < team1 ? 0 : 1;
	const candidates = [0, 1, 2, 3]
		.map((step) => clockwise(rotation, SEATS, step))
		.filter((seat) => teamOf(seat) === winners);
	const [first, second] = candidates;
	const a = record.handSizes[first];
	const b = record.handSizes[second];
	// partners holding as few tiles each: the seat the base rule names (docs/rulings.md,
	// Pass-Pass 8), which may sit on the other team
	if (a === b) return rotation;
	return a < b ? first : second;
}

/**
 * The next deal's starter when the rules know it before the count: always without the house
 * rule (to the left of `starter`), and with it once someone went out (that player). Null after
 * a blocked deal under the house rule: the hands decide (see nextStarter).
 */
export function starterAfterDomino(
	state: DominoesState,
	starter: number,
	wentOut: number | null
): number | null {
	if (!state.config.houseRuleWinnerStarts) return clockwise(starter, SEATS);
	return wentOut;
}

/** Writes the deal on the sheet, then deals again, or ends the match after deal 7. */
export function finishDeal(
	state: DominoesState,
	points: readonly [number, number],
	counted: readonly Tile[] | null
): DominoesState {
	const record: DealRecord = {
		starter: state.starter ?? 0,
		wentOut: state.wentOut,
		points,
		counted,
		handSizes: state.handSizes
	};
	const done = { ...state, deals: [...state.deals, record], drawn: false };
	if (state.deal >= DEALS) return { ...done, phase: 'over', wentOut: null };
	return freshDeal(done, state.deal + 1, nextStarter(state, record));
}

/** Tiles not on the line: in some hand or in the boneyard, the app cannot tell. */
export function unseenTiles(line: readonly Tile[]): Tile[] {
	const played = new Set(line.map(tileKey));
	return allTiles().filter((tile) => !played.has(tileKey(tile)));
}

/** How many tiles the losing team holds after a domino, and the totals they can make. */
export function countRange(state: DominoesState): { tiles: number; min: number; max: number } {
	const losers = state.wentOut === null ? 0 : 1 - teamOf(state.wentOut);
	const tiles = state.handSizes
		.filter((_, seat) => teamOf(seat) === losers)
		.reduce((a, b) => a + b);
	const values = unseenTiles(state.line)
		.map(spots)
		.sort((a, b) => a - b);
	const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
	return { tiles, min: sum(values.slice(0, tiles)), max: sum(values.slice(values.length - tiles)) };
}

/**
 * docs/rulings.md, Pass-Pass 7, domino: the team that went out scores 0, the other the spots on its partners'
 * tiles, picked from the unseen tiles (checked against the tracked hand sizes) or typed.
 */
export function count(
	state: DominoesState,
	tiles: unknown,
	total: unknown
): Result<DominoesState, DominoesRefusal> {
	if (state.phase !== 'count' || state.wentOut === null) return refuse('nothing-to-count');
	if (tiles === undefined && total === undefined) return refuse('count-tiles-or-total');
	if (total !== undefined && typeof total !== 'number') return refuse(MALFORMED);
	const range = countRange(state);
	let points: number;
	let counted: Tile[] | null = null;
	if (tiles !== undefined) {
		if (!Array.isArray(tiles)) return refuse(MALFORMED);
		const onLine = new Set(state.line.map(tileKey));
		const seen = new Set<string>();
		for (const tile of tiles as unknown[]) {
			if (!Array.isArray(tile) || tile.length !== 2) return refuse(MALFORMED);
			if (!isTile(tile)) return refuse('tile-out-of-range', { tile: tileText(tile) });
			const key = tileKey(tile);
			if (onLine.has(key)) return refuse('tile-on-line', { tile: key });
			if (seen.has(key)) return refuse('tile-twice', { tile: key });
			seen.add(key);
		}
		if (tiles.length !== range.tiles) {
			return refuse('count-wrong-number', { expected: range.tiles, given: tiles.length });
		}
		counted = (tiles as Tile[]).map((tile): Tile => [tile[0], tile[1]]);
		points = counted.reduce((sum, tile) => sum + spots(tile), 0);
		if (total !== undefined && total !== points) {
			return refuse('count-mismatch', { total: shown(total), counted: points });
		}
	} else {
		const typed = total as number;
		// spots are whole: 40.5 is no total at all, whatever the range
		if (!Number.isInteger(typed)) return refuse('total-not-whole', { total: shown(typed) });
		if (typed < range.min || typed > range.max) {
			return refuse('total-out-of-range', { total: shown(typed), min: range.min, max: range.max });
		}
		points = typed;
	}
	const losers = 1 - teamOf(state.wentOut);
	return ok(finishDeal(state, losers === 0 ? [points, 0] : [0, points], counted));
}
