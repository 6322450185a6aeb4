import type { GameId } from '$lib/rules/common';
import { m } from '$lib/paraglide/messages';
import type { GameUi } from './types';

export interface GameEntry {
	readonly id: GameId;
	readonly name: string;
	readonly players: { readonly min: number; readonly max: number };
	blurb(): string;
	/** the game's rules and screens, in their own chunk */
	load(): Promise<GameUi>;
}

/**
 * The four games, light enough for the home page: names and player counts only. Each game's
 * rules and screens load on demand (keeps the first page under its JavaScript budget).
 */
export const GAMES: readonly GameEntry[] = [
	{
		id: 'ill-pass',
		name: "I'll Pass",
		players: { min: 3, max: 5 },
		blurb: () => m.game_ill_pass_blurb(),
		load: () => import('./ill-pass/ui').then((module) => module.ui as GameUi)
	}
];

export function gameEntry(id: string): GameEntry | undefined {
	return GAMES.find((entry) => entry.id === id);
}
