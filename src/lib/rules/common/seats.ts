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
