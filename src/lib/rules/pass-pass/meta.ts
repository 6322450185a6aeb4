import type { GameMeta } from '../common/game';

/** Pass Pass before its rules load: the rulebook's "For 3 to 6 players". Read by the catalog and the game definition. */
export const META = { id: 'pass-pass', players: { min: 3, max: 6 } } as const satisfies GameMeta;
