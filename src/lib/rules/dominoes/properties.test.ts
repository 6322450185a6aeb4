import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockwise, replay } from '../common';
import { checkLine, tileKey } from './line';
import { dealPoints, dominoes, nextSeat, turnEffect, unseen } from './index';
import type { DominoesAction } from './types';
import { legalMatch, matchInput, type Input, type Step } from './simulate';

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
