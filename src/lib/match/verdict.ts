import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import type { GameId } from '$lib/rules/common';
import { sideName } from './summary';

/**
 * How a match ended, in words every record of it shares (the match screen, the history row, the
 * share text, the CSV, the picture, BG Stats): who won, why, and the figures that decided it
 * when the totals do not (a Pass Pass match won by a third Pass Pass can end 0 to 0, see
 * docs/rulings.md, Pass Pass 8). Read from what the match row keeps (MatchResult), so history
 * and statistics need no replay and no game's screens.
 */
export interface VerdictInput {
	readonly game: GameId;
	readonly status: 'active' | 'finished' | 'abandoned' | 'handed';
	readonly result: {
		readonly winners: readonly number[];
		readonly shared: boolean;
		readonly reason: string;
		readonly sides: readonly (readonly number[])[];
		readonly feats?: readonly { readonly id: string; readonly seats: readonly number[] }[];
	} | null;
}

/** One side's Pass Pass ticks: its seats and their count. */
export interface TickCount {
	readonly seats: readonly number[];
	readonly count: number;
}

export interface Verdict {
	/** the winners' names, side by side ("Léa and Noor"); empty without a winner */
	readonly winners: readonly string[];
	/** "Ana wins!", "Shared victory: Ana, Ben", "Abandoned: no winner." */
	readonly winnerLine: string;
	/** why, a sentence: "Won by a third Pass Pass: …"; empty without a result */
	readonly why: string;
	/**
	 * each side's Pass Pass ticks, in sheet order: a player's own, or in team mode the ticks
	 * written for the team (docs/rulings.md, Pass Pass 11); null for a game without them
	 */
	readonly ticks: readonly TickCount[] | null;
	/** the winning sides' indexes, for the records that list the sides winner first */
	readonly winnerSides: readonly number[];
	/** "Pass Pass ticks: Ana 3, Ben 1, Cleo 0.", or empty */
	readonly ticksLine: string;
}

const WHY: Readonly<Record<GameId, Readonly<Record<string, () => string>>>> = {
	'pass-pass': {
		'third-tick': m.why_pp_third_tick,
		points: m.why_pp_points,
		ticks: m.why_pp_ticks,
		shared: m.why_pp_shared
	},
	dominoes: { 'lowest-total': m.why_dom_lowest },
	climbing: {
		crowns: m.why_cl_crowns,
		points: m.why_cl_points,
		'points-more': m.why_cl_points_more,
		'points-game-winner': m.why_cl_points_game_winner,
		'points-closer': m.why_cl_points_closer
	},
	'ill-pass': { 'lowest-score': m.why_ill_lowest }
};

/** A shared victory is said as such where the game's reason does not say it already. */
const SHARED: Readonly<Partial<Record<GameId, () => string>>> = {
	dominoes: m.why_dom_shared,
	'ill-pass': m.why_ill_shared
};

/**
 * How a win came, in a few words for a table of statistics ("a third Pass Pass tick"), for the
 * games that can be won more than one way; null for the others, whose one way goes unsaid.
 */
const HOW: Readonly<Partial<Record<GameId, Readonly<Record<string, () => string>>>>> = {
	'pass-pass': {
		'third-tick': m.pp_reason_tick,
		points: m.pp_reason_points,
		ticks: m.pp_reason_ticks,
		shared: m.pp_reason_shared
	},
	climbing: {
		crowns: m.cl_reason_crowns,
		points: m.cl_reason_points,
		'points-more': m.cl_reason_points_more,
		'points-game-winner': m.cl_reason_points_game_winner,
		'points-closer': m.cl_reason_points_closer
	}
};

export function howWon(game: GameId, reason: string): string | null {
	const words = HOW[game];
	return words ? (words[reason]?.() ?? reason) : null;
}

/**
 * Why a match was won, as a sentence; empty for a reason this app has no words for (a newer
 * app's backup), never its code. A shared victory is still said to be shared.
 */
export function whyText(game: GameId, reason: string, shared: boolean): string {
	const said = shared ? SHARED[game] : undefined;
	if (said) return said();
	const words = WHY[game]?.[reason];
	return words ? words() : shared ? m.why_shared() : '';
}

/**
 * The ticks a Pass Pass match kept: per team (its `team-ticks` feat, the same for each member)
 * where it was played in teams and kept them, else per seat (its `ticks` feat); or null.
 */
function ticksOf(input: VerdictInput): readonly TickCount[] | null {
	if (input.game !== 'pass-pass') return null;
	const feat = (id: string) => input.result?.feats?.find((one) => one.id === id)?.seats;
	const team = feat('team-ticks');
	const sides = input.result?.sides ?? [];
	if (team && team.length > 0 && sides.some((seats) => seats.length > 1)) {
		return sides.map((seats) => ({ seats, count: team[seats[0]] ?? 0 }));
	}
	return feat('ticks')?.map((count, seat) => ({ seats: [seat], count })) ?? null;
}

/**
 * Each side with its count, as the record lists them: sides of one player part with commas
 * ("Ana 1, Ben 3"); teams, whose names already hold commas ("Ana, Cleo and Eve"), with semicolons.
 */
/** What parts sides in a list: a semicolon once a side is a team (French: after a narrow space). */
function partOf(sides: readonly (readonly number[])[]): string {
	if (!sides.some((seats) => seats.length > 1)) return ', ';
	return getLocale() === 'fr' ? '\u202f; ' : '; ';
}

export function sidesCounted(
	ticks: readonly { seats: readonly number[]; count: number }[],
	names: readonly string[]
): string {
	return ticks
		.map(({ seats, count }) => `${sideName(seats, names)} ${count}`)
		.join(partOf(ticks.map(({ seats }) => seats)));
}

export function verdict(input: VerdictInput, names: readonly string[]): Verdict {
	const { result } = input;
	const ticks = ticksOf(input);
	const ticksLine = ticks ? m.verdict_ticks({ ticks: sidesCounted(ticks, names) }) : '';
	if (input.status !== 'finished' || !result) {
		const winnerLine =
			input.status === 'abandoned' ? m.verdict_abandoned() : m.verdict_unfinished();
		return { winners: [], winnerLine, why: '', ticks, ticksLine, winnerSides: [] };
	}
	const winners = result.winners.map((side) => sideName(result.sides[side] ?? [], names));
	const winnerLine = result.shared
		? m.match_shared({ names: winners.join(', ') })
		: m.match_wins({
				name: winners[0] ?? '',
				count: result.sides[result.winners[0]]?.length ?? 1
			});
	return {
		winners,
		winnerLine,
		why: whyText(input.game, result.reason, result.shared),
		ticks,
		ticksLine,
		winnerSides: [...result.winners]
	};
}
