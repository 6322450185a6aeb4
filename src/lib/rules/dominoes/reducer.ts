import { clockwise, GAME_OVER, isSeat, MALFORMED, ok, refuse, type Result } from '../common';
import { count, finishDeal } from './deal';
import { effectOfEnds, fittingEnds, isTile, lineEnds, place, tileKey, tileText } from './line';
import { blockedPoints, nextSeat } from './scoring';
import {
	BONEYARD_SIZE,
	ENDS,
	HAND_SIZE,
	SEATS,
	type DominoesAction,
	type DominoesConfig,
	type DominoesRefusal,
	type DominoesState,
	type End
} from './types';

type Step = Result<DominoesState, DominoesRefusal>;

/**
 * Deal 1 waits for the lots (docs/rulings.md, Pass-Pass 8), unless setup chose the starter (`config.starter`):
 * then that seat plays the first tile. The table always has 4 seats.
 */
export function setup(config: DominoesConfig, _players = SEATS): DominoesState {
	const starter = config?.starter;
	const fresh = waitingForLots(config);
	return isSeat(starter, SEATS) ? { ...fresh, phase: 'play', starter, seat: starter } : fresh;
}

function waitingForLots(config: DominoesConfig): DominoesState {
	return {
		config,
		phase: 'start',
		deal: 1,
		starter: null,
		line: [],
		handSizes: Array.from({ length: SEATS }, () => HAND_SIZE),
		boneyard: BONEYARD_SIZE,
		seat: 0,
		drawn: false,
		passes: 0,
		lastPlay: null,
		wentOut: null,
		deals: []
	};
}

export function isOver(state: DominoesState): boolean {
	return state.phase === 'over';
}

/** Next state or a refusal with a reason; never mutates `state`, never throws. */
export function apply(state: DominoesState, action: DominoesAction): Step {
	if (isOver(state)) return refuse(GAME_OVER);
	if (typeof action !== 'object' || action === null) return refuse(MALFORMED);
	const fields = action as unknown as Record<string, unknown>;
	switch (fields.type) {
		case 'start':
			return start(state, fields.seat);
		case 'play':
			return waiting(state) ?? play(state, fields.tile, fields.end);
		case 'draw':
			return waiting(state) ?? draw(state);
		case 'keep':
			return waiting(state) ?? keep(state);
		case 'pass':
			return waiting(state) ?? pass(state);
		case 'count':
			return count(state, fields.tiles, fields.total);
		default:
			return refuse(MALFORMED);
	}
}

/** Turns wait for the lots before deal 1 and for the count after a domino. */
function waiting(state: DominoesState): Step | null {
	if (state.phase === 'start') return refuse('choose-starter-first');
	if (state.phase === 'count') return refuse('count-first');
	return null;
}

/** docs/rulings.md, Pass-Pass 8: deal 1's starter is drawn by lots, outside the reducer (payload). */
function start(state: DominoesState, seat: unknown): Step {
	if (state.phase !== 'start') return refuse('starter-already-chosen');
	if (!isSeat(seat, SEATS)) return refuse('bad-seat', { seat: String(seat) });
	return ok({ ...state, phase: 'play', starter: seat, seat });
}

/**
 * Any tile not on the line may be played (the app cannot see hands). The end may be left out
 * for the first tile and when only one end matches.
 */
function play(state: DominoesState, tile: unknown, end: unknown): Step {
	if (!Array.isArray(tile) || tile.length !== 2) return refuse(MALFORMED);
	if (end !== undefined && end !== null && !(ENDS as readonly unknown[]).includes(end)) {
		return refuse(MALFORMED);
	}
	if (!isTile(tile)) return refuse('tile-out-of-range', { tile: tileText(tile) });
	const key = tileKey(tile);
	if (state.line.some((played) => tileKey(played) === key))
		return refuse('tile-on-line', { tile: key });
	const seat = state.seat;
	if (state.handSizes[seat] === 0) return refuse('hand-empty', { seat });
	const ends = lineEnds(state.line);
	let where: End | null = null;
	if (ends) {
		const fits = fittingEnds(state.line, tile);
		const text = tileText(tile);
		if (end === 'left' || end === 'right') {
			const number = end === 'left' ? ends.left : ends.right;
			if (!fits.includes(end)) return refuse('tile-does-not-match', { tile: text, end, number });
			where = end;
		} else if (fits.length === 0) {
			return refuse('tile-fits-no-end', { tile: text, left: ends.left, right: ends.right });
		} else if (fits.length === 2) {
			return refuse('choose-end', { tile: text, left: ends.left, right: ends.right });
		} else where = fits[0];
	}
	const line = place(state.line, tile, where ?? 'right');
	if (!line) return refuse('tile-fits-no-end'); // unreachable: fittingEnds checked it
	const effect = effectOfEnds(lineEnds(line)!);
	const placed = where === 'left' ? line[0] : line[line.length - 1];
	const handSizes = state.handSizes.map((size, other) => (other === seat ? size - 1 : size));
	const next = {
		...state,
		line,
		handSizes,
		drawn: false,
		passes: 0,
		lastPlay: { seat, tile: placed, end: where, effect }
	};
	// docs/rulings.md, Pass-Pass 7: a player who plays their last tile ends the deal; the losers count next.
	if (handSizes[seat] === 0) return ok({ ...next, phase: 'count', wentOut: seat });
	return ok({
		...next,
		seat: nextSeat(seat, { again: effect === 'again', skip: effect === 'skip' })
	});
}

/** docs/rulings.md, Pass-Pass 6: a player who cannot play draws one tile (size only: nobody sees it). */
function draw(state: DominoesState): Step {
	if (state.line.length === 0) return refuse('play-first-tile');
	if (state.drawn) return refuse('already-drawn');
	if (state.boneyard === 0) return refuse('boneyard-empty');
	const handSizes = state.handSizes.map((size, seat) => (seat === state.seat ? size + 1 : size));
	return ok({ ...state, boneyard: state.boneyard - 1, handSizes, drawn: true });
}

/** docs/rulings.md, Pass-Pass 5-6: the drawn tile does not fit: keep it; the next player in normal order plays. */
function keep(state: DominoesState): Step {
	if (!state.drawn) return refuse('draw-first');
	return ok({ ...state, drawn: false, passes: 0, seat: clockwise(state.seat, SEATS) });
}

/** docs/rulings.md, Pass-Pass 6-7: with the boneyard empty a player who cannot play passes; 4 in a row block. */
function pass(state: DominoesState): Step {
	if (state.line.length === 0) return refuse('play-first-tile');
	if (state.drawn) return refuse('keep-or-play');
	if (state.boneyard > 0) return refuse('boneyard-not-empty', { boneyard: state.boneyard });
	const passes = state.passes + 1;
	if (passes < SEATS) return ok({ ...state, passes, seat: clockwise(state.seat, SEATS) });
	const blocked = { ...state, passes, wentOut: null };
	return ok(finishDeal(blocked, blockedPoints(state.handSizes), null));
}
