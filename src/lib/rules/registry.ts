import type { AnyGame, GameId } from './common';
import { climbing } from './climbing';
import { dominoes } from './dominoes';
import { illPass } from './ill-pass';
import { passPass } from './pass-pass';

/**
 * Every game's rules by id, for code that must replay any match without its screens (backup
 * import, statistics). Screens load their own game lazily instead.
 */
export const RULES: Readonly<Record<GameId, AnyGame>> = {
	'ill-pass': illPass,
	'pass-pass': passPass,
	dominoes,
	climbing
};
