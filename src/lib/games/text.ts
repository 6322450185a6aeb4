import { m } from '$lib/paraglide/messages';
import type { Refusal } from '$lib/rules/common';

/**
 * Refusals every game shares: an action no game knows, a match already over, and a setup
 * (checkConfig, read on a backup's import) that cannot be played. A game's own codes are worded
 * in its ui.ts; each game's switch is exhaustive over its codes (refusals.test.ts).
 */
export function commonRefusal(refusal: Refusal): string {
	const params = refusal.params ?? {};
	switch (refusal.code) {
		case 'malformed-action':
			return m.refusal_malformed();
		case 'game-over':
			return m.refusal_game_over();
		case 'players-range': {
			const min = Number(params.min);
			const max = Number(params.max);
			return min === max
				? m.refusal_players_exact({ count: min })
				: m.refusal_players_range({ min, max });
		}
		case 'bad-start':
			return m.refusal_bad_start();
		case 'bad-option':
			return m.refusal_bad_option();
		case 'double-tap':
			// the session's own word, not a rule's: a second tap too quick to be a new entry
			return m.match_double_tap();
		default:
			// a code from a newer Passpad (a backup's): still words, never the code itself
			return m.refusal_generic();
	}
}

/** A signed change, for hints: +3, −2, 0. */
export function signed(value: number): string {
	return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0';
}
