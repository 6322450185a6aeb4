/**
 * Which records are rated on this phone, and a record's matches as the ratings read them
 * (docs/ratings.md). Ratings are off by default. The switch of this phone's own record is this
 * phone's; a group's is the group's setting (its `settings` version, group/club.ts): switched
 * here, the group's sync sends it, and a member's switch read from the group is written in the
 * same row. Nothing here loads openskill: the pages that show ratings import `./rate` once a
 * record is rated.
 */
import { Dexie } from 'dexie';
import { database } from '../db/db';
import { getValue, setValue } from '../db/settings';
import { ratingsKey as keyOf, setGroupRatings } from '../db/group/club';
import type { GameId } from '../rules/common';
import type { RatedMatch } from './rate';

/** A record: this phone's own matches (null) or a group's (its id). */
export type RecordId = string | null;

export async function ratingsOn(record: RecordId): Promise<boolean> {
	return (await getValue<boolean>(keyOf(record), false)) === true;
}

export async function setRatingsOn(record: RecordId, on: boolean): Promise<void> {
	// a group's switch is a change of its record, sent by its sync (db/changed.ts)
	if (record !== null) await setGroupRatings(database(), record, on);
	else await setValue(keyOf(record), on);
}

/** The records rated here: this phone's own first, then the groups it belongs to or belonged to. */
export async function ratedRecords(): Promise<RecordId[]> {
	const groups = await database().groups.toArray();
	const records: RecordId[] = [null, ...groups.map((group) => group.id)];
	const on = await Promise.all(records.map(ratingsOn));
	return records.filter((_, at) => on[at]);
}

/**
 * A record's finished matches (of one game, or all), read through the [status+updatedAt]
 * index: abandoned, handed and unfinished matches are not even read. Only the fields the
 * ratings read are kept.
 */
export async function finishedMatches(record: RecordId, game?: GameId): Promise<RatedMatch[]> {
	const matches: RatedMatch[] = [];
	await database()
		.matches.where('[status+updatedAt]')
		.between(['finished', Dexie.minKey], ['finished', Dexie.maxKey])
		.each((row) => {
			if ((row.group ?? null) !== record || (game && row.game !== game)) return;
			const { id, createdAt, status, playerIds, result } = row;
			matches.push({ id, game: row.game, createdAt, status, playerIds, result });
		});
	return matches;
}
