import { clockwise, GAME_OVER, isSeat, MALFORMED, ok, refuse, type Result } from '../common';
import { cardKey, parseCard, parseCardId, parsePlayed, shown } from './cards';
import { allSaid, sayDiamonds } from './diamonds';
import {
	addWon,
	closeRound,
	currentRound,
	freshRound,
	isOver,
	nextRound,
	phase,
	thirdTick,
	usedKeys,
	withRound,
	wonCount
} from './round';
import { sidesOf } from './teams';
import { explainTrick, takesAfter } from './trick';
import {
	TAKEN_PER_TRICK,
	WON_PER_ROUND,
	WON_PER_SEAT,
	type Card,
	type PassPassAction,
	type PassPassConfig,
	type PassPassRefusal,
	type PassPassState
} from './types';

type Step = Result<PassPassState, PassPassRefusal>;

export function setup(config: PassPassConfig, players: number): PassPassState {
	return {
		config,
		players,
		rounds: [freshRound(config, players)],
		leader: isSeat(config.start, players) ? config.start : 0,
		trick: [],
		firstTake: null,
		winner: null,
		lastTrick: null
	};
}

/** Next state or a refusal; never mutates `state`, never throws, whatever `action` is. */
export function apply(state: PassPassState, action: PassPassAction): Step {
	if (isOver(state)) return refuse(GAME_OVER);
	if (typeof action !== 'object' || action === null) return refuse(MALFORMED);
	switch (action.type) {
		case 'play':
			return play(state, action.card, action.seat);
		case 'firstTake':
			return firstTake(state, action.card, action.seat, action.seen);
		case 'secondTake':
			return secondTake(state, action.cards, action.seat, action.seen);
		case 'won':
			return won(state, action.seat, action.cards);
		case 'lead':
			return lead(state, action.seat);
		case 'endRound':
			return endRound(state);
		case 'teamPick':
			return teamPick(state, action.team, action.seat);
		default:
			return refuse(MALFORMED);
	}
}

/** `seat` in an action is optional; when given it must be the seat expected to act. */
function checkSeat(seat: unknown, expected: number): Step | null {
	return seat === undefined || seat === expected ? null : refuse('out-of-turn', { seat: expected });
}

function inPhase(state: PassPassState, wanted: string): Step | null {
	const now = phase(state);
	return now === wanted ? null : refuse('wrong-phase', { phase: now });
}

/**
 * Rulebook "Playing a card": clockwise from the leader, any card; each card once a round. Its
 * diamonds may wait for the take that wins it (diamonds.ts).
 */
function play(state: PassPassState, input: unknown, seat: unknown): Step {
	const expected = clockwise(state.leader, state.players, state.trick.length);
	const wrong = inPhase(state, 'play') ?? checkSeat(seat, expected);
	if (wrong) return wrong;
	const card = parsePlayed(input);
	if (!card.ok) return card;
	if (usedKeys(state).has(cardKey(card.value))) {
		return refuse('card-already-used', { card: cardKey(card.value) });
	}
	if (state.trick.length === 0 && wonCount(currentRound(state)) + TAKEN_PER_TRICK > WON_PER_ROUND) {
		return refuse('too-many-cards', { max: WON_PER_ROUND });
	}
	return ok({
		...state,
		trick: [...state.trick, { player: expected, card: card.value }],
		lastTrick: null
	});
}

/** docs/rulings.md, Pass Pass 4, 8: the first winner takes any card of the trick, and is checked for a third tick first. */
function firstTake(state: PassPassState, input: unknown, seat: unknown, seen: unknown): Step {
	const wrong = inPhase(state, 'first-take');
	if (wrong) return wrong;
	const { first, second } = explainTrick(state.trick);
	const notYou = checkSeat(seat, first);
	if (notYou) return notYou;
	const id = parseCardId(input);
	if (!id.ok) return id;
	const said = sayDiamonds(state, seen);
	if (!said.ok) return said;
	const told = said.value;
	const play = told.trick.find((entry) => cardKey(entry.card) === cardKey(id.value));
	if (!play) return refuse('not-in-trick', { card: cardKey(id.value) });
	const picked = allSaid([play.card]);
	if (!picked.ok) return picked;
	const [card] = picked.value;
	const next = { ...addWon(told, first, [card]), firstTake: card };
	const winner = thirdTick(next, first);
	if (winner !== null) return ok({ ...next, winner });
	const takes = takesAfter(told.trick, card);
	if (takes.length > 1) return ok(next);
	// docs/rulings.md, Pass Pass 5: an unambiguous second take happens at once, so the first take says its cards' diamonds too
	const take = allSaid(takes[0]);
	return take.ok ? ok(finishTrick(next, second, take.value)) : take;
}

function secondTake(state: PassPassState, input: unknown, seat: unknown, seen: unknown): Step {
	const wrong = inPhase(state, 'second-take');
	if (wrong) return wrong;
	const { second } = explainTrick(state.trick);
	const notYou = checkSeat(seat, second);
	if (notYou) return notYou;
	if (!Array.isArray(input) || input.length !== 2) return refuse(MALFORMED);
	const ids: string[] = [];
	for (const entry of input) {
		const id = parseCardId(entry);
		if (!id.ok) return id;
		ids.push(cardKey(id.value));
	}
	const said = sayDiamonds(state, seen);
	if (!said.ok) return said;
	const take = takesAfter(said.value.trick, state.firstTake as Card).find((cards) =>
		cards.every((card) => ids.includes(cardKey(card)))
	);
	if (!take) return refuse('take-not-allowed', { cards: ids.join(' ') });
	const whole = allSaid(take);
	return whole.ok ? ok(finishTrick(said.value, second, whole.value)) : whole;
}

/** docs/rulings.md, Pass Pass 5, 6: the second winner takes, the rest is discarded, the second winner leads next. */
function finishTrick(state: PassPassState, second: number, take: readonly Card[]): PassPassState {
	const kept = [state.firstTake as Card, ...take].map(cardKey);
	const rest = state.trick.map((play) => play.card).filter((card) => !kept.includes(cardKey(card)));
	const taken = addWon(state, second, take);
	const round = currentRound(taken);
	const next: PassPassState = {
		...withRound(taken, {
			...round,
			discarded: [...round.discarded, ...rest],
			tricks: round.tricks + 1
		}),
		trick: [],
		firstTake: null,
		leader: second,
		lastTrick: {
			first: explainTrick(state.trick).first,
			card: state.firstTake as Card,
			second,
			take,
			rest
		}
	};
	return settle(next, second);
}

/** After a take: a third tick ends the match (docs/rulings.md, Pass Pass 8); 24 cards won ends the round (8 tricks). */
function settle(state: PassPassState, seat: number): PassPassState {
	const winner = thirdTick(state, seat);
	if (winner !== null) return { ...state, winner };
	return wonCount(currentRound(state)) >= WON_PER_ROUND ? closeRound(state) : state;
}

/** Between tricks, with no trick half played: cards won, lead and end of round entries. */
function betweenTricks(state: PassPassState): Step | null {
	const wrong = inPhase(state, 'play');
	if (wrong) return wrong;
	return state.trick.length > 0 ? refuse('trick-in-progress', { plays: state.trick.length }) : null;
}

/** docs/rulings.md, Pass Pass 12, cards won: the cards a seat took, entered directly. */
function won(state: PassPassState, seat: unknown, input: unknown): Step {
	const wrong = betweenTricks(state);
	if (wrong) return wrong;
	if (!isSeat(seat, state.players)) return refuse('bad-seat', { seat: shown(seat) });
	if (!Array.isArray(input) || input.length === 0) return refuse(MALFORMED);
	const cards: Card[] = [];
	const used = usedKeys(state);
	for (const entry of input) {
		const card = parseCard(entry);
		if (!card.ok) return card;
		const key = cardKey(card.value);
		if (cards.some((other) => cardKey(other) === key))
			return refuse('duplicate-card', { card: key });
		if (used.has(key)) return refuse('card-already-used', { card: key });
		cards.push(card.value);
	}
	if (wonCount(currentRound(state)) + cards.length > WON_PER_ROUND) {
		return refuse('too-many-cards', { max: WON_PER_ROUND });
	}
	const count = currentRound(state).won[seat].length + cards.length;
	if (count > WON_PER_SEAT)
		return refuse('seat-too-many-cards', { seat, count, max: WON_PER_SEAT });
	return ok(settle({ ...addWon(state, seat, cards), lastTrick: null }, seat));
}

/** Cards won mode has no tricks to tell who leads next: the table says, also while teams pick (docs/rulings.md, Pass Pass 6). */
function lead(state: PassPassState, seat: unknown): Step {
	const wrong = phase(state) === 'team-pick' ? null : betweenTricks(state);
	if (wrong) return wrong;
	if (!isSeat(seat, state.players)) return refuse('bad-seat', { seat: shown(seat) });
	return ok({ ...state, leader: seat });
}

function endRound(state: PassPassState): Step {
	const wrong = betweenTricks(state);
	if (wrong) return wrong;
	if (wonCount(currentRound(state)) === 0) return refuse('nothing-won');
	return ok(closeRound(state));
}

/** docs/rulings.md, Pass Pass 11: each team writes ONE member's points and ticks for the round. */
function teamPick(state: PassPassState, team: unknown, seat: unknown): Step {
	const wrong = inPhase(state, 'team-pick');
	if (wrong) return wrong;
	const sides = sidesOf(state.config.teams, state.players);
	if (!Number.isInteger(team) || (team as number) < 0 || (team as number) >= sides.length) {
		return refuse('bad-team', { team: shown(team) });
	}
	const members = sides[team as number];
	if (!members.includes(seat as number)) {
		return refuse('not-in-team', { team: team as number, seat: shown(seat) });
	}
	const round = currentRound(state);
	const picks = round.picks.map((pick, at) => (at === team ? (seat as number) : pick));
	return ok(nextRound(withRound(state, { ...round, picks })));
}
