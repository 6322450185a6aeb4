import { Dexie } from 'dexie';
import type { GameId } from '../rules/common';
import { database } from './db';
import { nameKey } from './players';
import type { MatchRow } from './schema';

export interface HistoryFilter {
	game?: GameId;
	/** part of a player's name, any case */
	name?: string;
	/** played from this time on (ms) */
	from?: number;
	/** played before this time (ms) */
	to?: number;
}

/**
 * Matches newest first through an index on the date (per game when one is chosen), a page at a
 * time; a name narrows to the roster players whose name contains it.
 */
async function collection(filter: HistoryFilter) {
	const db = database();
	const from = filter.from ?? Dexie.minKey;
	const to = filter.to ?? Dexie.maxKey;
	let rows = filter.game
		? db.matches.where('[game+updatedAt]').between([filter.game, from], [filter.game, to])
		: db.matches.where('updatedAt').between(from, to);
	rows = rows.reverse();
	const key = filter.name ? nameKey(filter.name) : '';
	if (key) {
		const players = await db.players.filter((player) => player.nameKey.includes(key)).primaryKeys();
		const ids = new Set(players);
		rows = rows.filter((match) => match.playerIds.some((id) => ids.has(id)));
	}
	return rows;
}

export async function historyPage(
	filter: HistoryFilter,
	limit: number,
	offset = 0
): Promise<MatchRow[]> {
	return (await collection(filter)).offset(offset).limit(limit).toArray();
}

export async function historyCount(filter: HistoryFilter): Promise<number> {
	return (await collection(filter)).count();
}
