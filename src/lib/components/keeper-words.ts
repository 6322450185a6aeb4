/**
 * The keeper's refusals in a person's words (docs/wire.md, "Who writes: the server appends,
 * after checking"), one sentence per word of `REFUSALS` (wire/append.ts): a live table's and a
 * group's match alike. Two are not sentences of their own: `moved` shows the table's version
 * instead (docs/live.md, "The protocol"), and `refused` is the game's rule, worded by the
 * game's screens (`keeper_refused` with the rule's words).
 */
import { m } from '$lib/paraglide/messages';
import type { AppendRefusal } from '$lib/wire/append';

export type WordedRefusal = Exclude<AppendRefusal, 'moved' | 'refused'>;

export function keeperWords(why: WordedRefusal): string {
	switch (why) {
		case 'not-passpad':
			return m.keeper_not_passpad();
		case 'not-yours':
			return m.keeper_not_yours();
		case 'full':
			return m.keeper_full();
		case 'slow-down':
			return m.keeper_slow_down();
		case 'pen-held':
			return m.keeper_pen_held();
		case 'not-over':
			return m.keeper_not_over();
		case 'not-the-log':
			return m.keeper_not_the_log();
		case 'sealed':
			return m.keeper_sealed();
		case 'kept-whole':
			return m.keeper_kept_whole();
	}
}
