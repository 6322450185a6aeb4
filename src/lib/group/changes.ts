/**
 * This phone's changes to a group's record (docs/group.md, "On the phone"): found by revision,
 * not hooked into every write (the group's matches' `[group+revision]` index against
 * `synced.revision`, the group's players by digest), and queued in the outbox, players before
 * the match that seats them.
 */
import type { SyncedRow } from '$lib/db/schema';
import { groupRevisions, matchWithLog, type ThingHere } from '$lib/db/group/here';
import { enqueue } from '$lib/db/group/outbox';
import { writeSynced } from '$lib/db/group/synced';
import type { SyncCore } from './core';
import {
	deletedVersion,
	digest,
	matchVersion,
	mergedVersion,
	playerVersion,
	type Thing,
	type Version
} from './record';
import { adopt, sends } from './role';
import { clubChanges, clubLocalOf, isClubThing } from './club';

/** This phone's version of a thing and its digest (null: nothing here to say). */
export async function localOf(
	core: SyncCore,
	thing: Thing,
	here: ThingHere
): Promise<{ version: Version | null; hash: string | null }> {
	if (isClubThing(thing)) return clubLocalOf(core, thing, here.synced);
	const id = thing.slice(thing.indexOf('.') + 1);
	if (thing.startsWith('player.')) {
		if (here.synced?.mergedInto) {
			const version = mergedVersion(null, here.synced.mergedInto, core.stamp(id));
			return { version, hash: digest(version) };
		}
		if (!here.player) return { version: null, hash: null };
		const version = playerVersion(here.player, core.stamp(id));
		return { version, hash: digest(version) };
	}
	if (here.match) {
		// as the group last had it: no need to read the log
		if (!here.log) return { version: null, hash: here.synced!.hash };
		const version = matchVersion(here.match, here.log, core.stamp(id));
		return { version, hash: digest(version) };
	}
	const synced = here.synced?.hash ?? null;
	if (synced === null) return { version: null, hash: null };
	// gone here: the group's delete taken, or deleted on this phone (then sent as such)
	const version = deletedVersion(core.stamp(id));
	return { version, hash: digest(version) };
}

/** This phone's version of a match, its log read, or of a club thing (null: none here). */
export async function buildVersion(core: SyncCore, thing: Thing): Promise<Version | null> {
	if (isClubThing(thing)) {
		const synced = await core.db.synced.get([core.group, thing]);
		return (await clubLocalOf(core, thing, synced)).version;
	}
	if (!thing.startsWith('match.')) return null;
	const { match, log } = await matchWithLog(core.db, thing.slice('match.'.length));
	return match ? matchVersion(match, log, core.stamp(match.id)) : null;
}

/** A version queued to be sent (a version never sent of the same thing is replaced). */
export async function queueVersion(
	core: SyncCore,
	thing: Thing,
	body: Version,
	hash: string,
	revision: number,
	force = false
) {
	await enqueue(
		core.db,
		{ group: core.group, subject: thing, msgId: core.msgId(), body, hash, revision },
		force
	);
}

/**
 * Finds what changed here since the group last had it and queues its versions: players
 * first (a match never names a player the group lacks), then matches, each once.
 */
export async function scan(core: SyncCore) {
	const db = core.db;
	const synced = new Map<string, SyncedRow>();
	for (const row of await db.synced.where('group').equals(core.group).toArray()) {
		synced.set(row.subject, row);
	}
	const conflicts = new Set(
		(await db.conflicts.where('group').equals(core.group).toArray()).map((row) => row.subject)
	);
	const revisions = await groupRevisions(db, core.group);
	await adopt(core, synced, revisions);
	const moved: Version[] = [];
	const players = new Set<string>();
	for (const [id, revision] of revisions) {
		const row = synced.get(`match.${id}`);
		if (conflicts.has(`match.${id}`) || row?.revision === revision) continue;
		const { match, log } = await matchWithLog(db, id);
		if (!match) continue;
		// a match played live is the pen phone's to send, its end too (docs/group.md)
		if (!(await sends(core, id, row !== undefined))) continue;
		const version = matchVersion(match, log, core.stamp(id));
		const hash = digest(version);
		if (hash === row?.hash) {
			// the same as the group's: remembered, so the log is not read again
			await writeSynced(db, { ...row, revision: match.revision });
			continue;
		}
		moved.push(version);
		for (const seat of match.seats) players.add(seat.playerId);
	}
	// matches the group has that are gone here: deleted on this phone
	for (const row of synced.values()) {
		if (!row.subject.startsWith('match.') || conflicts.has(row.subject)) continue;
		const id = row.subject.slice('match.'.length);
		if (revisions.has(id) || row.hash === null || row.hash === 'deleted') continue;
		if (await db.matches.get(id)) continue; // in another group or none now: not ours to say
		moved.push(deletedVersion(core.stamp(id)));
	}
	// players: the group's that changed here, and those a new version seats for the first time
	for (const row of synced.values()) {
		if (row.subject.startsWith('player.')) players.add(row.subject.slice('player.'.length));
	}
	for (const id of players) {
		const thing: Thing = `player.${id}`;
		if (conflicts.has(thing)) continue;
		const row = synced.get(thing);
		const local = await localOf(core, thing, {
			synced: row,
			conflict: undefined,
			outbox: [],
			player: await db.players.get(id)
		});
		if (!local.version || local.hash === row?.hash) continue;
		await queueVersion(core, thing, local.version, local.hash!, -1);
	}
	// the club's things: the group's settings, its evenings (club.ts)
	for (const club of await clubChanges(core, synced, conflicts)) {
		await queueVersion(core, club.thing, club.version, club.hash, -1);
	}
	for (const version of moved) {
		const thing: Thing = `match.${version.id}`;
		const row = await db.matches.get(version.id);
		await queueVersion(core, thing, version, digest(version), row?.revision ?? -1);
	}
	await core.board.refresh();
}
