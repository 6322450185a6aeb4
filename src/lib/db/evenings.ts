/**
 * Club evenings kept on this phone (schema v8, docs/evening.md). A table's match is made and
 * noted on its table in one transaction, so the evening never points at a match that was not
 * written, nor a match of the draw goes unnoted.
 */
import { database } from './db';
import { TRACKED, track } from './changed';
import { createMatch, type NewMatch } from './matches';
import type { EveningRow, MatchRow } from './schema';

/** A group's evenings on this phone, newest first. */
export async function eveningsOf(group: string): Promise<EveningRow[]> {
	const rows = await database().evenings.where('group').equals(group).toArray();
	return rows.sort((a, b) => b.createdAt - a.createdAt);
}

export function getEvening(id: string): Promise<EveningRow | undefined> {
	return database().evenings.get(id);
}

/** An evening written here, and its group's change tracked with it (changed.ts). */
export async function putEvening(row: EveningRow): Promise<void> {
	const db = database();
	await db.transaction('rw', db.evenings, db.changed, async () => {
		await db.evenings.put(row);
		await track(db, row.group, `evening.${row.id}`);
	});
}

/** Not started: the table already has its match (from another tab, say), or is gone. */
export class TableTaken extends Error {
	override name = 'TableTaken';
}

/** The match of a round's table, made from its draw, and the table noted with it. */
export async function startTable(
	evening: string,
	round: number,
	table: number,
	input: NewMatch,
	now = Date.now()
): Promise<MatchRow> {
	const db = database();
	return db.transaction('rw', [db.players, db.matches, db.evenings, ...TRACKED(db)], async () => {
		const row = await db.evenings.get(evening);
		const seat = row?.drawn[round]?.tables[table];
		if (!row || !seat || seat.match !== null) throw new TableTaken();
		const match = await createMatch(input, now);
		const drawn = row.drawn.map((one, r) =>
			r !== round
				? one
				: {
						...one,
						tables: one.tables.map((t, at) => (at === table ? { ...t, match: match.id } : t))
					}
		);
		await db.evenings.put({ ...row, drawn, updatedAt: now });
		await track(db, row.group, `evening.${row.id}`);
		return match;
	});
}

/** A group's matches that belong to an evening's standings are read from the group's record. */
export function groupMatches(group: string): Promise<MatchRow[]> {
	return database().matches.where('group').equals(group).toArray();
}
