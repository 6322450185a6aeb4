/**
 * Ratings as a pure function of the record (docs/ratings.md): per game, the finished matches
 * replayed in date order through openskill's Weng-Lin Plackett-Luce model on each match's
 * final ranking, the ranking the record itself shows (rules/common/places.ts `ranks`: winners first,
 * ties sharing a place). Nothing is stored: every phone holding the same record computes the
 * same ratings, whatever order it learned the matches in.
 */
import { plackettLuce } from 'openskill/models';
import type { MatchResult, MatchRow } from '../db/schema';
import { ranks, type GameId } from '../rules/common';
import { MU, SIGMA, TAU, provisional, shown } from './scale';

/** What of a match row the ratings read: nothing else moves them. */
export type RatedMatch = Pick<MatchRow, 'id' | 'game' | 'createdAt' | 'status' | 'playerIds'> & {
	result: Pick<MatchResult, 'winners' | 'sides' | 'totals' | 'lowerWins' | 'shared'> | null;
};

export interface Skill {
	mu: number;
	sigma: number;
}

/** One counted match in a player's history: the rating after it. */
export interface Step {
	match: string;
	at: number;
	rating: number;
	change: number;
}

export interface PlayerRating {
	playerId: string;
	skill: Skill;
	rating: number;
	played: number;
	provisional: boolean;
	history: Step[];
}

export type GameRatings = Map<string, PlayerRating>;

export const newSkill = (): Skill => ({ mu: MU, sigma: SIGMA });

/** Whether a match counts: finished, with a result, every seat a different player. */
export function counts(match: RatedMatch): boolean {
	if (match.status !== 'finished' || !match.result) return false;
	const seated = match.result.sides.flat();
	if (seated.some((seat) => !match.playerIds[seat])) return false;
	return new Set(seated.map((seat) => match.playerIds[seat])).size === seated.length;
}

/** Date order; the id settles two matches begun in the same millisecond, the same on every phone. */
export function byDate(a: RatedMatch, b: RatedMatch): number {
	return a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * openskill's `rate` with its defaults, done here around its Plackett-Luce model: each σ widened
 * by τ, the sides put in order of their places (ties keep their order), the model, and the
 * sides put back. `rate` does the same through general-purpose sorting that costs five times
 * the model itself (bench/ratings.bench.ts); rate.test.ts pins that both agree.
 */
export function wengLin(
	sides: readonly (readonly Skill[])[],
	places: readonly number[]
): Skill[][] {
	const order = sides.map((_, at) => at).sort((a, b) => places[a] - places[b] || a - b);
	const teams = order.map((side) =>
		sides[side].map(({ mu, sigma }) => ({ mu, sigma: Math.sqrt(sigma * sigma + TAU * TAU) }))
	);
	const rated = plackettLuce(teams, { rank: order.map((side) => places[side]) });
	const after: Skill[][] = [];
	order.forEach((side, at) => (after[side] = rated[at]));
	return after;
}

/**
 * The skills after one match of these sides (each a list of skills, in the sides' order) at
 * these places (1 first, ties sharing one). openskill's update, with two guards a player
 * expects (docs/ratings.md, "What moves it"): team-mates share their team's change equally,
 * so partners move together; and a side in first place never loses (a shared victory against
 * much weaker players would otherwise cost the stronger winner a little).
 */
export function update(sides: readonly (readonly Skill[])[], places: readonly number[]): Skill[][] {
	const after = wengLin(sides, places);
	return after.map((team, side) => {
		const before = sides[side];
		let change = team.reduce((sum, skill, at) => sum + skill.mu - before[at].mu, 0) / team.length;
		if (places[side] === 1) change = Math.max(0, change);
		return team.map((skill, at) => ({ mu: before[at].mu + change, sigma: skill.sigma }));
	});
}

/** Every player's rating of one game from that game's matches (any order: they are sorted). */
export function rateGame(matches: readonly RatedMatch[]): GameRatings {
	const players: GameRatings = new Map();
	const of = (playerId: string): PlayerRating => {
		let known = players.get(playerId);
		if (!known) {
			known = {
				playerId,
				skill: newSkill(),
				rating: shown(MU),
				played: 0,
				provisional: true,
				history: []
			};
			players.set(playerId, known);
		}
		return known;
	};
	for (const match of matches.filter(counts).sort(byDate)) {
		const result = match.result!;
		const sides = result.sides.map((seats) => seats.map((seat) => of(match.playerIds[seat])));
		const after = update(
			sides.map((side) => side.map((player) => player.skill)),
			ranks(result)
		);
		sides.forEach((side, at) =>
			side.forEach((player, member) => {
				player.skill = after[at][member];
				const rating = shown(player.skill.mu);
				player.history.push({
					match: match.id,
					at: match.createdAt,
					rating,
					change: rating - player.rating
				});
				player.rating = rating;
				player.played++;
				player.provisional = provisional(player.played);
			})
		);
	}
	return players;
}

/** Per game, every player's rating, from a record's matches (any games, any order). */
export function rateRecord(matches: readonly RatedMatch[]): Map<GameId, GameRatings> {
	const games = new Map<GameId, RatedMatch[]>();
	for (const match of matches) {
		if (!games.has(match.game)) games.set(match.game, []);
		games.get(match.game)!.push(match);
	}
	return new Map([...games].map(([game, list]) => [game, rateGame(list)]));
}

/** The leaderboard of one game: settled ratings first, best first; provisional ones after. */
export function standings(ratings: GameRatings): PlayerRating[] {
	return [...ratings.values()].sort(
		(a, b) =>
			Number(a.provisional) - Number(b.provisional) ||
			b.rating - a.rating ||
			b.played - a.played ||
			(a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0)
	);
}

/** What one player stands to gain by winning and to lose by coming last, in rating points. */
export interface Stake {
	win: number;
	last: number;
}

/**
 * Each seat's stake before a match (docs/ratings.md, "At stake"): the change if their side
 * wins alone, and if it comes last alone, the other sides placed in the order of their
 * present ratings (the likeliest order). `sides` are the seats of each side, as the game's
 * sheet gives them; a seat's player unknown to the ratings starts as a new player.
 */
export function stakes(
	ratings: GameRatings | undefined,
	playerIds: readonly (string | null)[],
	sides: readonly (readonly number[])[]
): Stake[] {
	const skillOf = (seat: number) => {
		const id = playerIds[seat];
		return (id && ratings?.get(id)?.skill) || newSkill();
	};
	const skills = sides.map((seats) => seats.map(skillOf));
	const strength = skills.map(
		(side) => side.reduce((sum, skill) => sum + skill.mu, 0) / side.length
	);
	const byStrength = sides.map((_, at) => at).sort((a, b) => strength[b] - strength[a] || a - b);
	const changesOf = (side: number, first: boolean) => {
		const order = byStrength.filter((other) => other !== side);
		if (first) order.unshift(side);
		else order.push(side);
		const places = sides.map((_, at) => order.indexOf(at) + 1);
		const after = update(skills, places);
		return skills[side].map((skill, member) => shown(after[side][member].mu) - shown(skill.mu));
	};
	const stake: Stake[] = playerIds.map(() => ({ win: 0, last: 0 }));
	sides.forEach((seats, side) => {
		const [win, last] = [changesOf(side, true), changesOf(side, false)];
		seats.forEach((seat, member) => (stake[seat] = { win: win[member], last: last[member] }));
	});
	return stake;
}
