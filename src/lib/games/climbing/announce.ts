import { m } from '$lib/paraglide/messages';
import type { ClimbingAction, ClimbingState } from '$lib/rules/climbing';
import type { News } from '../types';

/**
 * What the last action did, in one line beside Undo: the log's own words for the play or the
 * pass, then what follows from it at the table: a new round led by the last player in
 * (docs/rulings.md, PASS 8), or a game won. A game entered on the score pad is its own result:
 * the log's words already say who played out, so the line says it once.
 */
export function announce(
	said: string,
	action: ClimbingAction,
	before: ClimbingState,
	after: ClimbingState,
	names: readonly string[]
): News {
	const sentence = said.endsWith('.') ? said : `${said}.`;
	if (action.type === 'tally') return { text: sentence, tone: 'deal' };
	if (after.games.length > before.games.length) {
		const game = after.games[after.games.length - 1];
		const won = m.cl_game_won({ game: after.games.length, name: names[game.winner] ?? '' });
		return { text: `${said}. ${won}`, tone: 'deal' };
	}
	if (after.phase === 'play' && after.round > before.round && before.phase === 'play') {
		const led = m.cl_round_led({ round: after.round, name: names[after.seat] ?? '' });
		return { text: `${said}. ${led}`, tone: 'skip' };
	}
	const trump = after.pile.length > before.pile.length && after.pile.at(-1)?.set.type === 'trump';
	return { text: sentence, tone: trump ? 'again' : 'normal' };
}
