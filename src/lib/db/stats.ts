import { Dexie } from 'dexie';
import { GAME_IDS, type Aggregate, type GameId } from '../rules/common';
import { database } from './db';
import type { MatchRow } from './schema';
import { totalsCounter } from './totals';

/** Matches last played from `from` (included) to `to` (excluded), in ms; open ends by default. */
export interface Period {
	from?: number;
	to?: number;
}

/** A feat over a player's matches: summed or the best, and how many matches recorded it. */
export interface FeatStats {
	id: string;
	aggregate: Aggregate;
	value: number;
	/** finished matches that recorded this feat (rows saved before feats were kept have none) */
	matches: number;
}

export interface GameStats {
	game: GameId;
	/** finished matches */
	played: number;
	/** matches begun and not finished, counted apart: they are in no other figure */
	unfinished: number;
	/** matches the players abandoned: in no other figure, not even unfinished */
	abandoned: number;
	/**
	 * Finished matches the player's side won. A shared victory counts as won: the player is
	 * among the winners, as the match screen and history say.
	 */
	won: number;
	/** of the matches won, those shared with another side */
	shared: number;
	/** the matches won, by how they were won (the outcome's reason: 'third-tick', 'points', ...) */
	wonHow: Record<string, number>;
	/** won / played, from 0 to 1; null before any finished match */
	winRate: number | null;
	/** the player's side's final total (their team's in team games), averaged */
	averageScore: number | null;
	/** the side's best final total: the lowest where the lowest wins (I'll Pass, dominoes) */
	bestScore: number | null;
	/** the game's direction, null when only rows saved before it was kept are known */
	lowerWins: boolean | null;
	feats: FeatStats[];
}

export interface PlayerStats {
	/** the games this player has a match of, in GAME_IDS order */
	games: GameStats[];
	played: number;
	unfinished: number;
	abandoned: number;
	won: number;
}

interface Tally {
	played: number;
	unfinished: number;
	abandoned: number;
	won: number;
	shared: number;
	how: Map<string, number>;
	scores: number;
	scored: number;
	lowest: number;
	highest: number;
	/** the game's direction, from any row that kept it (all of one game's rows agree) */
	lowerWins: boolean | undefined;
	feats: Map<string, FeatStats>;
}

const emptyTally = (): Tally => ({
	played: 0,
	unfinished: 0,
	abandoned: 0,
	won: 0,
	shared: 0,
	how: new Map(),
	scores: 0,
	scored: 0,
	lowest: Infinity,
	highest: -Infinity,
	lowerWins: undefined,
	feats: new Map()
});

const within = (row: MatchRow, period: Period) =>
	row.updatedAt >= (period.from ?? -Infinity) && row.updatedAt < (period.to ?? Infinity);

/** The player's seat and side in a finished match, or null when they are not seated in it. */
function placeOf(row: MatchRow, playerId: string): { seat: number; side: number } | null {
	const seat = row.playerIds.indexOf(playerId);
	if (seat < 0 || !row.result) return null;
	const side = row.result.sides.findIndex((seats) => seats.includes(seat));
	return side < 0 ? null : { seat, side };
}

function add(tally: Tally, row: MatchRow, playerId: string): void {
	if (row.status === 'abandoned') {
		tally.abandoned++;
		return;
	}
	// handed over: the other phone has the match now, and counts it when it ends there
	if (row.status === 'handed') return;
	if (row.status !== 'finished' || !row.result) {
		tally.unfinished++;
		return;
	}
	const place = placeOf(row, playerId);
	if (!place) return;
	const { result } = row;
	tally.played++;
	if (result.winners.includes(place.side)) {
		tally.won++;
		if (result.shared) tally.shared++;
		tally.how.set(result.reason, (tally.how.get(result.reason) ?? 0) + 1);
	}
	const score = result.totals[place.side];
	if (typeof score === 'number' && Number.isFinite(score)) {
		tally.scores += score;
		tally.scored++;
		tally.lowest = Math.min(tally.lowest, score);
		tally.highest = Math.max(tally.highest, score);
	}
	tally.lowerWins ??= result.lowerWins;
	for (const feat of result.feats ?? []) {
		const value = feat.seats[place.seat];
		if (typeof value !== 'number') continue;
		const known = tally.feats.get(feat.id);
		if (!known) {
			tally.feats.set(feat.id, { id: feat.id, aggregate: feat.aggregate, value, matches: 1 });
			continue;
		}
		known.value = known.aggregate === 'max' ? Math.max(known.value, value) : known.value + value;
		known.matches++;
	}
}

function finish(game: GameId, tally: Tally): GameStats {
	const best =
		tally.scored === 0 || tally.lowerWins === undefined
			? null
			: tally.lowerWins
				? tally.lowest
				: tally.highest;
	return {
		game,
		played: tally.played,
		unfinished: tally.unfinished,
		abandoned: tally.abandoned,
		won: tally.won,
		shared: tally.shared,
		wonHow: Object.fromEntries(tally.how),
		winRate: tally.played > 0 ? tally.won / tally.played : null,
		averageScore: tally.scored > 0 ? tally.scores / tally.scored : null,
		bestScore: best,
		lowerWins: tally.lowerWins ?? null,
		feats: [...tally.feats.values()]
	};
}

/**
 * One player's statistics per game, read through the `playerIds` index with a cursor: only
 * their matches, one row at a time. Rows saved before feats and the sheet's direction were
 * kept count in every figure they can (a best score needs the direction from another row).
 */
export async function playerStats(playerId: string, period: Period = {}): Promise<PlayerStats> {
	const tallies = new Map<GameId, Tally>();
	await database()
		.matches.where('playerIds')
		.equals(playerId)
		.each((row) => {
			if (!within(row, period)) return;
			if (!tallies.has(row.game)) tallies.set(row.game, emptyTally());
			add(tallies.get(row.game)!, row, playerId);
		});
	const games = GAME_IDS.filter((game) => tallies.has(game)).map((game) =>
		finish(game, tallies.get(game)!)
	);
	const sum = (field: 'played' | 'unfinished' | 'abandoned' | 'won') =>
		games.reduce((total, game) => total + game[field], 0);
	return {
		games,
		played: sum('played'),
		unfinished: sum('unfinished'),
		abandoned: sum('abandoned'),
		won: sum('won')
	};
}

/** Matches each player sat in (finished or not), counted on the `playerIds` index alone. */
export async function matchCounts(playerIds: readonly string[]): Promise<Map<string, number>> {
	const db = database();
	return db.transaction('r', db.matches, async () => {
		const counts = await Promise.all(
			playerIds.map((id) => db.matches.where('playerIds').equals(id).count())
		);
		return new Map(playerIds.map((id, at) => [id, counts[at]]));
	});
}

export interface Standing {
	playerId: string;
	played: number;
	/** a shared victory counts as won, as in playerStats */
	won: number;
	winRate: number;
}

/** Most wins first, then the better win rate, then more matches played; 0 for equal rows. */
export function byWins(a: Standing, b: Standing): number {
	return b.won - a.won || b.winRate - a.winRate || b.played - a.played;
}

/**
 * Who wins what: per game, the players by wins (then win rate, then matches played). Over all
 * time (the players' page's first view) it reads the totals kept as matches finish, change or
 * go (totals.ts): one row per player and game, whatever the number of matches, read at once
 * (200 rows for 50 players). A period reads
 * the period's finished matches with one cursor on the [status+updatedAt] index, keeping only
 * counts (the kept totals are not split by period: a year is in local time, which the device
 * can change).
 */
export async function leaderboard(period: Period = {}): Promise<Record<GameId, Standing[]>> {
	const counts = new Map<GameId, Map<string, { played: number; won: number }>>(
		GAME_IDS.map((game) => [game, new Map()])
	);
	const db = database();
	if (period.from === undefined && period.to === undefined) {
		// one request for them all: a cursor's each step would wait on the database in turn
		for (const total of await db.totals.toArray()) {
			counts.get(total.game)?.set(total.playerId, { played: total.played, won: total.won });
		}
	} else {
		const counted = totalsCounter();
		await db.matches
			.where('[status+updatedAt]')
			.between(['finished', period.from ?? Dexie.minKey], ['finished', period.to ?? Dexie.maxKey])
			.each(counted.add);
		for (const total of counted.totals()) {
			counts.get(total.game)?.set(total.playerId, { played: total.played, won: total.won });
		}
	}
	const board = {} as Record<GameId, Standing[]>;
	for (const [game, players] of counts) {
		board[game] = [...players]
			.map(([playerId, { played, won }]) => ({ playerId, played, won, winRate: won / played }))
			.sort((a, b) => byWins(a, b) || a.playerId.localeCompare(b.playerId));
	}
	return board;
}

/** When the oldest saved match was last played (ms), or null with none: where periods begin. */
export async function firstPlayed(): Promise<number | null> {
	const oldest = await database().matches.orderBy('updatedAt').first();
	return oldest?.updatedAt ?? null;
}
