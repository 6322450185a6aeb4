/**
 * This phone's changes to a group's record (docs/group.md, "On the phone: what leaves"):
 * tracked in the transaction that made them (db/changed.ts), built when they are sent, and
 * queued in the outbox, players before the match that seats them.
 */
import { matchWithLog, type ThingHere } from '$lib/db/group/here';
import { changedOf, settle } from '$lib/db/changed';
import { enqueue } from '$lib/db/group/outbox';
import { recordOf, writeSynced } from '$lib/db/group/synced';
import type { SyncCore } from './core';
import type { Sent } from './entries';
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
import type { MatchRow } from '$lib/db/schema';
import { clubLocalOf, isClubThing } from './club';

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
	force = false,
	/** the tracked change it was built from (db/changed.ts): done with once acknowledged */
	changed?: number
) {
	const entry = { group: core.group, subject: thing, msgId: core.msgId(), body, hash, revision };
	await enqueue(core.db, changed === undefined ? entry : { ...entry, changed }, force);
}

/**
 * Sends what this phone changed of the group (docs/group.md, "On the phone: what leaves"): the
 * things tracked in the transactions that changed them (db/changed.ts), each built as it is
 * now, so a burst of taps is one version. Nothing else is read: a tap costs what it changed,
 * whatever the group holds. A thing in conflict waits for a person to settle it; a thing whose
 * version is the group's already, or that this phone does not send (live play, another group),
 * is done with at once.
 */
export async function drain(core: SyncCore) {
	for (const row of await changedOf(core.db, core.group)) {
		if (core.closed) return;
		await drainOne(core, row.subject, row.n);
	}
	await core.board.refresh();
}

async function drainOne(core: SyncCore, thing: Thing, n: number) {
	// its version is queued already: the outbox sends it, its acknowledgement ends the row
	if (core.built.get(thing) === n) return;
	const db = core.db;
	// conflicts are shown, never merged: the thing waits for a person (settle.ts)
	if (await db.conflicts.get([core.group, thing])) return;
	const synced = await db.synced.get([core.group, thing]);
	const done = () => (core.built.delete(thing), settle(db, core.group, thing, n));
	const queue = (version: Version, hash: string, revision: number) => {
		core.built.set(thing, n);
		return queueVersion(core, thing, version, hash, revision, false, n);
	};
	if (!thing.startsWith('match.')) {
		const local = isClubThing(thing)
			? await clubLocalOf(core, thing, synced)
			: await localOf(core, thing, {
					synced,
					conflict: undefined,
					outbox: [],
					player: await db.players.get(thing.slice('player.'.length))
				});
		if (!local.version || local.hash === (synced?.hash ?? null)) return done();
		return queue(local.version, local.hash!, -1);
	}
	const id = thing.slice('match.'.length);
	const { match, log } = await matchWithLog(db, id);
	if (!match) {
		// gone here: deleted on this phone, told to the group if it has the match
		if (!synced || synced.hash === null || synced.hash === 'deleted') return done();
		if (core.waitsForWire) return;
		const version = deletedVersion(core.stamp(id));
		return queue(version, digest(version), -1);
	}
	// a match followed here whose pen came to this phone becomes the group's (role.ts)
	if (match.group === null && (await adopt(core, match))) match.group = core.group;
	if (match.group !== core.group) return done();
	// a match played live is the pen phone's to send, its end too (docs/group.md)
	if (!(await sends(core, id, synced !== undefined))) return done();
	// the copy taken from the group's seal (take-track.ts): sealed again over it while the group
	// reads the wire, tracked until then (`sealedDone`), so a change made offline and the app
	// closed is still sealed at the next start; once it turned back, a version over the record's
	// last (turn-back.ts)
	if (synced?.onWire && core.switched !== false) return;
	// a copy from the versions may lack a seal this phone has not read yet: it waits (core.ts),
	// its players go (a match never names a player the group lacks)
	if (core.waitsForWire) return queuePlayers(core, match);
	const version = matchVersion(match, log, core.stamp(id));
	const hash = digest(version);
	// what the group's versions say of it (a seal's copy: the record's last, turn-back.ts)
	if (synced && hash === (synced.onWire ? recordOf(synced).hash : synced.hash)) {
		// the same as the group's: remembered, so the group's next version finds it clean
		await writeSynced(db, { ...synced, revision: match.revision });
		return done();
	}
	// players first: a match never names a player the group lacks
	await queuePlayers(core, match);
	await queue(version, hash, match.revision);
}

/** The players a match seats, each sent before it when the group does not have it as it is here. */
async function queuePlayers(core: SyncCore, match: MatchRow) {
	for (const seat of match.seats) await queuePlayer(core, seat.playerId);
}

/** A player the match seats, sent before it when the group does not have it as it is here. */
async function queuePlayer(core: SyncCore, id: string) {
	const thing: Thing = `player.${id}`;
	if (await core.db.conflicts.get([core.group, thing])) return;
	const synced = await core.db.synced.get([core.group, thing]);
	const player = await core.db.players.get(id);
	const local = await localOf(core, thing, { synced, conflict: undefined, outbox: [], player });
	if (!local.version || local.hash === synced?.hash) return;
	await queueVersion(core, thing, local.version, local.hash!, -1);
}

/**
 * The changes to seals' copies that the entries' sending sealed, or found the group's seal says
 * already, done with while the group reads the wire (`tracked`: each change's `n` read before
 * that sending; a write since keeps its row). A conflict or no answer keeps them tracked.
 */
export async function sealedDone(
	core: SyncCore,
	tracked: ReadonlyMap<string, number>,
	results: ReadonlyMap<string, Sent>
) {
	if (core.switched !== true) return;
	for (const [match, sent] of results) {
		const thing: Thing = `match.${match}`;
		const n = tracked.get(thing);
		if (sent.kind !== 'done' || n === undefined) continue;
		const synced = await core.db.synced.get([core.group, thing]);
		if (synced?.onWire) await settle(core.db, core.group, thing, n);
	}
}
