import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/i18n';
import type { RosterRefusal } from '$lib/db';
import type { FeatStats, GameStats } from '$lib/db/stats';
import type { Refusal } from '$lib/rules/common';
import { featLabel } from '$lib/games/feats';
import { howWon } from '$lib/match/verdict';

/** What the players' pages say, kept out of the .svelte files. */

export function matchCount(count: number): string {
	return count === 0 ? m.players_matches_none() : m.history_count({ count });
}

export function percent(rate: number | null): string {
	if (rate === null) return m.stat_unknown();
	return new Intl.NumberFormat(getLocale(), { style: 'percent', maximumFractionDigits: 0 }).format(
		rate
	);
}

export function figure(value: number | null): string {
	if (value === null) return m.stat_unknown();
	return new Intl.NumberFormat(getLocale(), { maximumFractionDigits: 1 }).format(value);
}

/** A game's statistics as the rows of its table: a label and a value each. */
export function statRows(stats: GameStats): { label: string; value: string }[] {
	const unfinished = { label: m.stat_unfinished(), value: figure(stats.unfinished) };
	const abandoned = { label: m.stat_abandoned(), value: figure(stats.abandoned) };
	// abandoned matches are counted apart and only said when there are some: no other figure has them
	const apart = [
		...(stats.unfinished > 0 || stats.played === 0 ? [unfinished] : []),
		...(stats.abandoned > 0 ? [abandoned] : [])
	];
	if (stats.played === 0) return apart;
	const rows = [
		{ label: m.stat_played(), value: figure(stats.played) },
		{
			label: m.stat_won(),
			value:
				stats.shared > 0
					? m.stat_won_shared({ won: figure(stats.won), shared: figure(stats.shared) })
					: figure(stats.won)
		},
		...wonHowRow(stats),
		{ label: m.stat_win_rate(), value: percent(stats.winRate) },
		{ label: m.stat_average(), value: figure(stats.averageScore) },
		{
			label: stats.lowerWins ? m.stat_best_low() : m.stat_best(),
			value: figure(stats.bestScore)
		},
		...stats.feats.map((feat) => ({
			label: featLabel(stats.game, feat.id),
			value: featValue(feat, stats.played)
		}))
	];
	return [...rows, ...apart];
}

/**
 * How the wins came ("a third Pass Pass tick: 1, most points after three rounds: 2"), for the
 * games that can be won more than one way: an instant win is told apart from a win on points.
 */
function wonHowRow(stats: GameStats): { label: string; value: string }[] {
	const ways = Object.entries(stats.wonHow ?? {}).flatMap(([reason, count]) => {
		const how = howWon(stats.game, reason);
		return how ? [m.stat_won_how_one({ how, count: figure(count) })] : [];
	});
	return ways.length > 0 ? [{ label: m.stat_won_how(), value: ways.join(', ') }] : [];
}

/** A feat's figure; when older matches did not record it, says how many did. */
function featValue(feat: FeatStats, played: number): string {
	const value = figure(feat.value);
	return feat.matches < played
		? m.stat_partial({ value, known: figure(feat.matches), played: figure(played) })
		: value;
}

/** Why a rename, merge or hide was refused, in the player's language. */
export function rosterRefusal(refusal: Refusal<RosterRefusal>, name: string): string {
	const params = refusal.params ?? {};
	switch (refusal.code) {
		case 'empty-name':
			return m.roster_refusal_empty();
		case 'name-too-long':
			return m.roster_refusal_long({ max: Number(params.max) });
		case 'name-taken':
			return m.roster_refusal_taken({ name: String(params.name) });
		case 'same-player':
			return m.roster_refusal_same();
		case 'shared-table':
			return m.roster_refusal_shared({
				name: String(params.name),
				other: name,
				count: Number(params.matches)
			});
		case 'missing-player':
			return m.roster_refusal_missing();
	}
}
