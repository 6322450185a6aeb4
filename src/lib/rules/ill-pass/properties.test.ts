import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay } from '../common';
import { illPass } from './index';
import { chipsInPlay, CHIP_TOTAL } from './selectors';
import { CARDS_PLAYED, type IllPassAction, type IllPassState } from './types';

/**
 * A random legal game: a shuffled deck of 24 of the 32 cards, and at each decision a coin
 * (biased by the generator) for take or pass; a player without chips takes.
 */
const game = fc.record({
	players: fc.integer({ min: 3, max: 5 }),
	start: fc.nat(4),
	takerReveals: fc.boolean(),
	deck: fc.shuffledSubarray(
		Array.from({ length: 32 }, (_, i) => i + 3),
		{ minLength: CARDS_PLAYED, maxLength: CARDS_PLAYED }
	),
	coins: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 400, maxLength: 400 }),
	takeChance: fc.double({ min: 0.05, max: 0.9, noNaN: true })
});

type Input = typeof game extends fc.Arbitrary<infer T> ? T : never;

function legalGame(input: Input) {
	const config = { start: input.start % input.players, takerReveals: input.takerReveals };
	let state = illPass.setup(config, input.players);
	const actions: IllPassAction[] = [];
	const states: IllPassState[] = [state];
	let coin = 0;
	for (const card of input.deck) {
		const reveal: IllPassAction = { type: 'reveal', card };
		for (let action: IllPassAction = reveal; ;) {
			const result = illPass.apply(state, action);
			if (!result.ok) throw new Error(result.refusal.code);
			state = result.value;
			actions.push(action);
			states.push(state);
			if (state.faceUp === null) break;
			const broke = state.hands[state.seat].chips === 0;
			action =
				broke || input.coins[coin++ % input.coins.length] < input.takeChance
					? { type: 'take' }
					: { type: 'pass' };
		}
	}
	return { config, players: input.players, actions, states, state };
}

describe("I'll Pass invariants over random legal games", () => {
	it('chips are conserved: in hands plus on the card is 11 per player, never negative', () => {
		fc.assert(
			fc.property(game, (input) => {
				const { states, players } = legalGame(input);
				for (const state of states) {
					expect(chipsInPlay(state)).toBe(CHIP_TOTAL(players));
					for (const hand of state.hands) expect(hand.chips).toBeGreaterThanOrEqual(0);
				}
			})
		);
	});

	it('no card twice: the 24 cards end up in exactly one hand each, and the game is over', () => {
		fc.assert(
			fc.property(game, (input) => {
				const { state } = legalGame(input);
				const held = state.hands.flatMap((hand) => hand.cards).sort((a, b) => a - b);
				expect(held).toEqual([...input.deck].sort((a, b) => a - b));
				expect(illPass.outcome(state)).not.toBeNull();
			})
		);
	});

	it('replay of the log equals the state built step by step, and is deterministic', () => {
		fc.assert(
			fc.property(game, fc.nat(), (input, cut) => {
				const { config, players, actions, states } = legalGame(input);
				const n = cut % (actions.length + 1);
				const replayed = replay(illPass, config, players, actions.slice(0, n));
				expect(replayed.failure).toBeNull();
				expect(replayed.state).toEqual(states[n]);
				expect(replay(illPass, config, players, actions.slice(0, n)).state).toEqual(replayed.state);
			})
		);
	});

	it('undo then redo is identity: the undone state is the one before, and redoing from it, or from its copy after a reload, gives back the same', () => {
		fc.assert(
			fc.property(game, fc.nat(), (input, cut) => {
				const { config, players, actions, states } = legalGame(input);
				const n = 1 + (cut % actions.length);
				const undone = replay(illPass, config, players, actions.slice(0, n - 1)).state;
				// undo goes back: every legal action changed something, and the log without it
				// gives the state the table had before it
				expect(undone).toEqual(states[n - 1]);
				expect(undone).not.toEqual(states[n]);
				const kept = JSON.stringify(undone);
				// redo from the state in memory, again from the same state, and from a copy read
				// back from storage: the reducer keeps nothing between calls and changes nothing
				for (const from of [undone, undone, structuredClone(undone)]) {
					const redone = illPass.apply(from, actions[n - 1]);
					expect(redone.ok && redone.value).toEqual(states[n]);
				}
				expect(JSON.stringify(undone)).toBe(kept);
			})
		);
	});

	it('the reducer never throws and never mutates, whatever it is given', () => {
		const anyAction = fc.oneof(
			fc.record({ type: fc.constantFrom('reveal', 'take', 'pass', 'x'), card: fc.anything() }),
			fc.anything()
		);
		fc.assert(
			fc.property(game, fc.array(anyAction, { maxLength: 60 }), (input, junk) => {
				let state = illPass.setup({ start: 0, takerReveals: input.takerReveals }, input.players);
				for (const action of junk) {
					const frozen = JSON.stringify(state);
					const result = illPass.apply(state, action as IllPassAction);
					expect(JSON.stringify(state)).toBe(frozen);
					if (result.ok) state = result.value;
					else expect(typeof result.refusal.code).toBe('string');
					expect(chipsInPlay(state)).toBe(CHIP_TOTAL(input.players));
				}
			})
		);
	});
});
