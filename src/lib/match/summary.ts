/** A side's name: the player, or the team's players joined ("Léa & Sam"). */
export function sideName(seats: readonly number[], names: readonly string[]): string {
	return seats.map((seat) => names[seat] ?? `#${seat + 1}`).join(' & ');
}
