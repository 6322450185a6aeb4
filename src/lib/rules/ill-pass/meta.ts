import type { GameMeta } from '../common/game';

/** I'll Pass before its rules load: docs/rulings.md, I'll Pass: 3 to 5 players. Read by the catalog and the game definition. */
export const META = { id: 'ill-pass', players: { min: 3, max: 5 } } as const satisfies GameMeta;
