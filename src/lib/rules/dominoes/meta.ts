import type { GameMeta } from '../common/game';

/** Pass-Pass (dominoes) before its rules load: four players, two teams of partners (docs/rulings.md, Pass-Pass). Read by the catalog and the game definition. */
export const META = { id: 'dominoes', players: { min: 4, max: 4 } } as const satisfies GameMeta;
