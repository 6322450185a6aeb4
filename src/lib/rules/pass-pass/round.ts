import { cardKey, countTicks } from './cards';
import { sideOfSeat, sidesOf } from './teams';
import {
	ROUNDS,
	TICKS_TO_WIN,
	type Card,
	type PassPassConfig,
	type PassPassState,
	type Phase,
	type Round,
	type TableCard
} from './types';

/** Shared state helpers of the reducer and the selectors. */

export function freshRound(config: PassPassConfig, players: number): Round {
	return {
		won: Array.from({ length: players }, () => []),
		discarded: [],
		tricks: 0,
		ended: false,
		picks: config.teams === null ? [] : sidesOf(config.teams, players).map(() => null)
	};
}

export function currentRound(state: PassPassState): Round {
	return state.rounds[state.rounds.length - 1];
}

/** Over on a third tick (docs/rulings.md, Pass Pass 8, 11) or once round 3 is closed and written (Pass Pass 10). */
export function isOver(state: PassPassState): boolean {
	if (state.winner !== null) return true;
	const round = currentRound(state);
	return (
		state.rounds.length === ROUNDS && round.ended && round.picks.every((pick) => pick !== null)
	);
}

export function phase(state: PassPassState): Phase {
	if (isOver(state)) return 'over';
	if (currentRound(state).ended) return 'team-pick';
	if (state.trick.length < state.players) return 'play';
	return state.firstTake === null ? 'first-take' : 'second-take';
}

/**
 * Every card of the current round that is somewhere: won, discarded or still on the table.
 * The trick keeps all its plays for the screen; the first take already counts as won.
 */
export function usedCards(state: PassPassState): TableCard[] {
	const round = currentRound(state);
	const taken = state.firstTake && cardKey(state.firstTake);
	const table = state.trick.map((play) => play.card).filter((card) => cardKey(card) !== taken);
	return [...round.won.flat(), ...round.discarded, ...table];
}

export function usedKeys(state: PassPassState): Set<string> {
	return new Set(usedCards(state).map(cardKey));
}

export function wonCount(round: Round): number {
	return round.won.reduce((sum, cards) => sum + cards.length, 0);
}

/**
 * Each side's ticks toward the instant win, as the reducer counts them and the screen shows them.
 * Individual: a seat's ticks over all rounds (docs/rulings.md, Pass Pass 7, 8). Teams: the ticks written for the
 * team in each round, plus its best member's ticks in the round not yet written, while it runs
 * and while the teams pick (docs/rulings.md, Pass Pass 11): a round that ends with a member's tick does not drop it
 * from the news before the team has chosen whom to write.
 */
export function teamTicksNow(state: PassPassState): number[] {
	const { teams } = state.config;
	if (teams === null) {
		return Array.from({ length: state.players }, (_, seat) =>
			state.rounds.reduce((sum, round) => sum + countTicks(round.won[seat]), 0)
		);
	}
	return sidesOf(teams, state.players).map((members, side) =>
		state.rounds.reduce((sum, played) => {
			const pick = played.picks[side];
			const best = Math.max(...members.map((seat) => countTicks(played.won[seat])));
			return sum + (pick === null ? best : countTicks(played.won[pick]));
		}, 0)
	);
}

/** The side whose tick total the last take brought to 3, or null (docs/rulings.md, Pass Pass 8, 11). */
export function thirdTick(state: PassPassState, seat: number): number | null {
	const side = sideOfSeat(state.config.teams, seat);
	return teamTicksNow(state)[side] >= TICKS_TO_WIN ? side : null;
}

/** The side a first take of `card` by `seat` would bring to a third tick, or null (diamonds unused). */
export function thirdTickIf(
	state: PassPassState,
	seat: number,
	card: { color: Card['color']; value: number }
): number | null {
	return thirdTick(addWon(state, seat, [{ ...card, diamonds: 0 }]), seat);
}

/** The state with `cards` added to `seat`'s cards won this round. */
export function addWon(state: PassPassState, seat: number, cards: readonly Card[]): PassPassState {
	const round = currentRound(state);
	const won = round.won.map((own, at) => (at === seat ? [...own, ...cards] : own));
	return withRound(state, { ...round, won });
}

export function withRound(state: PassPassState, round: Round): PassPassState {
	return { ...state, rounds: [...state.rounds.slice(0, -1), round] };
}

/** Close the round; the next one starts at once unless teams must pick first (docs/rulings.md, Pass Pass 11). */
export function closeRound(state: PassPassState): PassPassState {
	return nextRound(withRound(state, { ...currentRound(state), ended: true }));
}

/** Start the next round when the current one is closed and written, up to round 3. */
export function nextRound(state: PassPassState): PassPassState {
	const round = currentRound(state);
	const written = round.picks.every((pick) => pick !== null);
	if (!round.ended || !written || state.rounds.length >= ROUNDS) return state;
	return { ...state, rounds: [...state.rounds, freshRound(state.config, state.players)] };
}
