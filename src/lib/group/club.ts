/**
 * The club's things between a group's phones (docs/evening.md, "One evening on every phone";
 * docs/ratings.md, "A group's switch"): this phone's version of the group's settings and of
 * each of its evenings, tracked as they are written (db/changed.ts) and sent as the players are (changes.ts), and the group's
 * version written here. Conflicts are the record's: both kept, a person settles.
 */
import type { SyncedRow } from '$lib/db/schema';
import { groupRatingsHere, writeEvening, writeGroupSettings } from '$lib/db/group/club';
import type { SyncedFields } from '$lib/db/group/synced';
import {
	eveningRow,
	eveningVersion,
	type EveningVersion,
	type SettingsVersion
} from './club-record';
import type { SyncCore } from './core';
import { digest, type Thing, type Version } from './record';

/** Whether a thing is one of the club's (settings, an evening). */
export const isClubThing = (thing: Thing): thing is 'settings' | `evening.${string}` =>
	thing === 'settings' || thing.startsWith('evening.');

/** This phone's version of a club thing and its digest (null: nothing here to say). */
export async function clubLocalOf(
	core: SyncCore,
	thing: 'settings' | `evening.${string}`,
	synced: SyncedRow | undefined
): Promise<{ version: Version | null; hash: string | null }> {
	if (thing === 'settings') {
		const ratings = await groupRatingsHere(core.db, core.group);
		// off, with no settings from the group yet, is the default: nothing to say. So a phone
		// whose switch was its own before the group's (docs/ratings.md) meets no conflict
		if (ratings === null || (!ratings && !synced?.hash)) return { version: null, hash: null };
		const version: SettingsVersion = {
			...core.stamp(core.group),
			kind: 'settings',
			ratings
		};
		return { version, hash: digest(version) };
	}
	const id = thing.slice('evening.'.length);
	const row = await core.db.evenings.get(id);
	if (!row || row.group !== core.group) return { version: null, hash: null };
	const version = eveningVersion(row, core.stamp(id));
	return { version, hash: digest(version) };
}

/** The group's version of a club thing, written here. */
export async function writeClubHere(
	core: SyncCore,
	version: SettingsVersion | EveningVersion,
	fields: SyncedFields
): Promise<void> {
	if (version.kind === 'settings') {
		await writeGroupSettings(core.db, core.group, version.ratings, fields);
	} else {
		await writeEvening(core.db, eveningRow(version, core.group), fields);
	}
}
