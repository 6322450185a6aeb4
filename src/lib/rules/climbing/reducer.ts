import { clockwise, isSeat, MALFORMED, GAME_OVER, ok, refuse, type Result } from '../common';
import { checkActor, judge } from './judge';
import { endGame } from './game';
import { tally } from './tally';
import { supplyAfterRound, takeToken, tokenCost } from './tokens';
import {
	BOX_TOKENS,
	HAND_SIZE,
	TOKENS_EACH,
	type ClimbingAction,
	type ClimbingConfig,
	type ClimbingRefusal,
	type ClimbingState,
	type PlayAction
} from './types';

type Applied = Result<ClimbingState, ClimbingRefusal>;

/** Tokens in the box; an unusable count falls back to the default (checkConfig refuses it). */
function boxTokens(config: ClimbingConfig, players: number): number {
	const count = config?.tokens;
	return Number.isInteger(count) && count >= players * TOKENS_EACH
		? count
		: Math.max(BOX_TOKENS, players * TOKENS_EACH);
}

/**
 * docs/rulings.md, PASS 7, 9: each game starts with 13 cards and 1 token each, the rest in the supply;
 * tokens kept from the previous game go back (docs/rulings.md says "starts a game with 1").
 */
function deal(config: ClimbingConfig, players: number, seat: number) {
	const each = <T>(value: T) => Array.from({ length: players }, () => value);
	return {
		round: 1,
		hands: each(HAND_SIZE),
		tokens: each(TOKENS_EACH),
		supply: boxTokens(config, players) - players * TOKENS_EACH,
		pile: [],
		passed: each(false),
		seat
	};
}

/**
 * A match waits for the first game's `start` (who holds START 2), unless setup said who holds it
 * (`config.starter`): then the first game begins with that seat leading.
 */
export function setup(config: ClimbingConfig, players: number): ClimbingState {
	const starter = config?.starter;
	if (isSeat(starter, players)) {
		return { config, phase: 'play', games: [], ...deal(config, players, starter) };
	}
	return { config, phase: 'start', games: [], ...deal(config, players, 0) };
}

export function isOver(state: ClimbingState): boolean {
	return state.phase === 'over';
}

export function apply(state: ClimbingState, action: ClimbingAction): Applied {
	if (typeof action !== 'object' || action === null) return refuse(MALFORMED);
	switch (action.type) {
		case 'start':
			return start(state, action.seat);
		case 'play':
			return play(state, action);
		case 'pass':
			return pass(state, action.seat);
		case 'tally':
			return tally(state, action.winner, action.cardsLeft);
		default:
			return refuse(MALFORMED);
	}
}

/** docs/rulings.md, PASS 8: the holder of START 2 leads a game's first set. */
function start(state: ClimbingState, seat: unknown): Applied {
	if (state.phase === 'over') return refuse(GAME_OVER);
	if (state.phase === 'play') return refuse('game-in-progress');
	if (!Number.isInteger(seat)) return refuse(MALFORMED);
	if (!isSeat(seat, state.hands.length)) return refuse('bad-seat', { seat: seat as number });
	return ok({ ...state, ...deal(state.config, state.hands.length, seat), phase: 'play' });
}

function play(state: ClimbingState, action: PlayAction): Applied {
	const check = judge(state, action);
	const set = check.set;
	if (check.refusal || set === null)
		return { ok: false, refusal: check.refusal ?? { code: MALFORMED } };
	const { seat, cards, upgrade, augment } = action;
	// docs/rulings.md, PASS 5-6: the upgrade token goes to the supply, augment tokens beside the set.
	let next: ClimbingState = {
		...state,
		hands: state.hands.map((hand, other) => (other === seat ? hand - cards : hand)),
		tokens: state.tokens.map((have, other) =>
			other === seat ? have - tokenCost(upgrade, augment) : have
		),
		supply: state.supply + (upgrade ? 1 : 0),
		pile: state.pile
	};
	// docs/rulings.md, PASS 7: playing a trump earns 1 token, while the supply has one.
	const earned = set.type === 'trump' && next.supply > 0;
	if (earned) next = { ...next, ...takeToken(next, seat) };
	next = {
		...next,
		pile: [
			...state.pile,
			{ seat, set, values: [...action.values], cards, upgrade, augment, earned }
		]
	};
	// docs/rulings.md, PASS 8: the game ends the moment a player has no cards.
	if (next.hands[seat] === 0) return ok(endGame(next, seat));
	return ok({ ...next, seat: nextInRound(next, seat) });
}

/** docs/rulings.md, PASS 7-8: PASS takes a token and sits out the round; the last one left leads next. */
function pass(state: ClimbingState, seat: unknown): Applied {
	if (!Number.isInteger(seat) || (seat as number) < 0) return refuse(MALFORMED);
	const actor = checkActor(state, seat as number);
	if (actor) return { ok: false, refusal: actor };
	if (state.pile.length === 0) return refuse('must-lead', { seat: seat as number });
	const passed = state.passed.map((out, other) => out || other === seat);
	const next = { ...state, ...takeToken(state, seat as number), passed };
	const left = passed.flatMap((out, other) => (out ? [] : [other]));
	if (left.length > 1) return ok({ ...next, seat: nextInRound(next, seat as number) });
	return ok({
		...next,
		round: state.round + 1,
		supply: supplyAfterRound(next),
		pile: [],
		passed: passed.map(() => false),
		seat: left[0]
	});
}

/** Next seat clockwise that has not passed this round. */
function nextInRound(state: ClimbingState, from: number): number {
	const players = state.hands.length;
	for (let step = 1; step < players; step++) {
		const seat = clockwise(from, players, step);
		if (!state.passed[seat]) return seat;
	}
	return from;
}
