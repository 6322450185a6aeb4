/**
 * The scale a player reads (docs/ratings.md): the Weng-Lin skill estimate μ turned into a
 * round number. A new player starts at START; the number never shows below 0; a player's
 * rating of a game is provisional until they have PROVISIONAL_UNTIL counted matches of it.
 */

/** openskill's own starting estimate and its spread (its defaults, stated so they never move) */
export const MU = 25;
export const SIGMA = 25 / 3;
/** how much σ widens before each match (openskill's default, μ / 300), so a rating never freezes */
export const TAU = 25 / 300;

/** what a new player shows */
export const START = 1000;
/** rating points per unit of μ: a veteran's win at four moves about 15 to 20 points */
export const POINTS_PER_MU = 20;
/** counted matches of a game before a rating stops being provisional */
export const PROVISIONAL_UNTIL = 5;

/** The rating shown for a skill estimate: START at μ = 25, POINTS_PER_MU a unit, never below 0. */
export function shown(mu: number): number {
	return Math.max(0, Math.round(START + POINTS_PER_MU * (mu - MU)));
}

export const provisional = (played: number): boolean => played < PROVISIONAL_UNTIL;
