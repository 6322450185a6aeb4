import type { GameId, GameMeta } from '$lib/rules/common';
import { META as CLIMBING } from '$lib/rules/climbing/meta';
import { META as DOMINOES } from '$lib/rules/dominoes/meta';
import { META as ILL_PASS } from '$lib/rules/ill-pass/meta';
import { META as PASS_PASS } from '$lib/rules/pass-pass/meta';
import { m } from '$lib/paraglide/messages';
import type { GameUi } from './types';

/** A game on the home page: its id and player range (from its rules' meta.ts), name and blurb. */
export interface GameEntry extends GameMeta {
	readonly name: string;
	/**
	 * What the game is and who made it ("cards, Funnyfox"): Pass Pass and Pass-Pass differ by a
	 * hyphen only, so wherever games are listed, this goes beside the name.
	 */
	kind(): string;
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
		...PASS_PASS,
		name: 'Pass Pass',
		kind: () => m.game_kind_pass_pass(),
		blurb: () => m.game_pass_pass_blurb(),
		load: loader(PASS_PASS.id)
	},
	{
		...DOMINOES,
		name: 'Pass-Pass',
		kind: () => m.game_kind_dominoes(),
		blurb: () => m.game_dominoes_blurb(),
		load: loader(DOMINOES.id)
	},
	{
		...CLIMBING,
		name: 'PASS',
		kind: () => m.game_kind_climbing(),
		blurb: () => m.game_climbing_blurb(),
		load: loader(CLIMBING.id)
	},
	{
		...ILL_PASS,
		name: "I'll Pass",
		kind: () => m.game_kind_ill_pass(),
		blurb: () => m.game_ill_pass_blurb(),
		load: loader(ILL_PASS.id)
	}
];

/** Games whose screens are in this build (all four once every game has landed). */
export function playable(entry: GameEntry): boolean {
	return `./${entry.id}/ui.ts` in screens;
}

/** A game's name with what it is and who made it: "Pass Pass (cards, Funnyfox)". */
export function gameTitle(id: string): string {
	const entry = gameEntry(id);
	return entry ? m.game_titled({ name: entry.name, kind: entry.kind() }) : id;
}

export function gameEntry(id: string): GameEntry | undefined {
	return GAMES.find((entry) => entry.id === id);
}

/** How many play it, as players say it: "3 to 6 players", "4 players" (never "4–4"). */
export function playersText(players: GameEntry['players']): string {
	const { min, max } = players;
	return min === max ? m.home_players_exact({ count: min }) : m.home_players_range({ min, max });
}
