import { ok, refuse, type Result } from '../rules/common/result';
import { database, type PasspadDb } from './db';
import { retally, type Change } from './totals';
import type { PlayerRow } from './schema';
import { newId } from '../wire/ids';
import { TRACKED, trackPlayer } from './changed';

import { NAME_MAX_LENGTH } from '../wire/limits';
import { cleanName, nameKey } from '../wire/schemas';

// how a name is cleaned and keyed is the wire's (a backup and the group's record check it too)
export { cleanName, nameKey };

export async function roster(includeHidden = false): Promise<PlayerRow[]> {
	const players = await database().players.toArray();
	return players
		.filter((player) => includeHidden || !player.hidden)
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The roster row for each name, creating the missing ones. Runs inside the caller's
 * transaction when there is one, so a new match and its new players are written together (its
 * scope then holds `changed` and `synced`: a player shown again is a change for its groups).
 */
export async function playersFor(
	names: string[],
	now = Date.now(),
	db: PasspadDb = database()
): Promise<PlayerRow[]> {
	const rows: PlayerRow[] = [];
	for (const raw of names) {
		const name = cleanName(raw);
		const key = nameKey(name);
		let player = await db.players.where('nameKey').equals(key).first();
		if (!player) {
			player = {
				id: newId(),
				name,
				nameKey: key,
				hidden: false,
				createdAt: now,
				colour: null
			};
			await db.players.add(player);
		} else if (player.hidden) {
			player = { ...player, hidden: false };
			await db.players.put(player);
			await trackPlayer(db, player.id);
		}
		rows.push(player);
	}
	return rows;
}

export const ROSTER_REFUSALS = [
	'missing-player',
	'empty-name',
	'name-too-long',
	'name-taken',
	'same-player',
	'shared-table'
] as const;
export type RosterRefusal = (typeof ROSTER_REFUSALS)[number];

/**
 * Renames a player everywhere in one transaction: the roster row and the seat names of all
 * their matches, so lists, history and match screens show the new name. Refused when the name
 * is empty or too long, or is already another player's: then the two are one person, to merge.
 */
export async function renamePlayer(
	id: string,
	name: string
): Promise<Result<PlayerRow, RosterRefusal>> {
	const db = database();
	return db.transaction('rw', [db.players, db.matches, ...TRACKED(db)], async () => {
		const player = await db.players.get(id);
		if (!player) return refuse('missing-player');
		const clean = cleanName(name);
		if (!clean) return refuse('empty-name');
		if (clean.length > NAME_MAX_LENGTH) {
			return refuse('name-too-long', { max: NAME_MAX_LENGTH });
		}
		const key = nameKey(clean);
		const other = await db.players
			.where('nameKey')
			.equals(key)
			.filter((row) => row.id !== id)
			.first();
		if (other) return refuse('name-taken', { name: other.name, id: other.id });
		const renamed = { ...player, name: clean, nameKey: key };
		await db.players.put(renamed);
		// its groups are sent the new name (changed.ts); they rename its seats themselves
		await trackPlayer(db, id);
		await db.matches
			.where('playerIds')
			.equals(id)
			.modify((match) => {
				match.seats = match.seats.map((seat) =>
					seat.playerId === id ? { ...seat, name: clean } : seat
				);
			});
		return ok(renamed);
	});
}

/**
 * Merges a duplicate into the player to keep, in one transaction: every match of `dropId`
 * becomes a match of `keepId` (seat ids and names, and the index's playerIds), then the
 * duplicate leaves the roster. Refused when the two sat at the same table: they are then two
 * people, and merging would seat one player twice.
 */
export async function mergePlayers(
	keepId: string,
	dropId: string,
	db: PasspadDb = database()
): Promise<Result<{ player: PlayerRow; matches: number }, RosterRefusal>> {
	return db.transaction(
		'rw',
		db.players,
		db.matches,
		db.totals,
		db.synced,
		db.changed,
		async () => {
			if (keepId === dropId) return refuse('same-player');
			const keep = await db.players.get(keepId);
			const drop = await db.players.get(dropId);
			if (!keep || !drop) return refuse('missing-player');
			const theirs = () => db.matches.where('playerIds').equals(dropId);
			const together = await theirs()
				.filter((match) => match.playerIds.includes(keepId))
				.count();
			if (together > 0) return refuse('shared-table', { matches: together, name: drop.name });
			const changes: Change[] = [];
			const moved = await theirs().modify((match) => {
				const before = { ...match };
				match.seats = match.seats.map((seat) =>
					seat.playerId === dropId ? { playerId: keepId, name: keep.name } : seat
				);
				match.playerIds = match.seats.map((seat) => seat.playerId);
				changes.push([before, { ...match }]);
			});
			// the duplicate's wins become the kept player's (they never sat at one table)
			await retally(db.totals, changes);
			await db.players.delete(dropId);
			// a player of a group: the group is told it was merged (docs/group.md), its row being gone
			await db.synced
				.where('subject')
				.equals(`player.${dropId}`)
				.modify((row) => {
					row.mergedInto = keepId;
				});
			await trackPlayer(db, dropId);
			return ok({ player: keep, matches: moved });
		}
	);
}

/**
 * Hides a player from the new-match screen's suggestions (or shows them again). Their matches
 * and statistics stay; typing their name at a new match brings them back (playersFor).
 */
export async function setHidden(
	id: string,
	hidden: boolean
): Promise<Result<PlayerRow, RosterRefusal>> {
	const db = database();
	return db.transaction('rw', [db.players, ...TRACKED(db)], async () => {
		const player = await db.players.get(id);
		if (!player) return refuse('missing-player');
		const next = { ...player, hidden };
		await db.players.put(next);
		await trackPlayer(db, id);
		return ok(next);
	});
}

/** A player's colour (a palette key, players/colours.ts), or none with null. */
export async function setColour(
	id: string,
	colour: string | null
): Promise<Result<PlayerRow, RosterRefusal>> {
	const db = database();
	return db.transaction('rw', [db.players, ...TRACKED(db)], async () => {
		const player = await db.players.get(id);
		if (!player) return refuse('missing-player');
		const next = { ...player, colour };
		await db.players.put(next);
		await trackPlayer(db, id);
		return ok(next);
	});
}

export function getPlayer(id: string): Promise<PlayerRow | undefined> {
	return database().players.get(id);
}
