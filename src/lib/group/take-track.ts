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
import { keepReadTo, recordOf } from '$lib/db/group/synced';
import { recordSubject } from '$lib/wire/names.js';
import type { SyncCore } from './core';
import type { Subject, SyncedRow } from '$lib/db/schema';
import type { PasspadDb } from '$lib/db/db';
import type { SealEntry } from '$lib/wire/entry';
import { writeVersion } from './record';
import { versionOfSealed } from './sealed';
import { takeMany } from './take';
import type { Message } from './core';
import type { Track } from './track';

/** What became of a track here: a seal taken (or known), or left to the versions. */
export type Taken = 'taken' | 'not-taken' | 'left';

/** A match's track as the wire's reader gave it. */
export interface TrackRead {
	readonly match: string;
	readonly track: Track;
}

/**
 * Tracks taken in the stream's order, in one transaction with the record's tables and how far
 * the wire was taken (the group's `wireReadTo`), as the record's messages are (take.ts
 * `takeMany`: a match new here written with the others like it in bulk). Each answers
 * `taken`: the copy is the seal's now (written, or already the same); `not-taken`: known
 * already, in conflict (the copy then on the seal's track all the same, its conflict settled
 * as a seal's copy's is), refused (the group's page says it), or a later seal of it in the same
 * batch; `left`: not a seal, the versions carry it.
 */
export async function takeTracks(core: SyncCore, read: readonly TrackRead[]): Promise<Taken[]> {
	const { db, group } = core;
	const versions = read.map(({ track }) =>
		track.kind === 'sealed' ? versionOfSealed(track.seal) : null
	);
	return db.transaction('rw', [...RECORD_TABLES(db), db.groups], async () => {
		const messages: Message[] = [];
		for (const [at, { match, track }] of read.entries()) {
			const version = versions[at];
			// a seal whose seats and players do not pair up: the keeper's fault, the next mends it
			if (!version || track.kind !== 'sealed') continue;
			const data = writeVersion(version);
			messages.push({
				subject: recordSubject(group, match),
				seq: track.seq,
				msgId: track.seal.id,
				data
			});
		}
		const keys = read.map(({ match }): [string, Subject] => [group, `match.${match}`]);
		// the record subject's last version as read here, kept beside the seal (turn-back.ts)
		const records = (await db.synced.bulkGet(keys)).map(recordOf);
		await takeMany(core, messages, new Map(), true);
		const rows = await db.synced.bulkGet(keys);
		const taken = read.map(({ track }, at): Taken => {
			if (track.kind !== 'sealed' || !versions[at]) return 'left';
			const row = rows[at];
			return row?.seq === track.seq && row.msgId === track.seal.id ? 'taken' : 'not-taken';
		});
		for (const [at, { match, track }] of read.entries()) {
			if (track.kind !== 'sealed') continue;
			if (taken[at] === 'taken') {
				await db.synced.put({ ...rows[at]!, onWire: true, record: records[at] });
				await keepSeal(db, group, match, track.seal);
			} else if (await conflictOf(db, group, match, track.seal, rows[at])) {
				// a seal read over a change made here: the copy is on the seal's track from now on,
				// settled as a seal's copy is (settle.ts), the record's last kept beside it
				await db.synced.put({ ...rows[at]!, onWire: true, record: records[at] });
			}
		}
		const last = Math.max(0, ...read.map(({ track }) => track.seq));
		await keepReadTo(db, group, last, 'wireReadTo');
		return taken;
	});
}

/** Whether `seal` read here is the group's side of a conflict on a copy from the versions. */
async function conflictOf(
	db: PasspadDb,
	group: string,
	match: string,
	seal: SealEntry,
	row: SyncedRow | undefined
): Promise<boolean> {
	if (!row || row.onWire) return false;
	return (await db.conflicts.get([group, `match.${match}`]))?.theirsMsgId === seal.id;
}

/** One match's track taken (`takeTracks`). */
export async function takeTrack(core: SyncCore, id: string, track: Track): Promise<Taken> {
	return (await takeTracks(core, [{ match: id, track }]))[0];
}
