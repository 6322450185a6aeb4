import { joinNames } from '$lib/names-list';

/** A side's name: the player, or the team's players joined ("Léa et Sam", names-list.ts). */
export function sideName(seats: readonly number[], names: readonly string[]): string {
	return joinNames(seats.map((seat) => names[seat] ?? `#${seat + 1}`));
}
