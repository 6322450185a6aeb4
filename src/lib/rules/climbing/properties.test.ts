import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../common';
import { climbing } from './index';
import { tokenCost, tokensInPlay } from './tokens';
import {
	HAND_SIZE,
	RANKS,
	REFUSALS,
	SET_TYPES,
	type ClimbingAction,
	type ClimbingState,
	type PlayAction,
	type Rank,
	type SetType
} from './types';

/** Shown values for a set of this type and rank index (a straight tops at 5 or higher). */
function valuesFor(type: SetType, index: number): Rank[] {
	const rank = RANKS[index];
	const other = RANKS[(index + 1) % RANKS.length];
	const times = (count: number, value: Rank) => Array.from({ length: count }, () => value);
	switch (type) {
		case 'straight':
			return index <= 3 ? ['A', '2', '3', '4', '5'] : RANKS.slice(index - 4, index + 1);
		case 'fullHouse':
			return [...times(3, rank), ...times(2, other)];
		default:
			return times(['plain', 'pair', 'three', 'four', 'trump'].indexOf(type) + 1, rank);
	}
}

const match = fc.record({
	players: fc.integer({ min: 2, max: 5 }),
	mode: fc.constantFrom('basic' as const, 'advanced' as const),
	tokens: fc.integer({ min: 5, max: 40 }), // small boxes run the supply dry
	coins: fc.array(fc.nat(9999), { minLength: 50, maxLength: 200 })
});
type Input = typeof match extends fc.Arbitrary<infer T> ? T : never;

/** A random intent for the seat to act: pass, a higher set, an augment or a bomb. */
function intent(state: ClimbingState, next: () => number): ClimbingAction {
	const seat = state.seat;
	const top = state.pile.at(-1);
	const choice = next() % 10;
	if (top && choice < 3) return { type: 'pass', seat };
	let type: SetType = SET_TYPES[next() % SET_TYPES.length];
	let index = next() % RANKS.length;
	let augment = 0;
	if (top && choice < 6) {
		type = top.set.type;
		index = RANKS.indexOf(top.set.rank) + 1 + (next() % 3);
	} else if (top && choice < 8) {
		[type, index, augment] = [top.set.type, RANKS.indexOf(top.set.rank), top.augment + 1];
	} else if (top) type = choice === 8 ? 'four' : 'trump';
	const values = valuesFor(type, Math.min(index, RANKS.length - 1));
	const min = Math.ceil(values.length / 2);
	const cards = min + (next() % (values.length - min + 1));
	return { type: 'play', seat, values, cards, upgrade: next() % 3 === 0, augment };
}

/** Plays a random match: each intent, else without the upgrade, else a pass or a plain lead. */
function randomMatch(input: Input, steps = 400) {
	const config = { mode: input.mode, tokens: input.tokens };
	let state = climbing.setup(config, input.players);
	const actions: ClimbingAction[] = [];
	const states = [state];
	let k = 0;
	const next = () => input.coins[k++ % input.coins.length] + k;
	for (let step = 0; step < steps && state.phase !== 'over'; step++) {
		const seat = state.seat;
		const wish =
			state.phase === 'start'
				? { type: 'start' as const, seat: next() % input.players }
				: intent(state, next);
		const fallbacks: ClimbingAction[] = [wish];
		if (wish.type === 'play') fallbacks.push({ ...wish, upgrade: false });
		fallbacks.push(
			state.pile.length > 0
				? { type: 'pass', seat }
				: { type: 'play', seat, values: ['7'], cards: 1, upgrade: false, augment: 0 }
		);
		const before = state;
		const action = fallbacks.find((candidate) => {
			const tried = climbing.apply(before, candidate);
			if (tried.ok) state = tried.value;
			return tried.ok;
		});
		if (!action || state === before) throw new Error('no legal fallback');
		actions.push(action);
		states.push(state);
	}
	return { config, players: input.players, actions, states };
}

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
