/**
 * Live play's say in what a phone sends of a group's match (docs/group.md: the pen sends, a
 * follower waits for the group's version once over). Read from live/saved.ts (IndexedDB, in
 * the phone's own database), where `table.svelte.ts` keeps where the pen is as its table last said.
 */
import type { MatchRow } from '$lib/db/schema';
import type { PasspadDb } from '$lib/db/db';
import { penDone, savedLive, savedPen } from '$lib/live/saved';
import type { SyncCore } from './core';
import type { Thing } from './record';

/**
 * A match of the group played live, as this phone knows it (live/saved.ts, docs/group.md):
 * `pen`, live here with the pen (as last read at its table, else the phone that started it):
 * it sends the match; `follower`, the pen elsewhere when this phone last read the table, live
 * here or stopped since: it sends nothing of it until the group's version, over, is its copy;
 * `none`, not live here: an ordinary match.
 */
export type LiveRole = 'pen' | 'follower' | 'none';

export async function roleOf(id: string, db: PasspadDb): Promise<LiveRole> {
	const pen = await savedPen(id, db);
	if (pen === false) return 'follower';
	const live = await savedLive(id, db);
	if (!live) return 'none';
	return (pen ?? !!live.readers) ? 'pen' : 'follower';
}

/**
 * The group's version of a match, over (finished or abandoned), is this phone's copy: a
 * phone that followed it without the pen may send it from now, like any match of the group.
 */
export async function overHere(core: SyncCore, thing: Thing, status: string | undefined) {
	if (!thing.startsWith('match.') || status === undefined || status === 'active') return;
	const id = thing.slice('match.'.length);
	if ((await roleOf(id, core.db)) === 'follower') await penDone(id, core.db);
}

/**
 * Whether this phone sends the match's versions: not while the pen is another phone's, once
 * the group has `heard` of the match (a version read or sent here). Its first version goes
 * from the phone that has it in the group, pen or not: a phone that follows it has it in no
 * group and takes it up, with the pen, only once the group has it (adopt, docs/group.md).
 */
export async function sends(core: SyncCore, id: string, heard: boolean): Promise<boolean> {
	return !heard || (await roleOf(id, core.db)) !== 'follower';
}

/**
 * The pen came to this phone for a match of the group it followed (its copy, taken from the
 * link, in no group): the copy becomes the group's here, so this phone sends it, over the
 * group's newest version it read (docs/group.md). Only when every seat is a player of the
 * group: a seat the group lacks would be a second player of that name in its roster. Asked of
 * a match the group heard of when live play's say on it moves (db/changed.ts, trackHeard).
 */
export async function adopt(core: SyncCore, match: MatchRow): Promise<boolean> {
	const db = core.db;
	// finished too: a pen phone that played the match to its end before it could adopt it
	if (match.group !== null || match.status === 'handed') return false;
	if ((await roleOf(match.id, db)) !== 'pen') return false;
	const seats = await db.synced.bulkGet(
		match.seats.map((seat): [string, string] => [core.group, `player.${seat.playerId}`])
	);
	if (seats.some((row) => row === undefined)) return false;
	return db.transaction('rw', db.matches, async () => {
		const now = await db.matches.get(match.id);
		if (!now || now.group !== null) return false;
		await db.matches.update(match.id, { group: core.group });
		return true;
	});
}
