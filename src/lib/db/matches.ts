import { Dexie } from 'dexie';
import type { GameId } from '../rules/common';
import { database } from './db';
import { playersFor } from './players';
import { askToPersist } from './persist';
import type { MatchRow, MatchStatus } from './schema';

export interface NewMatch {
	game: GameId;
	config: unknown;
	/** names in seat order, clockwise from seat 0 */
	names: string[];
}

/** A new match and any new roster players, in one transaction. */
export async function createMatch(input: NewMatch, now = Date.now()): Promise<MatchRow> {
	const db = database();
	const match = await db.transaction('rw', db.players, db.matches, async () => {
		const players = await playersFor(input.names, now);
		const row: MatchRow = {
			id: crypto.randomUUID(),
			game: input.game,
			config: input.config,
			seats: players.map((player) => ({ playerId: player.id, name: player.name })),
			playerIds: players.map((player) => player.id),
			status: 'active',
			createdAt: now,
			updatedAt: now,
			length: 0,
			redo: [],
			result: null
		};
		await db.matches.add(row);
		return row;
	});
	// a match is saved: ask that the browser never clear it to make space (not awaited: the
	// match starts at once, whatever the browser answers)
	void askToPersist();
	return match;
}

export function getMatch(id: string): Promise<MatchRow | undefined> {
	return database().matches.get(id);
}

/** Newest first, a page at a time: history never loads every match. */
export function matchesByStatus(
	status: MatchStatus,
	limit: number,
	offset = 0
): Promise<MatchRow[]> {
	return database()
		.matches.where('[status+updatedAt]')
		.between([status, Dexie.minKey], [status, Dexie.maxKey])
		.reverse()
		.offset(offset)
		.limit(limit)
		.toArray();
}

export function recentMatches(limit: number, offset = 0): Promise<MatchRow[]> {
	return database().matches.orderBy('updatedAt').reverse().offset(offset).limit(limit).toArray();
}

export function countMatches(): Promise<number> {
	return database().matches.count();
}

/** A match and its whole log go together. */
export async function deleteMatch(id: string): Promise<void> {
	const db = database();
	await db.transaction('rw', db.matches, db.actions, async () => {
		await db.actions
			.where('[matchId+seq]')
			.between([id, Dexie.minKey], [id, Dexie.maxKey])
			.delete();
		await db.matches.delete(id);
	});
}
