import { isSeat, MALFORMED, ok, refuse, type Result } from '../common';
import { finishDeal } from './deal';
import { allTiles, spots } from './line';
import { teamOf } from './scoring';
import { BONEYARD_SIZE, HAND_SIZE, SEATS, type DominoesRefusal, type DominoesState } from './types';

/** Most tiles one team can hold at a deal's end: 6 each and the 4 of the boneyard drawn each. */
export const TEAM_TILES_MAX = 2 * (HAND_SIZE + BONEYARD_SIZE);
/** A blocked deal leaves a tile in every hand, so at least 2 a team (docs/rulings.md, Pass-Pass 7). */
export const TEAM_TILES_MIN = 2;
/** The line holds at least one tile, and every other tile is in a hand once the boneyard is empty. */
export const BLOCKED_TILES_MAX = allTiles().length - 1;

/** A deal may be entered as its result now: it has begun and no tile is down yet. */
export function padOpen(state: DominoesState): boolean {
	return state.phase === 'play' && state.line.length === 0;
}

/** The spots two losing partners can hold after a domino: from 2 tiles to 20. */
export function wentOutRange(): { min: number; max: number } {
	const values = allTiles()
		.map(spots)
		.sort((a, b) => a - b);
	const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
	return {
		min: sum(values.slice(0, TEAM_TILES_MIN)),
		max: sum(values.slice(values.length - TEAM_TILES_MAX))
	};
}

/**
 * Score pad: a whole deal entered as its result, before its first tile (docs/rulings.md,
 * Pass-Pass 7): who went out and the spots left in the other team's hands, or a blocked deal
 * (wentOut null) and the tiles left per team [team 0, team 1]. The sheet, the 7-deal total and
 * who starts the next deal follow as after a refereed deal. A blocked deal entered per team
 * cannot tell partners apart, so for the house rule they count as tied (Pass-Pass 8).
 */
export function tally(
	state: DominoesState,
	wentOut: unknown,
	total: unknown,
	left: unknown
): Result<DominoesState, DominoesRefusal> {
	if (state.phase === 'start') return refuse('choose-starter-first');
	if (state.phase === 'count') return refuse('count-first');
	if (state.line.length > 0) return refuse('deal-under-way', { deal: state.deal });
	if (wentOut === null) {
		if (!Array.isArray(left) || left.length !== 2) return refuse(MALFORMED);
		for (const [team, tiles] of (left as unknown[]).entries()) {
			if (
				!Number.isInteger(tiles) ||
				(tiles as number) < TEAM_TILES_MIN ||
				(tiles as number) > TEAM_TILES_MAX
			)
				return refuse('tally-tiles-range', {
					team,
					tiles: String(tiles),
					min: TEAM_TILES_MIN,
					max: TEAM_TILES_MAX
				});
		}
		const [team0, team1] = left as number[];
		if (team0 + team1 > BLOCKED_TILES_MAX)
			return refuse('tally-tiles-total', { total: team0 + team1, max: BLOCKED_TILES_MAX });
		const blocked = {
			...state,
			handSizes: [team0, team1, team0, team1],
			boneyard: 0,
			wentOut: null
		};
		return ok(finishDeal(blocked, [team0, team1], null));
	}
	if (!isSeat(wentOut, SEATS)) return refuse('bad-seat', { seat: String(wentOut) });
	if (typeof total !== 'number') return refuse('count-tiles-or-total');
	if (!Number.isInteger(total)) return refuse('total-not-whole', { total: String(total) });
	const range = wentOutRange();
	if (total < range.min || total > range.max)
		return refuse('total-out-of-range', { total: String(total), ...range });
	const losers = 1 - teamOf(wentOut);
	// only the seat that went out is known to hold nothing; nobody reads the others' sizes
	const handSizes = state.handSizes.map((size, seat) => (seat === wentOut ? 0 : size));
	const done = { ...state, handSizes, wentOut };
	return ok(finishDeal(done, losers === 0 ? [total, 0] : [0, total], null));
}
