import { m } from '$lib/paraglide/messages';
import { isOver, mustTake, type IllPassAction, type IllPassState } from '$lib/rules/ill-pass';
import type { News } from '../types';

/**
 * What the last action did, in one line beside Undo, worded from the states before and after
 * it: the card revealed, taken (with its chips) or passed on, then what follows at the table: a
 * player with no chips must take (docs/rulings.md, I'll Pass 2), who reveals next, or the game's end.
 */
export function announce(
	action: IllPassAction,
	before: IllPassState,
	after: IllPassState,
	names: readonly string[]
): News {
	const name = (seat: number) => names[seat] ?? '';
	const who = name(before.seat);
	const broke = mustTake(after) ? ` ${m.ill_news_must_take({ name: name(after.seat) })}` : '';
	switch (action.type) {
		case 'reveal':
			return {
				text: `${m.ill_log_reveal({ name: who, card: action.card })}.${broke}`,
				tone: 'normal'
			};
		case 'pass': {
			const passed = m.ill_news_pass({ name: who, card: before.faceUp ?? '', count: after.pot });
			return { text: `${passed}${broke}`, tone: 'normal' };
		}
		case 'take': {
			const took = m.ill_log_take({ name: who, card: before.faceUp ?? '', count: before.pot });
			if (isOver(after)) return { text: `${took}. ${m.ill_news_last()}`, tone: 'deal' };
			return { text: `${took}. ${m.ill_news_next({ name: name(after.seat) })}`, tone: 'normal' };
		}
	}
}
