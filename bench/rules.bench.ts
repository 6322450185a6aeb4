// Replays 1,000 random whole matches of each game through its reducer, and runs the Pass Pass
// trick resolver over a large sample of 4-card tricks. Prints figures; asserts only that the
// matches are real (each one reaches its end), never a time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, type AnyGame } from '../src/lib/rules/common';
import { climbing } from '../src/lib/rules/climbing';
import {
	match as climbingInput,
	randomMatch as climbingGame
} from '../src/lib/rules/climbing/simulate';
import { dominoes } from '../src/lib/rules/dominoes';
import {
	legalMatch as dominoesGame,
	matchInput as dominoesInput
} from '../src/lib/rules/dominoes/simulate';
import { illPass } from '../src/lib/rules/ill-pass';
import { randomGame as illPassGame } from '../src/lib/rules/ill-pass/simulate';
import { passPass, resolveTrick } from '../src/lib/rules/pass-pass';
import {
	game as passPassInput,
	simulate as passPassGame
} from '../src/lib/rules/pass-pass/simulate';
import { DECK } from '../src/lib/rules/pass-pass/test-helpers';
import { seeded } from '../src/lib/rules/common/random';

const MATCHES = 1000;

interface Log {
	config: unknown;
	players: number;
	actions: readonly unknown[];
}

function measure(name: string, game: AnyGame, logs: Log[]) {
	const actions = logs.reduce((sum, log) => sum + log.actions.length, 0);
	let ended = 0;
	const started = performance.now();
	for (const log of logs) {
		const result = replay(game, log.config, log.players, log.actions);
		if (!result.failure && game.outcome(result.state)) ended++;
	}
	const ms = performance.now() - started;
	console.log(
		`${name.padEnd(10)} ${String(logs.length).padStart(5)} matches ${String(actions).padStart(7)} actions ` +
			`${((logs.length / ms) * 1000).toFixed(0).padStart(7)} matches/s ${((ms * 1000) / actions).toFixed(2).padStart(6)} µs/action`
	);
	return ended;
}

describe('bench: replay of 1,000 random whole matches per game', () => {
	it("I'll Pass", () => {
		const random = seeded(1);
		const logs = Array.from({ length: MATCHES }, () => illPassGame(random));
		expect(measure("I'll Pass", illPass, logs)).toBe(MATCHES);
	});

	it('Pass Pass', () => {
		const inputs = fc.sample(passPassInput, { numRuns: MATCHES, seed: 2 });
		const logs = inputs.map((input) => {
			const { config, actions } = passPassGame(input);
			return { config, players: input.players, actions };
		});
		expect(measure('Pass Pass', passPass, logs)).toBe(MATCHES);
	});

	it('Pass-Pass (dominoes)', () => {
		const inputs = fc.sample(dominoesInput, { numRuns: MATCHES, seed: 4 });
		const logs = inputs.map((input) => {
			const { config, actions } = dominoesGame(input);
			return { config, players: 4, actions };
		});
		expect(measure('Pass-Pass', dominoes, logs)).toBe(MATCHES);
	});

	it('PASS', () => {
		// whole matches: enough steps for the last game of a crown or points match to end
		const inputs = fc.sample(climbingInput, { numRuns: MATCHES, seed: 5 });
		const logs = inputs.map((input) => climbingGame(input, 5000));
		const ended = measure('PASS', climbing, logs);
		console.log(`PASS: ${ended} of ${MATCHES} random matches reached a match winner`);
		expect(ended).toBeGreaterThan(MATCHES * 0.9);
	});
});

describe('bench: the trick resolver', () => {
	it('resolves 1,000,000 random 4-card tricks drawn from the 48 cards', () => {
		const random = seeded(3);
		const tricks = Array.from({ length: 1000 }, () => {
			const cards = [...DECK];
			for (let i = 0; i < 4; i++) {
				const j = i + Math.floor(random() * (cards.length - i));
				[cards[i], cards[j]] = [cards[j], cards[i]];
			}
			return cards.slice(0, 4).map((card, player) => ({ player, card }));
		});
		let firsts = 0;
		const started = performance.now();
		for (let round = 0; round < 1000; round++) {
			for (const trick of tricks) firsts += resolveTrick(trick).first;
		}
		const ms = performance.now() - started;
		console.log(
			`trick resolver: 1,000,000 tricks in ${ms.toFixed(0)} ms, ${((1e6 / ms) * 1000).toFixed(0)} tricks/s, ${((ms * 1000) / 1e6).toFixed(2)} µs/trick`
		);
		expect(firsts).toBeGreaterThan(0);
	});
});
