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

// Each game's screens are src/lib/games/<id>/ui.ts, found at build time and loaded on demand:
// the home page carries names and player counts only (its JavaScript budget is 80 KB gzip).
const screens = import.meta.glob<{ ui: GameUi }>('./*/ui.ts');

function loader(id: GameId): () => Promise<GameUi> {
	return async () => {
		const load = screens[`./${id}/ui.ts`];
		if (!load) throw new Error(`No screens for ${id} in this build.`);
		return (await load()).ui;
	};
}

/** The four games, in the order the home page shows them. Names are the publishers'. */
export const GAMES: readonly GameEntry[] = [
	{
		id: 'pass-pass',
		name: 'Pass Pass',
		players: { min: 3, max: 6 },
		blurb: () => m.game_pass_pass_blurb(),
		load: loader('pass-pass')
	},
	{
		id: 'dominoes',
		name: 'Pass-Pass',
		players: { min: 4, max: 4 },
		blurb: () => m.game_dominoes_blurb(),
		load: loader('dominoes')
	},
	{
		id: 'climbing',
		name: 'PASS',
		players: { min: 2, max: 5 },
		blurb: () => m.game_climbing_blurb(),
		load: loader('climbing')
	},
	{
		id: 'ill-pass',
		name: "I'll Pass",
		players: { min: 3, max: 5 },
		blurb: () => m.game_ill_pass_blurb(),
		load: loader('ill-pass')
	}
];

/** Games whose screens are in this build (all four once every game has landed). */
export function playable(entry: GameEntry): boolean {
	return `./${entry.id}/ui.ts` in screens;
}

export function gameEntry(id: string): GameEntry | undefined {
	return GAMES.find((entry) => entry.id === id);
}

/** How many play it, as players say it: "3 to 6 players", "4 players" (never "4–4"). */
export function playersText(players: GameEntry['players']): string {
	const { min, max } = players;
	return min === max ? m.home_players_exact({ count: min }) : m.home_players_range({ min, max });
}
