/**
 * A roster player's version from the group, written here: the row, its matches' seat names, and
 * the group's merges (docs/group.md, "One stream per group, one subject per thing").
 */
import type { PasspadDb } from '../db';
import { mergePlayers, nameKey } from '../players';
import type { PlayerRow, Subject } from '../schema';
import { RECORD_TABLES, idOf } from './here';
import { agreed, type SyncedFields } from './synced';

/** The group's version of a roster player, as written here. */
export interface PlayerFields {
	id: string;
	name: string;
	colour: string | null;
	hidden: boolean;
	mergedInto: string | null;
	at: number;
}

/** Whether a player of this phone was ever part of a group's record (any group). */
async function inAnyGroup(db: PasspadDb, playerId: string): Promise<boolean> {
	return (await db.synced.where('subject').equals(`player.${playerId}`).count()) > 0;
}

/**
 * The roster row of a group's player: made with the group's id when missing. A player here of
 * the same name who is in no group yet is the same person: merged into the group's id
 * (docs/group.md). Inside the caller's transaction.
 */
async function groupPlayer(db: PasspadDb, id: string, name: string, at: number) {
	const here = await db.players.get(id);
	if (here) return here;
	const key = nameKey(name);
	const row: PlayerRow = { id, name, nameKey: key, hidden: false, createdAt: at, colour: null };
	await db.players.add(row);
	const namesakes = await db.players
		.where('nameKey')
		.equals(key)
		.filter((player) => player.id !== id)
		.toArray();
	for (const local of namesakes) {
		if (await inAnyGroup(db, local.id)) continue;
		const merged = await mergePlayers(id, local.id, db);
		if (merged.ok && local.colour && !row.colour) {
			row.colour = local.colour;
			await db.players.put(row);
		}
	}
	return row;
}

/** Players merged in the group into `into` whose rows were waiting for it here. */
async function waitingMerges(db: PasspadDb, group: string, into: string) {
	const waiting = await db.synced
		.where('group')
		.equals(group)
		.filter((row) => row.mergedInto === into)
		.toArray();
	for (const row of waiting) {
		const id = idOf(row.subject);
		if (await db.players.get(id)) await mergePlayers(into, id, db);
	}
}

/**
 * A roster player's version from the group, in one transaction: the row and the seats' names
 * of its matches (a rename, as renamePlayer does, no match revision moved), or a merge into
 * another player once both are here.
 */
export async function writePlayer(
	db: PasspadDb,
	group: string,
	player: PlayerFields,
	fields: SyncedFields
): Promise<void> {
	const subject: Subject = `player.${player.id}`;
	await db.transaction('rw', RECORD_TABLES(db), async () => {
		if (player.mergedInto) {
			const keep = await db.players.get(player.mergedInto);
			if (keep && (await db.players.get(player.id))) {
				await mergePlayers(keep.id, player.id, db);
			}
			await agreed(db, group, subject, fields, -1, player.mergedInto);
			return;
		}
		const row = await groupPlayer(db, player.id, player.name, player.at);
		const next: PlayerRow = {
			...row,
			name: player.name,
			nameKey: nameKey(player.name),
			colour: player.colour,
			hidden: player.hidden
		};
		await db.players.put(next);
		if (row.name !== next.name) {
			await db.matches
				.where('playerIds')
				.equals(player.id)
				.modify((match) => {
					match.seats = match.seats.map((seat) =>
						seat.playerId === player.id ? { ...seat, name: next.name } : seat
					);
				});
		}
		await agreed(db, group, subject, fields, -1);
		await waitingMerges(db, group, player.id);
	});
}

/** The player a seat of the group names here: through the group's merges, a few steps deep. */
export async function seatPlayer(
	db: PasspadDb,
	group: string,
	id: string,
	name: string,
	at: number
) {
	let current = id;
	for (let step = 0; step < 8; step++) {
		const synced = await db.synced.get([group, `player.${current}`]);
		if (!synced?.mergedInto || (await db.players.get(current))) break;
		current = synced.mergedInto;
	}
	return current === id
		? groupPlayer(db, id, name, at)
		: ((await db.players.get(current)) ?? groupPlayer(db, id, name, at));
}
