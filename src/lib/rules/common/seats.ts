/** Seats are numbered from 0 clockwise (docs/contract.md); play goes clockwise. */
export function clockwise(seat: number, players: number, steps = 1): number {
	return (((seat + steps) % players) + players) % players;
}

export function seatsOf(players: number): number[] {
	return Array.from({ length: players }, (_, seat) => seat);
}

export function isSeat(value: unknown, players: number): value is number {
	return Number.isInteger(value) && (value as number) >= 0 && (value as number) < players;
}

/** Every seat once, clockwise from `first`: the order the table asks them in. */
export function seatsFrom(first: number, players: number): number[] {
	return Array.from({ length: players }, (_, steps) => clockwise(first, players, steps));
}

/**
 * The seat the lots name, from a random whole number drawn outside the rules (the screen's
 * crypto.getRandomValues), so the rules stay pure and a replay stays the same.
 */
export function seatByLots(value: number, players: number): number {
	if (!Number.isInteger(value) || value < 0)
		throw new Error(`Lots need a whole number ≥ 0, not ${value}.`);
	if (!Number.isInteger(players) || players < 1) throw new Error(`No table of ${players} players.`);
	return value % players;
}
