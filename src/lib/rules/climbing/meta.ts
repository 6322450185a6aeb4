import type { GameMeta } from '../common/game';

/** PASS before its rules load: 2 to 5 players (docs/rulings.md, PASS). Read by the catalog and the game definition. */
export const META = { id: 'climbing', players: { min: 2, max: 5 } } as const satisfies GameMeta;
