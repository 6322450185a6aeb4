/**
 * A match's track on the group's wire taken into this phone's record (docs/wire.md, "Reading a
 * group's matches from the wire: the switch", step 3): a sealed match's seal is taken as the
 * group's version of it, through the same proof and reconciliation as a version read on the
 * record's subject (take.ts, reconcile.ts: written, the same, or a conflict shown, never
 * merged). In the transaction that takes it, the match's `synced` row becomes the seal's (its
 * stream sequence and its id) and the seal is kept as the one this phone's copy is as
 * (db/group/seals.ts), so a change made here is sealed over it (reseal.ts), never sent as a
 * version (the row's `onWire`: changes.ts, sender.ts). One sequence space: versions and seals
 * are messages of one stream, so a seal older than the version taken here is known, and a
 * version older than the seal taken is.
 *
 * Only for a group that reads its matches from the wire: a `synced` row moved to a seal no
 * longer names the record subject's last message, which a version sent of the match expects.
 * A match in play, or one whose entries did not follow, stays on the versions until sealed.
 */
import { RECORD_TABLES } from '$lib/db/group/here';
import { keepSeal } from '$lib/db/group/seals';
import { keepReadTo } from '$lib/db/group/synced';
import { recordSubject } from '$lib/wire/names.js';
import type { SyncCore } from './core';
import { writeVersion } from './record';
import { versionOfSealed } from './sealed';
import { take } from './take';
import type { Track } from './track';

/** What became of a track here: a seal taken (or known), or left to the versions. */
export type Taken = 'taken' | 'not-taken' | 'left';

/**
 * Match `id`'s track taken, in one transaction with the record's tables and how far the wire
 * was taken (the group's `wireReadTo`). `taken`: the copy is the seal's now (written, or
 * already the same); `not-taken`: known already, in conflict, or refused (the group's page says
 * it); `left`: not a seal, the versions carry it.
 */
export async function takeTrack(core: SyncCore, id: string, track: Track): Promise<Taken> {
	const { db, group } = core;
	return db.transaction('rw', [...RECORD_TABLES(db), db.groups], async () => {
		const taken = await takeSeal(core, id, track);
		await keepReadTo(db, group, track.seq, 'wireReadTo');
		return taken;
	});
}

async function takeSeal(core: SyncCore, id: string, track: Track): Promise<Taken> {
	if (track.kind !== 'sealed') return 'left';
	const version = versionOfSealed(track.seal);
	// a seal whose seats and players do not pair up: the keeper's fault, the next seal mends it
	if (!version) return 'left';
	const { db, group } = core;
	await take(core, recordSubject(group, id), track.seq, track.seal.id, writeVersion(version), true);
	const synced = await db.synced.get([group, `match.${id}`]);
	if (synced?.seq !== track.seq || synced.msgId !== track.seal.id) return 'not-taken';
	await db.synced.update([group, `match.${id}`], { onWire: true });
	await keepSeal(db, group, id, track.seal);
	return 'taken';
}
