import { isSeat, MALFORMED, ok, refuse, type Result } from '../common';
import { finishDeal } from './deal';
import { allTiles, spots } from './line';
import { teamOf } from './scoring';
import { BONEYARD_SIZE, HAND_SIZE, SEATS, type DominoesRefusal, type DominoesState } from './types';

/**
 * Most tiles one team can hold at a deal's end: the 6 dealt to each partner and the 4 of the
 * boneyard, one boneyard for the table (docs/rulings.md, Pass-Pass: 6 tiles each, 4 in the boneyard).
 */
export const TEAM_TILES_MAX = 2 * HAND_SIZE + BONEYARD_SIZE;
/** A blocked deal leaves a tile in every hand, so at least 2 a team (docs/rulings.md, Pass-Pass 7). */
export const TEAM_TILES_MIN = 2;
/**
 * Most tiles the four hands can hold at a blocked deal's end (docs/rulings.md, Pass-Pass 7):
 * with the boneyard empty every tile off the line is in a hand, and nobody can play, so every
 * tile showing an open number is on the line. Ends 0 and 0 need the seven 0s there; each of the
 * six [0-x] has its x half against a tile without a 0, one such tile serving two: 7 + 3 = 10
 * tiles at least ([0-1][1-2][2-0][0-0][0-3][3-4][4-0][0-5][5-6][6-0]); two different open numbers
 * need 13. So 28 - 10 = 18 tiles at most.
 */
export const BLOCKED_TILES_MAX = allTiles().length - 10;
/** Most tiles one team can hold at a blocked deal's end: the other team keeps at least 2. */
export const BLOCKED_TEAM_TILES_MAX = Math.min(TEAM_TILES_MAX, BLOCKED_TILES_MAX - TEAM_TILES_MIN);

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

/** Most tiles one player can hold at a blocked deal's end: 6 dealt and the whole boneyard drawn. */
export const SEAT_TILES_MAX = HAND_SIZE + BONEYARD_SIZE;

/**
 * The tiles each seat holds at a blocked deal's end, from what the pad entered: per team
 * ([team 0, team 1]) or per seat. The house rule's next starter is the partner holding fewer
 * tiles (docs/rulings.md, Pass-Pass 8), which only per-seat figures tell; per team is enough for
 * the score and for the base rule, whose next starter the hands never change.
 */
function blockedHands(
	state: DominoesState,
	left: unknown
): Result<{ handSizes: number[]; points: [number, number] }, DominoesRefusal> {
	if (!Array.isArray(left)) return refuse(MALFORMED);
	const figures = left as unknown[];
	if (figures.length === SEATS) {
		for (const [seat, tiles] of figures.entries()) {
			// a blocked deal leaves a tile in every hand (docs/rulings.md, Pass-Pass 7)
			if (!Number.isInteger(tiles) || (tiles as number) < 1 || (tiles as number) > SEAT_TILES_MAX)
				return refuse('tally-seat-tiles-range', {
					seat,
					tiles: String(tiles),
					min: 1,
					max: SEAT_TILES_MAX
				});
		}
		const sizes = figures as number[];
		const points: [number, number] = [sizes[0] + sizes[2], sizes[1] + sizes[3]];
		return ok({ handSizes: [...sizes], points });
	}
	if (figures.length !== 2) return refuse(MALFORMED);
	if (state.config.houseRuleWinnerStarts) return refuse('tally-tiles-per-seat');
	for (const [team, tiles] of figures.entries()) {
		if (
			!Number.isInteger(tiles) ||
			(tiles as number) < TEAM_TILES_MIN ||
			(tiles as number) > BLOCKED_TEAM_TILES_MAX
		)
			return refuse('tally-tiles-range', {
				team,
				tiles: String(tiles),
				min: TEAM_TILES_MIN,
				max: BLOCKED_TEAM_TILES_MAX
			});
	}
	const [team0, team1] = figures as number[];
	// without the house rule the next starter is the base rule's whatever the hands hold
	return ok({ handSizes: [team0, team1, team0, team1], points: [team0, team1] });
}

/**
 * Score pad: a whole deal entered as its result, before its first tile (docs/rulings.md,
 * Pass-Pass 7): who went out and the spots left in the other team's hands, or a blocked deal
 * (wentOut null) and the tiles left, per team or per seat (blockedHands; per seat under the
 * house rule). The sheet, the 7-deal total and who starts the next deal follow as after a
 * refereed deal.
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
		const hands = blockedHands(state, left);
		if (!hands.ok) return hands;
		const { handSizes, points } = hands.value;
		if (points[0] + points[1] > BLOCKED_TILES_MAX)
			return refuse('tally-tiles-total', {
				total: points[0] + points[1],
				max: BLOCKED_TILES_MAX
			});
		const blocked = { ...state, handSizes, boneyard: 0, wentOut: null };
		return ok(finishDeal(blocked, points, null));
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
