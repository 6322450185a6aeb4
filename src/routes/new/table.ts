import { m } from '$lib/paraglide/messages';
import { cleanName, nameKey } from '$lib/db/players';
import type { GameEntry } from '$lib/games/catalog';

/** Why these seats cannot start a match of this game, or '' when they can. */
export function checkTable(game: GameEntry, names: readonly string[]): string {
	const { min, max } = game.players;
	if (names.length < min || names.length > max) {
		return m.new_error_count({ game: game.name, min, max });
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
