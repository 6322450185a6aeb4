// What bench/board.mjs loads through Vite (the live modules are TypeScript with $lib imports):
// the live client and checks, and a whole random match of each game from its own simulator.
import fc from 'fast-check';
import { legalMatch, matchInput } from '../src/lib/rules/dominoes/simulate';
import { match as climbingInput, randomMatch } from '../src/lib/rules/climbing/simulate';
import { game as passPassInput, simulate } from '../src/lib/rules/pass-pass/simulate';
import { randomGame } from '../src/lib/rules/ill-pass/simulate';
export { LiveChannel } from '../src/lib/live/client';
export { writeEntry, newId } from '../src/lib/live/protocol';
export { accept, begin, nextEntry } from '../src/lib/live/replay';
export { RULES } from '../src/lib/rules/registry';
export { newKeyPair, signed, signerOf } from '../src/lib/wire/signing';

const NAMES = ['Ana', 'Ben', 'Chloé', 'Dan', 'Eve', 'Fay'];
const one = <T>(arbitrary: fc.Arbitrary<T>, seed: number) =>
	fc.sample(arbitrary, { seed, numRuns: 1 })[0];

/** A whole legal match of `game`: its config, its seats' names and its actions. */
export function sampleMatch(game: string, seed: number) {
	let s = seed;
	const random = () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
	switch (game) {
		case 'ill-pass': {
			const played = randomGame(random, 4);
			return { config: played.config, names: NAMES.slice(0, 4), actions: played.actions };
		}
		case 'dominoes': {
			const input = one(matchInput, seed);
			const played = legalMatch(input);
			return {
				config: played.config,
				names: NAMES.slice(0, 4),
				actions: played.actions
			};
		}
		case 'climbing': {
			const input = one(climbingInput, seed);
			const played = randomMatch(input);
			return {
				config: { mode: input.mode, tokens: input.tokens },
				names: NAMES.slice(0, input.players),
				actions: played.actions
			};
		}
		default: {
			const input = one(passPassInput, seed);
			const played = simulate(input);
			return {
				config: played.config,
				names: NAMES.slice(0, input.players),
				actions: played.actions
			};
		}
	}
}
