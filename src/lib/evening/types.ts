/**
 * A club evening's draw (docs/evening.md): players are named by a key (a roster player's id,
 * or a guest's name until the first match makes them a player), tables by their seats in order.
 */

/** One table of a round: its players in seat order (seat 1 first, clockwise) and who starts. */
export interface DrawnTable {
	readonly seats: readonly string[];
	/** the seat (from 0) that starts the first round of the match */
	readonly start: number;
}

/** One round: its tables, and who sits it out (a count the game cannot seat). */
export interface DrawnRound {
	readonly tables: readonly DrawnTable[];
	readonly out: readonly string[];
}
