import fc from 'fast-check';
import { climbing } from './index';
import {
	RANKS,
	SET_TYPES,
	type ClimbingAction,
	type ClimbingState,
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

export const match = fc.record({
	players: fc.integer({ min: 2, max: 5 }),
	mode: fc.constantFrom('basic' as const, 'advanced' as const),
	tokens: fc.integer({ min: 5, max: 40 }), // small boxes run the supply dry
	coins: fc.array(fc.nat(9999), { minLength: 50, maxLength: 200 })
});
export type Input = typeof match extends fc.Arbitrary<infer T> ? T : never;

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
export function randomMatch(input: Input, steps = 400) {
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
