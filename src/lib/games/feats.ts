import { m } from '$lib/paraglide/messages';
import type { GameId } from '$lib/rules/common';
import type { ClimbingFeat } from '$lib/rules/climbing/types';
import type { DominoesFeat } from '$lib/rules/dominoes/types';
import type { IllPassFeat } from '$lib/rules/ill-pass/types';
import type { PassPassFeat } from '$lib/rules/pass-pass/types';

/**
 * Each game's feats in words (GameDefinition.feats), without loading the game's rules or
 * screens: the players' pages show every game's statistics at once. Typed against each game's
 * FEATS, so a feat added to a game's rules needs its words here.
 */
const LABELS: {
	readonly 'ill-pass': Record<IllPassFeat, () => string>;
	readonly 'pass-pass': Record<PassPassFeat, () => string>;
	readonly dominoes: Record<DominoesFeat, () => string>;
	readonly climbing: Record<ClimbingFeat, () => string>;
} = {
	'ill-pass': { 'longest-run': m.feat_ill_pass_longest_run },
	'pass-pass': { ticks: m.feat_pass_pass_ticks, 'team-ticks': m.feat_pass_pass_team_ticks },
	dominoes: { 'went-out': m.feat_dominoes_went_out },
	climbing: { 'games-won': m.feat_climbing_games_won }
};

/** A feat's name in the player's language; an unknown id (a newer app's backup) as it is. */
export function featLabel(game: GameId, id: string): string {
	const labels = LABELS[game] as Readonly<Record<string, () => string>> | undefined;
	return labels?.[id]?.() ?? id;
}
