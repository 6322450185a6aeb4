import { HIGHEST_SPOT, type Effect, type End, type Tile } from './types';

/** A pair of whole numbers 0..6, in either orientation. */
export function isTile(value: unknown): value is Tile {
	return Array.isArray(value) && value.length === 2 && value.every(isSpot);
}

function isSpot(value: unknown): boolean {
	return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= HIGHEST_SPOT;
}

/** As players write it, in the orientation given: "3-5". */
export function tileText(tile: readonly unknown[]): string {
	return `${String(tile[0])}-${String(tile[1])}`;
}

/** One name per domino whatever its orientation: "3-5" for [5-3] too. */
export function tileKey(tile: Tile): string {
	return `${Math.min(tile[0], tile[1])}-${Math.max(tile[0], tile[1])}`;
}

export function isDouble(tile: Tile): boolean {
	return tile[0] === tile[1];
}

export function spots(tile: Tile): number {
	return tile[0] + tile[1];
}

/** The 28 tiles of a double-six set, low half first: [0-0], [0-1], ... [6-6]. */
export function allTiles(): Tile[] {
	const tiles: Tile[] = [];
	for (let low = 0; low <= HIGHEST_SPOT; low++) {
		for (let high = low; high <= HIGHEST_SPOT; high++) tiles.push([low, high]);
	}
	return tiles;
}

export interface LineEnds {
	/** open numbers */
	readonly left: number;
	readonly right: number;
	/** docs/rulings.md, Pass-Pass 1: a double at an end counts both halves; a lone tile counts its two halves */
	readonly sum: number;
	/** docs/rulings.md, Pass-Pass 2: the open numbers are equal (a lone double too) */
	readonly identical: boolean;
}

/** Ends of a line already known to touch; null for an empty line. */
export function lineEnds(line: readonly Tile[]): LineEnds | null {
	if (line.length === 0) return null;
	const first = line[0];
	const last = line[line.length - 1];
	const left = first[0];
	const right = last[1];
	// docs/rulings.md, Pass-Pass 1: a lone first tile counts its two halves once each ([5-5] alone is 10).
	const sum =
		line.length === 1
			? spots(first)
			: (isDouble(first) ? 2 * left : left) + (isDouble(last) ? 2 * right : right);
	return { left, right, sum, identical: left === right };
}

/** docs/rulings.md, Pass-Pass 3-5: 5 or 10 plays again; identical or 7 skips; both at once is a bonus turn. */
export function effectOfEnds(ends: LineEnds): Effect {
	if (ends.sum === 5 || ends.sum === 10) return 'again';
	if (ends.identical || ends.sum === 7) return 'skip';
	return 'normal';
}

/** The ends a tile can be added to: both for a first tile, none when it does not match. */
export function fittingEnds(line: readonly Tile[], tile: Tile): End[] {
	const ends = lineEnds(line);
	if (!ends) return ['left', 'right'];
	const fits: End[] = [];
	if (tile.includes(ends.left)) fits.push('left');
	if (tile.includes(ends.right)) fits.push('right');
	return fits;
}

/** The tile turned so that its touching half meets the open number of that end. */
export function orient(tile: Tile, end: End, open: number): Tile {
	if (end === 'left') return tile[1] === open ? [tile[0], tile[1]] : [tile[1], tile[0]];
	return tile[0] === open ? [tile[0], tile[1]] : [tile[1], tile[0]];
}

/** The line with the tile added at that end, or null when it does not match there. */
export function place(line: readonly Tile[], tile: Tile, end: End): Tile[] | null {
	const ends = lineEnds(line);
	if (!ends) return [[tile[0], tile[1]]];
	const open = end === 'left' ? ends.left : ends.right;
	if (!tile.includes(open)) return null;
	const turned = orient(tile, end, open);
	return end === 'left' ? [turned, ...line] : [...line, turned];
}

/** Throws a readable Error unless `line` is a non-empty line of distinct tiles that touch. */
export function checkLine(line: unknown): asserts line is Tile[] {
	if (!Array.isArray(line) || line.length === 0) {
		throw new Error('The line must hold at least one tile.');
	}
	const seen = new Set<string>();
	line.forEach((tile: unknown, index) => {
		if (!Array.isArray(tile) || tile.length !== 2) {
			throw new Error(`Tile ${index + 1} of the line is not a pair of numbers.`);
		}
		if (!isTile(tile)) {
			throw new Error(
				`Tile ${index + 1} of the line, [${tileText(tile)}], has a half outside 0..6.`
			);
		}
		const key = tileKey(tile);
		if (seen.has(key)) throw new Error(`Tile [${key}] is on the line twice; each tile is unique.`);
		seen.add(key);
		const next = line[index + 1] as unknown;
		if (isTile(next) && tile[1] !== next[0]) {
			throw new Error(
				`Tiles ${index + 1} and ${index + 2} do not touch: [${tileText(tile)}] ends in ${tile[1]}` +
					` but [${tileText(next)}] starts with ${next[0]}.`
			);
		}
	});
}
