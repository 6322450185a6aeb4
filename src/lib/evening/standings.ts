/**
 * An evening's standings and a season's (docs/evening.md, "Standings"): a pure function of the
 * group's matches, since every match of an evening carries its tag (tag.ts) and its points'
 * scale, so every phone holding the group's record counts the same.
 *
 * - A finished match gives each side a place: the winners first (a shared victory shares it),
 *   the others by their totals in the game's direction; sides with equal totals share a place
 *   (the better one). Abandoned and unfinished matches count nothing.
 * - A place's points are scaled to the sides at the table (a partnership is one side): the
 *   first gets the scale's first, the last its last, the places between in equal steps, rounded
 *   (7 to 1: 3 sides 7, 4, 1; 4 sides 7, 5, 3, 1; 5 sides 7, 6, 4, 3, 1).
 * - Ranked by points, then first places, then fewer tables played; still equal, a shared rank.
 */
import type { MatchRow } from '../db/schema';
import { eveningOf, type Scale } from './tag';

export type CountedMatch = Pick<MatchRow, 'config' | 'seats' | 'status' | 'result' | 'createdAt'>;

/** Each side's place, from 1, as the result's sides are ordered. */
export function placesOf(result: NonNullable<MatchRow['result']>): number[] {
	const won = new Set(result.winners);
	const better = (a: number, b: number) =>
		won.has(a) !== won.has(b)
			? won.has(a)
			: !won.has(a) &&
				(result.lowerWins
					? result.totals[a] < result.totals[b]
					: result.totals[a] > result.totals[b]);
	return result.sides.map(
		(_, side) => 1 + result.sides.filter((__, other) => better(other, side)).length
	);
}

/** A place's points at a table of `sides` sides. */
export function placePoints(place: number, sides: number, scale: Scale): number {
	if (sides <= 1) return scale.first;
	return Math.round(scale.last + ((scale.first - scale.last) * (sides - place)) / (sides - 1));
}

export interface Standing {
	readonly player: string;
	readonly name: string;
	readonly points: number;
	/** first places */
	readonly wins: number;
	/** tables played (finished matches) */
	readonly played: number;
	/** evenings with at least one table played */
	readonly evenings: number;
	/** from 1; equal standings share one */
	readonly rank: number;
}

/** Every finished match kept by `counts`, as standings. */
export function standingsOf(
	matches: readonly CountedMatch[],
	counts: (match: CountedMatch, evening: string) => boolean
): Standing[] {
	const rows = new Map<
		string,
		{
			name: string;
			points: number;
			wins: number;
			played: number;
			evenings: Set<string>;
			at: number;
		}
	>();
	for (const match of matches) {
		const tag = eveningOf(match.config);
		if (!tag || match.status !== 'finished' || !match.result || !counts(match, tag.id)) continue;
		const places = placesOf(match.result);
		match.result.sides.forEach((seats, side) => {
			const points = placePoints(places[side], match.result!.sides.length, tag.scale);
			for (const seat of seats) {
				const { playerId, name } = match.seats[seat] ?? {};
				if (!playerId) continue;
				const row = rows.get(playerId) ?? {
					name,
					points: 0,
					wins: 0,
					played: 0,
					evenings: new Set<string>(),
					at: -Infinity
				};
				row.points += points;
				row.wins += places[side] === 1 ? 1 : 0;
				row.played += 1;
				row.evenings.add(tag.id);
				// the name of the player's newest match
				if (match.createdAt >= row.at) [row.name, row.at] = [name, match.createdAt];
				rows.set(playerId, row);
			}
		});
	}
	const order = (a: Omit<Standing, 'rank'>, b: Omit<Standing, 'rank'>) =>
		b.points - a.points || b.wins - a.wins || a.played - b.played;
	const listed = [...rows].map(([player, row]) => ({
		player,
		name: row.name,
		points: row.points,
		wins: row.wins,
		played: row.played,
		evenings: row.evenings.size
	}));
	listed.sort((a, b) => order(a, b) || a.name.localeCompare(b.name));
	return listed.map((row) => ({
		...row,
		rank: 1 + listed.filter((other) => order(other, row) < 0).length
	}));
}

/** One evening's standings. */
export const eveningStandings = (matches: readonly CountedMatch[], evening: string) =>
	standingsOf(matches, (_, id) => id === evening);

/** A season's: every evening's matches started in [from, to), summed. */
export const seasonStandings = (matches: readonly CountedMatch[], from: number, to: number) =>
	standingsOf(matches, (match) => match.createdAt >= from && match.createdAt < to);
