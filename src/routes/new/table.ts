import { m } from '$lib/paraglide/messages';
import { cleanName, nameKey } from '$lib/db/players';
import type { GameEntry } from '$lib/games/catalog';

/** Why these seats cannot start a match of this game, or '' when they can. */
export function checkTable(game: GameEntry, names: readonly string[]): string {
	const { min, max } = game.players;
	if (names.length < min || names.length > max) {
		return min === max
			? m.new_error_count_exact({ game: game.name, count: min })
			: m.new_error_count({ game: game.name, min, max });
	}
	if (names.some((name) => cleanName(name) === '')) return m.new_error_empty();
	if (names.some((name) => cleanName(name).length > 30)) return m.new_error_long();
	const seen = new Map<string, string>();
	for (const name of names) {
		const key = nameKey(name);
		if (seen.has(key)) return m.new_error_duplicate({ name: cleanName(name) });
		seen.set(key, name);
	}
	return '';
}

/**
 * The seats this game opens with: empty seats added up to its minimum (Pass-Pass opens with 4),
 * empty seats beyond its maximum dropped. Typed names are never dropped: too many is refused.
 */
export function fitSeats(names: readonly string[], players: GameEntry['players']): string[] {
	const seats = [...names];
	while (seats.length < players.min) seats.push('');
	for (let at = seats.length - 1; at >= 0 && seats.length > players.max; at--) {
		if (seats[at].trim() === '') seats.splice(at, 1);
	}
	return seats;
}
