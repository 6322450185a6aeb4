import { database } from './db';
import type { PlayerRow } from './schema';

/** Names are one player whatever their case, accents kept, spaces folded. */
export function nameKey(name: string): string {
	return name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

export function cleanName(name: string): string {
	return name.trim().replace(/\s+/g, ' ');
}

export async function roster(includeHidden = false): Promise<PlayerRow[]> {
	const players = await database().players.toArray();
	return players
		.filter((player) => includeHidden || !player.hidden)
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The roster row for each name, creating the missing ones. Runs inside the caller's
 * transaction when there is one, so a new match and its new players are written together.
 */
export async function playersFor(names: string[], now = Date.now()): Promise<PlayerRow[]> {
	const db = database();
	const rows: PlayerRow[] = [];
	for (const raw of names) {
		const name = cleanName(raw);
		const key = nameKey(name);
		let player = await db.players.where('nameKey').equals(key).first();
		if (!player) {
			player = { id: crypto.randomUUID(), name, nameKey: key, hidden: false, createdAt: now };
			await db.players.add(player);
		} else if (player.hidden) {
			player = { ...player, hidden: false };
			await db.players.put(player);
		}
		rows.push(player);
	}
	return rows;
}
