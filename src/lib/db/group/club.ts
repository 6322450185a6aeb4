/**
 * The club's things of a group kept here (docs/evening.md, docs/ratings.md): the group's
 * ratings switch (one settings row a group, the one the settings page writes) and the group's
 * evenings, written from the group's versions with their synced row in one transaction.
 */
import type { PasspadDb } from '../db';
import type { EveningRow } from '../schema';
import { RECORD_TABLES } from './here';
import { agreed, type SyncedFields } from './synced';
import { track } from '../changed';

/** Where a record's ratings switch is kept: this phone's own record (null) or a group's. */
export const ratingsKey = (record: string | null) =>
	record === null ? 'ratings.phone' : `ratings.group.${record}`;

/** The group's ratings switch set here, its change tracked with it (changed.ts). */
export async function setGroupRatings(db: PasspadDb, group: string, on: boolean): Promise<void> {
	await db.transaction('rw', db.settings, db.changed, async () => {
		await db.settings.put({ key: ratingsKey(group), value: on });
		await track(db, group, 'settings');
	});
}

/** The group's ratings switch here: null when nobody here or in the group ever set it. */
export async function groupRatingsHere(db: PasspadDb, group: string): Promise<boolean | null> {
	const row = await db.settings.get(ratingsKey(group));
	return row === undefined ? null : row.value === true;
}

/** The group's settings version, written here. */
export async function writeGroupSettings(
	db: PasspadDb,
	group: string,
	ratings: boolean,
	fields: SyncedFields
): Promise<void> {
	await db.transaction('rw', RECORD_TABLES(db), async () => {
		await db.settings.put({ key: ratingsKey(group), value: ratings });
		await agreed(db, group, 'settings', fields, -1);
	});
}

/** The group's version of an evening, written here whole (its row as the group says it). */
export async function writeEvening(
	db: PasspadDb,
	row: EveningRow,
	fields: SyncedFields
): Promise<void> {
	await db.transaction('rw', RECORD_TABLES(db), async () => {
		await db.evenings.put(row);
		await agreed(db, row.group, `evening.${row.id}`, fields, -1);
	});
}
