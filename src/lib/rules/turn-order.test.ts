import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAll, seatByLots, seatsFrom, seeded, type AnyGame } from './common';
import { climbing } from './climbing';
import { match as climbingInput, randomMatch } from './climbing/simulate';
import { dominoes, keptOrPassedBy, skippedSeat, type DominoesState } from './dominoes';
import { legalMatch, matchInput } from './dominoes/simulate';
import { illPass } from './ill-pass';
import { randomGame } from './ill-pass/simulate';
import {
	allowedSecondTakes,
	cardKey,
	passPass,
	usedCards,
	yetToPlay,
	type PassPassState
} from './pass-pass';
import { game as passPassInput, simulate } from './pass-pass/simulate';
import { DECK } from './pass-pass/test-helpers';

// Turn order is the rules' own (docs/contract.md, GameDefinition): who acts next (`turn`), which
// seats may act now (`actors`) and who starts the next round or deal (`opener`). These check
// the three against the reducer itself, over whole random legal matches of every game.

interface Played {
	readonly states: readonly unknown[];
	readonly actions: readonly { type: string; seat?: number }[];
}

/**
 * Actions naming `seat` that the reducer might accept now: one accepted means the seat may act.
 * Null when no action of this state names a seat (then `turn` alone says who acts).
 */
type Probes = (state: never, seat: number) => { type: string }[] | null;

const passPassProbes = (state: PassPassState, seat: number) => {
	const used = new Set(usedCards(state).map(cardKey));
	const free = DECK.find((card) => !used.has(cardKey(card)))!;
	return [
		{ type: 'play', card: free, seat },
		{ type: 'won', seat, cards: [free] },
		{ type: 'lead', seat },
		...state.trick.map((play) => ({ type: 'firstTake', card: play.card, seat })),
		...allowedSecondTakes(state).map((cards) => ({ type: 'secondTake', cards, seat }))
	];
};

const climbingProbes = (_state: unknown, seat: number) => [
	{ type: 'start', seat },
	{ type: 'pass', seat },
	{ type: 'play', seat, values: ['A'], cards: 1, upgrade: false, augment: 0 },
	{ type: 'play', seat, values: ['A', 'A', 'A', 'A', 'A'], cards: 5, upgrade: false, augment: 0 }
];

/** The dominoes name a seat only when the lots are drawn; the other actions are the turn's. */
const dominoesProbes = (state: DominoesState, seat: number) =>
	state.phase === 'start' ? [{ type: 'start', seat }] : null;

/** What is wrong with the three selectors over one played match; [] when nothing. */
function problems(game: AnyGame, played: Played, players: number, probes?: Probes): string[] {
	const found: string[] = [];
	const { states, actions } = played;
	const say = (at: number, what: string) => found.push(`${game.id} state ${at}: ${what}`);
	states.forEach((state, at) => {
		const turn = game.turn(state);
		const actors = game.actors(state);
		const opener = game.opener(state);
		if (new Set(actors).size !== actors.length) say(at, `a seat twice in ${actors}`);
		if (actors.some((seat) => !Number.isInteger(seat) || seat < 0 || seat >= players)) {
			say(at, `no such seat in ${actors}`);
		}
		if (turn !== null && actors[0] !== turn) say(at, `turn ${turn} is not first of ${actors}`);
		if (game.outcome(state) !== null && (turn !== null || actors.length || opener !== null)) {
			say(at, 'the match is over, yet a seat may act or open');
		}
		if (opener !== null && turn !== null && opener !== turn)
			say(at, `opener ${opener}, turn ${turn}`);

		// the seat each action came from was one that could act
		const action = actions[at];
		if (action) {
			const from = typeof action.seat === 'number' ? action.seat : turn;
			if (from !== null && !actors.includes(from) && action.type !== 'teamPick') {
				say(at, `${JSON.stringify(action)} came from a seat not in ${actors}`);
			}
		}

		// the reducer agrees: a seat may act exactly when some action naming it is accepted
		if (probes) {
			for (let seat = 0; seat < players; seat++) {
				const tried = probes(state as never, seat);
				if (!tried) break;
				const accepted = tried.some((probe) => game.apply(state, probe).ok);
				if (accepted !== actors.includes(seat)) {
					say(at, `seat ${seat}: reducer ${accepted ? 'accepts' : 'refuses'}, actors ${actors}`);
				}
			}
		}

		// the opener named is the seat that does act first, once a seat is to act again
		if (opener !== null) {
			for (let next = at; next < states.length; next++) {
				if (actions[next]?.type === 'lead') break; // the table named another leader
				const due = game.turn(states[next]);
				if (due === null) continue;
				if (due !== opener) say(at, `opener ${opener}, but seat ${due} acts first`);
				break;
			}
		}
	});
	return found;
}

const runs = { numRuns: 25 };

describe(
	'turn order is the reducer’s: turn, actors and opener agree with it',
	{ timeout: 120_000 },
	() => {
		it('Pass Pass, trick by trick and cards won, individual and teams', () => {
			fc.assert(
				fc.property(passPassInput, (input) => {
					const played = simulate(input);
					const players = played.states[0].players;
					expect(problems(passPass, played, players, passPassProbes as Probes)).toEqual([]);
				}),
				runs
			);
		});

		it('Pass-Pass dominoes, with and without the house rule', () => {
			fc.assert(
				fc.property(matchInput, (input) => {
					const played = legalMatch(input);
					expect(problems(dominoes, played, 4, dominoesProbes as Probes)).toEqual([]);
				}),
				runs
			);
		});

		it('PASS, basic and advanced', () => {
			fc.assert(
				fc.property(climbingInput, (input) => {
					const played = randomMatch(input);
					expect(problems(climbing, played, input.players, climbingProbes)).toEqual([]);
				}),
				runs
			);
		});

		it("I'll Pass", () => {
			fc.assert(
				fc.property(fc.nat(), (seed) => {
					const { config, players, actions } = randomGame(seeded(seed));
					const states = [illPass.setup(config, players)];
					applyAll(illPass, states[0], actions, ({ after }) => states.push(after));
					expect(problems(illPass, { states, actions }, players)).toEqual([]);
				}),
				runs
			);
		});
	}
);

describe('who starts the next round or deal, as each game says it', () => {
	it('Pass Pass: the second winner of the round’s last trick opens the next round', () => {
		const played = simulate(fc.sample(passPassInput, { numRuns: 1, seed: 7 })[0]);
		const openings = played.states.flatMap((state, at) => {
			const before = played.states[at - 1];
			return before && state.rounds.length > before.rounds.length ? [state] : [];
		});
		expect(openings.length).toBeGreaterThan(0);
		for (const state of openings) {
			expect(passPass.opener(state)).toBe(state.leader);
			expect(passPass.turn(state)).toBe(state.leader);
		}
		// during a round nobody knows yet
		const midRound = played.states.find((state) => state.trick.length > 0)!;
		expect(passPass.opener(midRound)).toBeNull();
	});

	it('Pass-Pass: after a domino the next starter is known at the count', () => {
		const counts: DominoesState[] = [];
		for (const houseRuleWinnerStarts of [false, true]) {
			const input = fc.sample(matchInput, { numRuns: 30, seed: 3 });
			for (const one of input) {
				const played = legalMatch({ ...one, houseRuleWinnerStarts });
				played.steps.forEach(({ before, after, action }) => {
					if (before.phase !== 'count' || action.type !== 'count' || after.phase === 'over') return;
					counts.push(before);
					const expected = houseRuleWinnerStarts ? before.wentOut : (before.starter! + 1) % 4; // to the left of the deal's starter
					expect(dominoes.opener(before)).toBe(expected);
					expect(dominoes.turn(after)).toBe(expected);
				});
			}
		}
		expect(counts.length).toBeGreaterThan(10);
	});

	it('Pass-Pass: at the lots every seat may be named, and nobody opens yet', () => {
		const lots = dominoes.setup({ houseRuleWinnerStarts: false }, 4);
		expect(dominoes.actors(lots)).toEqual([0, 1, 2, 3]);
		expect(dominoes.opener(lots)).toBeNull();
		expect(dominoes.turn(lots)).toBeNull();
		const chosen = dominoes.setup({ houseRuleWinnerStarts: false, starter: 2 }, 4);
		expect(dominoes.opener(chosen)).toBe(2);
		expect(dominoes.actors(chosen)).toEqual([2]);
	});

	it('Pass-Pass: a skip names the skipped opponent; a keep or a pass names who kept or passed', () => {
		const input = fc.sample(matchInput, { numRuns: 20, seed: 11 });
		let skips = 0;
		let handedOn = 0;
		for (const one of input) {
			for (const { before, after, action } of legalMatch(one).steps) {
				if (action.type === 'play' && after.lastPlay?.effect === 'skip' && after.phase === 'play') {
					skips++;
					const skipped = skippedSeat(after)!;
					// the skipped opponent sits between the player and the partner who plays next
					expect(skipped).toBe((after.lastPlay.seat + 1) % 4);
					expect(after.seat).toBe((skipped + 1) % 4);
				}
				const sameDeal = after.phase === 'play' && after.deal === before.deal;
				if ((action.type === 'keep' || action.type === 'pass') && sameDeal) {
					handedOn++;
					expect(keptOrPassedBy(after)).toBe(dominoes.turn(before));
				}
			}
		}
		expect(skips).toBeGreaterThan(0);
		expect(handedOn).toBeGreaterThan(0);
	});

	it('PASS: the last player not to pass leads the next round', () => {
		const played = randomMatch(fc.sample(climbingInput, { numRuns: 1, seed: 5 })[0]);
		let rounds = 0;
		played.states.forEach((state, at) => {
			const before = played.states[at - 1];
			if (!before || state.round <= before.round || state.phase !== 'play') return;
			rounds++;
			const last = played.actions[at - 1];
			expect(last.type).toBe('pass');
			expect(climbing.opener(state)).toBe(
				before.passed.findIndex((out, seat) => !out && seat !== last.seat)
			);
		});
		expect(rounds).toBeGreaterThan(0);
	});

	it("I'll Pass: after a take, the next player reveals (or the taker, by the house rule)", () => {
		for (const takerReveals of [false, true]) {
			let state = illPass.setup({ start: 1, takerReveals }, 4);
			for (const action of [{ type: 'reveal', card: 10 }, { type: 'take' }] as const) {
				expect(illPass.opener(state)).toBe(action.type === 'reveal' ? 1 : null);
				const result = illPass.apply(state, action);
				if (!result.ok) throw new Error(result.refusal.code);
				state = result.value;
			}
			expect(illPass.opener(state)).toBe(takerReveals ? 1 : 2);
		}
	});
});

describe('the seats, in order', () => {
	it('seatsFrom goes once round the table clockwise from the first seat', () => {
		expect(seatsFrom(2, 4)).toEqual([2, 3, 0, 1]);
		expect(seatsFrom(0, 3)).toEqual([0, 1, 2]);
	});

	it('the lots name every seat of the table, and only those', () => {
		const named = new Set(Array.from({ length: 60 }, (_, value) => seatByLots(value * 7919, 6)));
		expect([...named].sort()).toEqual([0, 1, 2, 3, 4, 5]);
		expect(() => seatByLots(-1, 4)).toThrow(/whole number/);
		expect(() => seatByLots(3, 0)).toThrow(/table/);
	});

	it('Pass Pass: the seats still to play this trick, from the one whose turn it is', () => {
		let state = passPass.setup({ start: 3, teams: null }, 5);
		expect(yetToPlay(state)).toEqual([3, 4, 0, 1, 2]);
		for (const card of DECK.slice(0, 2)) {
			const result = passPass.apply(state, { type: 'play', card });
			if (!result.ok) throw new Error(result.refusal.code);
			state = result.value;
		}
		expect(yetToPlay(state)).toEqual([0, 1, 2]);
		expect(passPass.actors(state)).toEqual([0]);
	});
});
