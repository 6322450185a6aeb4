import { isTile, tileKey } from './line';
import { setup } from './reducer';
import { HIGHEST_SPOT, SEATS, type DominoesState, type Tile } from './types';

/**
 * One open end of the line as a table tells it when it asks about a tile: the open number, and
 * whether the tile at that end is a double, which counts both halves (docs/rulings.md, Pass-Pass 1).
 */
export interface OpenEnd {
	readonly number: number;
	readonly double: boolean;
}

const SPOTS = Array.from({ length: HIGHEST_SPOT + 1 }, (_, at) => at);

/**
 * A line of distinct tiles whose ends are the ones given, the tile asked about (`avoid`) kept
 * off it where the ends allow (a double end that IS that tile stays, and the reducer then says
 * the tile is already on the line). Both ends a double of one number is the lone double
 * (`[5-5]` alone, docs/rulings.md, Pass-Pass 1-2): one tile cannot be on the line twice. Equal
 * numbers that are not both doubles are a longer line (`[5-2][2-1][1-5]`), whose ends count once.
 * Throws a readable Error for an end that is not 0..6.
 */
export function lineWithEnds(left: OpenEnd, right: OpenEnd, avoid?: Tile): Tile[] {
	for (const [side, end] of [
		['left', left],
		['right', right]
	] as const) {
		if (!isTile([end?.number, end?.number]) || typeof end.double !== 'boolean')
			throw new Error(`The ${side} end must be a number 0..6, a double or not.`);
	}
	const a = left.number;
	const b = right.number;
	if (left.double && right.double && a === b) return [[a, a]];
	const kept = new Set([tileKey([a, a]), tileKey([b, b]), avoid ? tileKey(avoid) : '']);
	const between = pathBetween(a, b, kept);
	return [
		...(left.double ? [[a, a] as Tile] : []),
		...between,
		...(right.double ? [[b, b] as Tile] : [])
	];
}

/** The shortest run of distinct tiles, none of them in `kept`, from `a` to `b` (at most three). */
function pathBetween(a: number, b: number, kept: ReadonlySet<string>): Tile[] {
	const free = (tile: Tile, ...used: Tile[]) =>
		!kept.has(tileKey(tile)) && !used.some((other) => tileKey(other) === tileKey(tile));
	if (free([a, b])) return [[a, b]];
	for (const x of SPOTS) {
		const first: Tile = [a, x];
		const second: Tile = [x, b];
		if (free(first) && free(second, first)) return [first, second];
	}
	for (const x of SPOTS)
		for (const y of SPOTS) {
			const run: Tile[] = [
				[a, x],
				[x, y],
				[y, b]
			];
			if (run.every((tile, at) => free(tile, ...run.slice(0, at)))) return run;
		}
	// unreachable with seven numbers: [a-x][x-y][y-b] always has a free choice
	throw new Error(`No line runs from ${a} to ${b}.`);
}

/**
 * The table a question is asked at: Player 1 (seat 0) to play, every hand still holding tiles,
 * on the line with these ends, or on an empty line when `ends` is null (the deal's first tile,
 * which counts its two halves once each: docs/rulings.md, Pass-Pass 1). The reducer then plays
 * the tile asked about: the answer is the rules' own.
 */
export function tableWithEnds(
	ends: { readonly left: OpenEnd; readonly right: OpenEnd } | null,
	avoid?: Tile
): DominoesState {
	const start = setup({ houseRuleWinnerStarts: false, starter: 0 }, SEATS);
	return ends ? { ...start, line: lineWithEnds(ends.left, ends.right, avoid) } : start;
}
