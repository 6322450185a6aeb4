import { unseenTiles } from './deal';
import { effectOfEnds, lineEnds, place } from './line';
import type { DominoesState, End, Tile } from './types';

/** Tiles that would give a bonus turn or a skip at one end (end null: the first tile). */
export interface CoachHint {
	readonly end: End | null;
	readonly again: Tile[];
	readonly skip: Tile[];
}

/**
 * Coach, a hint never enforced: for the player to move, the still-unseen tiles that would
 * give a bonus turn (docs/rulings.md, Pass-Pass 3) or a skip (Pass-Pass 4) at each end. The player knows which
 * of them they hold; the app does not.
 */
export function coach(state: DominoesState): CoachHint[] {
	if (state.phase !== 'play') return [];
	const ends: (End | null)[] = state.line.length === 0 ? [null] : ['left', 'right'];
	const tiles = unseenTiles(state.line);
	return ends.map((end) => {
		const hint: CoachHint = { end, again: [], skip: [] };
		for (const tile of tiles) {
			const line = place(state.line, tile, end ?? 'right');
			if (!line) continue;
			const effect = effectOfEnds(lineEnds(line)!);
			if (effect === 'again') hint.again.push(tile);
			if (effect === 'skip') hint.skip.push(tile);
		}
		return hint;
	});
}
