import { seatByLots } from '$lib/rules/common';

/**
 * Draws lots among the seats the rules let the table name (a game's `actors`, or every seat of
 * a new table): the randomness is the screen's, the seat the rules'.
 */
export function drawLots(seats: readonly number[]): number {
	const values = new Uint32Array(1);
	crypto.getRandomValues(values);
	return seats[seatByLots(values[0], seats.length)];
}
