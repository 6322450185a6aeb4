import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../common';
import { climbing } from './index';
import { tokenCost, tokensInPlay } from './tokens';
import { HAND_SIZE, RANKS, REFUSALS, type ClimbingAction, type PlayAction } from './types';
import { match, randomMatch, type Input } from './simulate';

/** Shown values for a set of this type and rank index (a straight tops at 5 or higher). */

// 100 random matches a property: generous time for a busy machine.
describe('PASS invariants over random matches', { timeout: 60_000 }, () => {
	it('tokens are conserved: players + supply + beside sets is the box count', () => {
		fc.assert(
			fc.property(match, (input) => {
				// one assertion over all states keeps 100 matches fast; a failure lists the bad states
				const { states } = randomMatch(input);
				const broken = states.filter(
					(state) => tokensInPlay(state) !== input.tokens || state.supply < 0
				);
				expect(broken).toEqual([]);
			})
		);
	});

	it('nobody spends tokens they lack: every play cost at most what its player held', () => {
		fc.assert(
			fc.property(match, (input) => {
				const { actions, states } = randomMatch(input);
				const overspent = actions.filter(
					(action, index) =>
						action.type === 'play' &&
						tokenCost(action.upgrade, action.augment) > states[index].tokens[action.seat]
				);
				expect(overspent).toEqual([]);
				expect(states.filter((state) => state.tokens.some((have) => have < 0))).toEqual([]);
			})
		);
	});

	it('hand sizes stay between 0 and 13; a game ends exactly when a hand empties', () => {
		fc.assert(
			fc.property(match, (input) => {
				const { states } = randomMatch(input);
				const broken = states.filter(
					(state) =>
						state.hands.some((hand) => hand < 0 || hand > HAND_SIZE) ||
						(state.phase === 'play' && state.hands.includes(0)) ||
						(state.phase !== 'play' && state.games.length > 0 && !state.hands.includes(0))
				);
				expect(broken).toEqual([]);
			})
		);
	});

	it('replay of the log equals the state built step by step', () => {
		fc.assert(
			fc.property(match, fc.nat(), (input, cut) => {
				const { config, players, actions, states } = randomMatch(input);
				const n = cut % (actions.length + 1);
				const replayed = replay(climbing, config, players, actions.slice(0, n));
				expect(replayed.failure).toBeNull();
				expect(replayed.state).toEqual(states[n]);
			})
		);
	});

	it('the reducer never throws nor mutates on junk, and refuses with a known code', () => {
		const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof(good, good, fc.anything());
		const junk = fc.oneof(
			fc.record({
				type: fc.constantFrom('start', 'play', 'pass', 'steal'),
				seat: maybe(fc.integer({ min: -1, max: 5 })),
				values: maybe(fc.array(fc.constantFrom(...RANKS, '1', 'T'), { maxLength: 6 })),
				cards: maybe(fc.integer({ min: -1, max: 14 })),
				upgrade: maybe(fc.boolean()),
				augment: maybe(fc.integer({ min: -1, max: 5 }))
			}),
			fc.anything()
		);
		fc.assert(
			fc.property(match, fc.array(junk, { maxLength: 30 }), (input, actions) => {
				const { states } = randomMatch(input, 80);
				let state = states[input.coins[0] % states.length];
				const problems: string[] = [];
				for (const action of actions) {
					const frozen = JSON.stringify(state);
					const result = climbing.apply(state, action as ClimbingAction);
					if (JSON.stringify(state) !== frozen) problems.push('mutated');
					if (result.ok) state = result.value;
					else if (!(REFUSALS as readonly string[]).includes(result.refusal.code)) {
						problems.push(`unknown code ${result.refusal.code}`);
					}
					if (tokensInPlay(state) !== input.tokens) problems.push('tokens not conserved');
				}
				expect(problems).toEqual([]);
			})
		);
	});

	it('random matches do reach their end (the generator is not stuck)', () => {
		const input: Input = { players: 2, mode: 'basic', tokens: 40, coins: [1, 5, 7, 2, 9, 4] };
		const { states, actions } = randomMatch(input, 5000);
		expect(states.at(-1)!.phase).toBe('over');
		expect(actions.some((action) => (action as PlayAction).augment > 0)).toBe(true);
	});
});
