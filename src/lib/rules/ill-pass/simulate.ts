import { illPass } from './index';
import { CARDS_PLAYED, type IllPassAction, type IllPassConfig, type IllPassState } from './types';

/**
 * A random legal game from a seeded generator: a shuffled deck of 24 of the 32 cards and, at
 * each decision, take or pass (a player without chips takes). For property tests and benches.
 */
export function randomGame(random: () => number, players = 3 + Math.floor(random() * 3)) {
	const config: IllPassConfig = {
		start: Math.floor(random() * players),
		takerReveals: random() < 0.5
	};
	const deck = Array.from({ length: 32 }, (_, i) => i + 3);
	for (let i = deck.length - 1; i > 0; i--) {
		const j = Math.floor(random() * (i + 1));
		[deck[i], deck[j]] = [deck[j], deck[i]];
	}
	const takeChance = 0.1 + random() * 0.6;
	let state: IllPassState = illPass.setup(config, players);
	const actions: IllPassAction[] = [];
	for (const card of deck.slice(0, CARDS_PLAYED)) {
		for (let action: IllPassAction = { type: 'reveal', card }; ;) {
			const result = illPass.apply(state, action);
			if (!result.ok) throw new Error(result.refusal.code);
			state = result.value;
			actions.push(action);
			if (state.faceUp === null) break;
			const broke = state.hands[state.seat].chips === 0;
			action = broke || random() < takeChance ? { type: 'take' } : { type: 'pass' };
		}
	}
	return { config, players, actions, state };
}
