import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../common';
import { cardKey } from './cards';
import { passPass } from './index';
import { sideTotals, totalTicks } from './score';
import { phase, usedCards } from './selectors';
import { game, simulate } from './simulate';
import { DECK } from './test-helpers';
import { resolveTrick, secondWinnerTakes } from './trick';
import { COLORS, WON_PER_ROUND, type PassPassAction, type PassPassState, type Play } from './types';

const anyCard = fc
	.record({ index: fc.nat(47), diamonds: fc.integer({ min: 0, max: 3 }) })
	.map(({ index, diamonds }) => ({ ...DECK[index], diamonds }));

/** A legal trick: 3 to 6 distinct cards, players numbered in table order. */
const legalTrick = fc
	.uniqueArray(anyCard, { minLength: 3, maxLength: 6, selector: cardKey })
	.map((cards): Play[] => cards.map((card, player) => ({ player, card })));

describe('docs/rulings.md, Pass Pass 1-5 over any legal trick', () => {
	it('the two winners differ, and the first holds the top card of a top colour', () => {
		fc.assert(
			fc.property(legalTrick, (plays) => {
				const { first, second } = resolveTrick(plays);
				expect(first).not.toBe(second);
				const top = plays[first].card;
				const total = (color: string) =>
					plays.filter((play) => play.card.color === color).reduce((s, p) => s + p.card.value, 0);
				for (const color of COLORS) expect(total(top.color)).toBeGreaterThanOrEqual(total(color));
				for (const play of plays) {
					if (play.card.color === top.color) expect(play.card.value).toBeLessThanOrEqual(top.value);
				}
			})
		);
	});

	it('whatever the first pick, each take is 2 of the lowest cards left; nothing lost or doubled', () => {
		fc.assert(
			fc.property(legalTrick, fc.nat(), (plays, at) => {
				const pick = plays[at % plays.length].card;
				const takes = secondWinnerTakes(plays, pick);
				expect(takes.length).toBeGreaterThan(0);
				if (plays.length === 3) expect(takes).toHaveLength(1);
				const played = plays.map((play) => cardKey(play.card)).sort();
				for (const take of takes) {
					const kept = [pick, ...take].map(cardKey);
					expect(new Set(kept).size).toBe(3);
					const rest = plays.map((play) => play.card).filter((c) => !kept.includes(cardKey(c)));
					expect([...kept, ...rest.map(cardKey)].sort()).toEqual(played);
					for (const card of rest) {
						for (const taken of take) expect(taken.value).toBeLessThanOrEqual(card.value);
					}
				}
			})
		);
	});
});

/** Whole simulated games are slow on a loaded machine; give them room. */
const SLOW = 30_000;

const keys = (state: PassPassState) => usedCards(state).map(cardKey);

describe('invariants over random whole games', () => {
	it(
		'the random games reach every phase and both endings (so the properties are not vacuous)',
		() => {
			const games = fc.sample(game, { numRuns: 80, seed: 7 }).map(simulate);
			const seen = new Set(games.flatMap(({ states }) => states.map(phase)));
			expect([...seen].sort()).toEqual(['first-take', 'over', 'play', 'second-take', 'team-pick']);
			const reasons = new Set(games.map(({ state }) => passPass.outcome(state)?.reason));
			expect(reasons).toContain('third-tick');
			expect(reasons).toContain('points');
			expect(games.some(({ actions }) => actions.some((action) => action.type === 'won'))).toBe(
				true
			);
		},
		SLOW
	);

	it(
		'no card in two places; a finished round used 8 cards a seat; the game ends',
		() => {
			fc.assert(
				fc.property(game, (input) => {
					const { states, state } = simulate(input);
					const doubled: string[] = [];
					const short: number[] = [];
					states.forEach((each, at) => {
						if (new Set(keys(each)).size !== keys(each).length) doubled.push(`state ${at}`);
						each.rounds.forEach((round, index) => {
							const all = [...round.won.flat(), ...round.discarded].map(cardKey);
							if (new Set(all).size !== all.length) doubled.push(`state ${at} round ${index}`);
							if (round.ended && round.tricks === 8 && all.length !== 8 * input.players)
								short.push(at);
						});
					});
					expect(doubled).toEqual([]);
					expect(short).toEqual([]);
					expect(passPass.outcome(state)).not.toBeNull();
				}),
				{ numRuns: 40 }
			);
		},
		SLOW
	);

	it(
		'a card already played this round is refused every time',
		() => {
			fc.assert(
				fc.property(game, fc.nat(), (input, cut) => {
					const { states } = simulate(input);
					const at = states[cut % states.length];
					if (phase(at) !== 'play') return;
					for (const card of usedCards(at)) {
						expect(passPass.apply(at, { type: 'play', card })).toMatchObject({
							refusal: { code: 'card-already-used' }
						});
					}
				}),
				{ numRuns: 40 }
			);
		},
		SLOW
	);

	it(
		'ticks never decrease, for seats or for sides',
		() => {
			fc.assert(
				fc.property(game, (input) => {
					const { states } = simulate(input);
					const ticks = states.map((state) => [...totalTicks(state), ...sideTotals(state).ticks]);
					const drops = ticks.flatMap((row, at) =>
						row.flatMap((value, i) => (at > 0 && value < ticks[at - 1][i] ? [{ at, i }] : []))
					);
					expect(drops).toEqual([]);
				}),
				{ numRuns: 40 }
			);
		},
		SLOW
	);

	it(
		'replay of the log equals the state built step by step',
		() => {
			fc.assert(
				fc.property(game, fc.nat(), (input, cut) => {
					const { config, actions, states } = simulate(input);
					const n = cut % (actions.length + 1);
					const replayed = replay(passPass, config, input.players, actions.slice(0, n));
					expect(replayed.failure).toBeNull();
					expect(replayed.state).toEqual(states[n]);
				}),
				{ numRuns: 40 }
			);
		},
		SLOW
	);
});

function deepFreeze<T>(value: T): T {
	if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const inner of Object.values(value)) deepFreeze(inner);
	}
	return value;
}

/** Anything, including objects without a prototype, boxed values and sparse arrays. */
const weird = fc.anything({
	withNullPrototype: true,
	withBoxedValues: true,
	withSparseArray: true,
	withObjectString: true,
	withMap: true,
	withSet: true
});
const cardish = fc.oneof(
	anyCard,
	fc.record({
		color: fc.constantFrom(...COLORS, 'red'),
		value: fc.integer({ min: -1, max: 13 }),
		diamonds: fc.oneof(fc.integer({ min: -1, max: 4 }), fc.constant(undefined))
	}),
	weird
);
const seatish = fc.oneof(fc.integer({ min: -1, max: 6 }), weird);
const junk = fc.oneof(
	fc.record({ type: fc.constantFrom('play', 'firstTake'), card: cardish, seat: seatish }),
	fc.record({ type: fc.constant('play'), card: anyCard }),
	fc.record({ type: fc.constant('secondTake'), cards: fc.array(cardish, { maxLength: 3 }) }),
	fc.record({
		type: fc.constant('won'),
		seat: seatish,
		cards: fc.array(cardish, { maxLength: 8 })
	}),
	fc.record({
		type: fc.constantFrom('lead', 'endRound', 'teamPick', 'x'),
		seat: seatish,
		team: seatish
	}),
	weird
);

describe('the reducer on junk', () => {
	it(
		'never throws, never mutates, and whatever it accepts keeps every card in one place',
		() => {
			fc.assert(
				fc.property(game, fc.array(junk, { maxLength: 40 }), (input, actions) => {
					const { states } = simulate(input);
					actions.forEach((action, at) => {
						const state = deepFreeze(states[(at * 7) % states.length]);
						const frozen = JSON.stringify(state);
						const result = passPass.apply(state, action as PassPassAction);
						expect(JSON.stringify(state)).toBe(frozen);
						if (!result.ok) return expect(typeof result.refusal.code).toBe('string');
						const next = result.value;
						expect(new Set(keys(next)).size).toBe(keys(next).length);
						const won = next.rounds.at(-1)!.won.flat().length;
						expect(won).toBeLessThanOrEqual(WON_PER_ROUND);
						totalTicks(next).forEach((t, seat) =>
							expect(t).toBeGreaterThanOrEqual(totalTicks(state)[seat])
						);
					});
				}),
				{ numRuns: 40 }
			);
		},
		SLOW
	);
});
