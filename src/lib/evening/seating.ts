/**
 * How many sit at one table of a game on a club evening (docs/evening.md, "Tables"): the
 * game's own range (src/lib/rules/<game>/meta.ts) within 3 to 6, since a table of 2 is no
 * table for the evening; the dominoes are 4 in two partnerships, whatever else.
 */
import { META as climbing } from '../rules/climbing/meta';
import { META as dominoes } from '../rules/dominoes/meta';
import { META as illPass } from '../rules/ill-pass/meta';
import { META as passPass } from '../rules/pass-pass/meta';
import type { GameId, GameMeta } from '../rules/common';

/** The smallest and largest table an evening draws, for every game. */
export const EVENING_TABLE = { min: 3, max: 6 } as const;

export interface Seating {
	readonly min: number;
	readonly max: number;
	/** partners sit opposite (seats 1 and 3, 2 and 4): the dominoes' two partnerships */
	readonly partners: boolean;
}

const METAS: Readonly<Record<GameId, GameMeta>> = {
	'ill-pass': illPass,
	'pass-pass': passPass,
	dominoes,
	climbing
};

export function seatingOf(game: GameId): Seating {
	const { players } = METAS[game];
	return {
		min: Math.max(players.min, EVENING_TABLE.min),
		max: Math.min(players.max, EVENING_TABLE.max),
		partners: game === 'dominoes'
	};
}

/** Tables' sizes for a count of players, and how many sit this round out. */
export interface Sizes {
	readonly sizes: readonly number[];
	readonly out: number;
}

/**
 * The fewest who must sit out, then the fewest tables that seat the rest, their sizes apart by
 * one at most, larger first. Nobody sits out while everyone can be seated (docs/evening.md).
 */
export function tableSizes(count: number, seating: Seating): Sizes {
	for (let out = 0; out < count; out++) {
		const seated = count - out;
		const fewest = Math.ceil(seated / seating.max);
		if (fewest * seating.min > seated) continue;
		const base = Math.floor(seated / fewest);
		const larger = seated % fewest;
		const sizes = Array.from({ length: fewest }, (_, at) => (at < larger ? base + 1 : base));
		return { sizes, out };
	}
	return { sizes: [], out: count };
}
