import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockwise, replay } from '../common';
import { checkLine, tileKey } from './line';
import { allTiles, dealPoints, dominoes, endsFor, nextSeat, turnEffect, unseen } from './index';
import type { DominoesAction, DominoesState, Tile } from './types';

/** A random legal match: 7 shuffled sets, the lots, and a stream of choices. */
const matchInput = fc.record({
	houseRuleWinnerStarts: fc.boolean(),
	start: fc.nat(3),
	deals: fc.array(fc.shuffledSubarray(allTiles(), { minLength: 28, maxLength: 28 }), {
		minLength: 7,
		maxLength: 7
	}),
	choices: fc.array(fc.nat(), { minLength: 50, maxLength: 50 }),
	typeTotals: fc.boolean()
});
type Input = typeof matchInput extends fc.Arbitrary<infer T> ? T : never;

/** The table as it really is, hidden from the app: every hand and the boneyard. */
interface Table {
	hands: Tile[][];
	boneyard: Tile[];
}
interface Step {
	before: DominoesState;
	action: DominoesAction;
	after: DominoesState;
	table: Table;
}

/**
 * Plays a real match with hidden hands: a player plays a matching tile when they hold one,
 * else draws (and plays the drawn tile if it fits, else keeps it), else passes.
 */
function legalMatch(input: Input) {
	const config = { houseRuleWinnerStarts: input.houseRuleWinnerStarts };
	let state = dominoes.setup(config, 4);
	const actions: DominoesAction[] = [];
	const states: DominoesState[] = [state];
	const steps: Step[] = [];
	const tables: Table[] = [];
	let choice = 0;
	const pick = (n: number) => input.choices[choice++ % input.choices.length] % n;
	let table: Table = { hands: [], boneyard: [] };
	const act = (action: DominoesAction) => {
		const result = dominoes.apply(state, action);
		if (!result.ok) throw new Error(`${result.refusal.code} ${JSON.stringify(result.refusal)}`);
		const copy = { hands: table.hands.map((hand) => [...hand]), boneyard: [...table.boneyard] };
		steps.push({ before: state, action, after: result.value, table: copy });
		state = result.value;
		actions.push(action);
		states.push(state);
	};
	const playFrom = (seat: number, options: { tile: Tile; end: 'left' | 'right' }[]) => {
		const { tile, end } = options[pick(options.length)];
		table.hands[seat] = table.hands[seat].filter((held) => tileKey(held) !== tileKey(tile));
		const fits = endsFor(state, tile);
		// the end may be left out for the first tile and when only one end matches
		const omit = (state.line.length === 0 || fits.length === 1) && pick(2) === 0;
		act(omit ? { type: 'play', tile } : { type: 'play', tile, end });
	};
	const options = (tiles: Tile[]) =>
		tiles.flatMap((tile) => endsFor(state, tile).map((end) => ({ tile, end })));

	act({ type: 'start', seat: input.start });
	for (const shuffled of input.deals) {
		const deal = state.deal;
		table = {
			hands: [0, 1, 2, 3].map((seat) => shuffled.slice(seat * 6, seat * 6 + 6)),
			boneyard: shuffled.slice(24)
		};
		tables.push(table);
		while (state.phase === 'play' && state.deal === deal) {
			const seat = state.seat;
			const playable = options(table.hands[seat]);
			if (playable.length > 0) playFrom(seat, playable);
			else if (table.boneyard.length > 0) {
				const drawn = table.boneyard.pop()!;
				table.hands[seat].push(drawn);
				act({ type: 'draw' });
				const fits = options([drawn]);
				if (fits.length > 0) playFrom(seat, fits);
				else act({ type: 'keep' });
			} else act({ type: 'pass' });
		}
		if (state.phase === 'count') {
			const losers = 1 - (state.wentOut! % 2);
			const tiles = table.hands.filter((_, seat) => seat % 2 === losers).flat();
			const total = tiles.reduce((sum, [a, b]) => sum + a + b, 0);
			act(input.typeTotals ? { type: 'count', total } : { type: 'count', tiles });
		}
	}
	return { config, actions, states, steps, tables, state };
}

const runs = { numRuns: 50 };
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Checks every step, collecting what went wrong (one expect per match keeps the run fast). */
function problems(input: Input, check: (step: Step) => string | null): string[] {
	return legalMatch(input)
		.steps.map((step, index) => {
			const problem = check(step);
			return problem && `step ${index} ${JSON.stringify(step.action)}: ${problem}`;
		})
		.filter((problem): problem is string => problem !== null);
}

// generous timeout: each property plays dozens of whole matches, slow on a loaded machine
describe('Pass-Pass invariants over random legal matches', { timeout: 60_000 }, () => {
	it('the 28 tiles are always accounted for: line + boneyard + hands, no tile twice', () => {
		fc.assert(
			fc.property(matchInput, (input) => {
				const found = problems(input, ({ after, table }) => {
					if (after.phase !== 'play' || after.line.length === 0) return null;
					if (
						!same(
							after.handSizes,
							table.hands.map((hand) => hand.length)
						)
					)
						return 'hand sizes';
					if (after.boneyard !== table.boneyard.length) return 'boneyard';
					const hidden = [...table.hands.flat(), ...table.boneyard].map(tileKey).sort();
					const all = new Set([...after.line.map(tileKey), ...hidden]);
					if (all.size !== 28 || after.line.length + hidden.length !== 28) return 'not 28';
					return same(unseen(after).map(tileKey).sort(), hidden) ? null : 'unseen';
				});
				expect(found).toEqual([]);
			}),
			runs
		);
	});

	it('the line always touches', () => {
		fc.assert(
			fc.property(matchInput, (input) => {
				const found = problems(input, ({ after }) => {
					if (after.line.length === 0) return null;
					try {
						checkLine(after.line);
						return null;
					} catch (error) {
						return String(error);
					}
				});
				expect(found).toEqual([]);
			}),
			runs
		);
	});

	it('turn order follows nextSeat after a tile, and goes clockwise after keep and pass', () => {
		fc.assert(
			fc.property(matchInput, (input) => {
				const found = problems(input, ({ before, action, after }) => {
					if (after.phase !== 'play' || after.deal !== before.deal) return null;
					if (action.type === 'start') return after.seat === input.start ? null : 'starter';
					const expected =
						action.type === 'play'
							? nextSeat(before.seat, turnEffect([...after.line]))
							: action.type === 'draw'
								? before.seat
								: clockwise(before.seat, 4);
					return after.seat === expected ? null : `seat ${after.seat}, expected ${expected}`;
				});
				expect(found).toEqual([]);
			}),
			runs
		);
	});

	it('every deal is scored as dealPoints scores the real hands, and 7 deals end the match', () => {
		fc.assert(
			fc.property(matchInput, (input) => {
				const { steps, state } = legalMatch(input);
				const ends = steps.filter((step) => step.after.deals.length > step.before.deals.length);
				expect(ends).toHaveLength(7);
				const scored = ends.map(({ after, table }, index) => {
					const record = after.deals[index];
					return [record.points, dealPoints(table.hands, record.wentOut)];
				});
				expect(scored.filter(([a, b]) => !same(a, b))).toEqual([]);
				expect(state.phase).toBe('over');
				expect(dominoes.outcome(state)).not.toBeNull();
			}),
			runs
		);
	});

	it('the random matches reach every path: again, skip, draw, keep, pass, block, domino', () => {
		const seen = new Set<string>();
		for (const input of fc.sample(matchInput, { numRuns: 30, seed: 7 })) {
			for (const { action, after, before } of legalMatch(input).steps) {
				seen.add(action.type);
				if (action.type === 'play') seen.add(after.lastPlay!.effect);
				if (after.deals.length > before.deals.length) {
					seen.add(after.deals.at(-1)!.wentOut === null ? 'blocked' : 'domino');
				}
			}
		}
		expect([...seen].sort()).toEqual(
			[
				'again',
				'blocked',
				'count',
				'domino',
				'draw',
				'keep',
				'normal',
				'pass',
				'play',
				'skip',
				'start'
			].sort()
		);
	});

	it('replay of the log equals the state built step by step', () => {
		fc.assert(
			fc.property(matchInput, fc.nat(), (input, cut) => {
				const { config, actions, states } = legalMatch(input);
				const n = cut % (actions.length + 1);
				const replayed = replay(dominoes, config, 4, actions.slice(0, n));
				expect(replayed.failure).toBeNull();
				expect(replayed.state).toEqual(states[n]);
			}),
			runs
		);
	});

	it('the reducer never throws and never mutates, whatever it is given', () => {
		const tile = fc.oneof(fc.tuple(fc.integer({ min: -1, max: 7 }), fc.nat(7)), fc.anything());
		const junk = fc.oneof(
			fc.record(
				{
					type: fc.constantFrom('start', 'play', 'draw', 'keep', 'pass', 'count', 'x'),
					seat: fc.oneof(fc.nat(5), fc.anything()),
					tile,
					end: fc.oneof(fc.constantFrom('left', 'right', 'top'), fc.anything()),
					tiles: fc.oneof(fc.array(tile, { maxLength: 8 }), fc.anything()),
					total: fc.oneof(fc.nat(60), fc.anything())
				},
				{ requiredKeys: ['type'] }
			),
			fc.anything()
		);
		fc.assert(
			fc.property(matchInput, fc.nat(), fc.array(junk, { maxLength: 40 }), (input, cut, list) => {
				const { states } = legalMatch(input);
				let state = states[cut % states.length];
				for (const action of list) {
					const frozen = JSON.stringify(state);
					const result = dominoes.apply(deepFreeze(state), action as DominoesAction);
					expect(JSON.stringify(state)).toBe(frozen);
					if (!result.ok) {
						expect(typeof result.refusal.code).toBe('string');
						continue;
					}
					state = result.value;
					const held = state.handSizes.reduce((a, b) => a + b, 0);
					if (state.phase === 'play' || state.phase === 'count') {
						expect(state.line.length + state.boneyard + held).toBe(28);
					}
					if (state.line.length > 0) expect(() => checkLine(state.line)).not.toThrow();
				}
			}),
			{ numRuns: 30 }
		);
	});
});

function deepFreeze<T>(value: T): T {
	if (value && typeof value === 'object' && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const inner of Object.values(value)) deepFreeze(inner);
	}
	return value;
}
