/**
 * A conflict settled by a person (docs/group.md, "Every write says what it replaces"): keep
 * this phone's version (sent over the group's), keep the group's (written here), or, for a
 * match, keep both (this phone's becomes a new match of the group, the group's takes its place).
 */
import { readThing } from '$lib/db/group/here';
import { recordOf } from '$lib/db/group/synced';
import { copyMatch, dropConflict } from '$lib/db/group/conflicts';
import { newId as newMatchId } from '$lib/wire/ids';
import type { SyncCore } from './core';
import { buildVersion, queueVersion } from './changes';
import { digest, type Thing, type Version } from './record';
import { writeVersionHere } from './take';

export type Settle = 'mine' | 'theirs' | 'both';
export type Settled = { ok: true; copy?: string } | { ok: false; why: 'no-conflict' | 'not-both' };

/** Settles the conflict on `thing`, in the sync's queue; the caller sends what it queued. */
export function settleConflict(core: SyncCore, thing: Thing, choice: Settle): Promise<Settled> {
	return core.serial(async (): Promise<Settled> => {
		const db = core.db;
		const conflict = await db.conflicts.get([core.group, thing]);
		if (!conflict) return { ok: false, why: 'no-conflict' };
		const theirs = conflict.theirs as Version;
		const here = await readThing(db, core.group, thing);
		const mine = (await buildVersion(core, thing)) ?? (conflict.mine as Version);
		const seq = Math.max(here.synced?.seq ?? 0, conflict.theirsSeq);
		let copy: string | undefined;
		if (choice === 'both') {
			if (theirs.kind !== 'match' || !here.match) return { ok: false, why: 'not-both' };
			copy = newMatchId();
			await copyMatch(db, here.match.id, copy);
		}
		const chosen = choice === 'mine' ? mine : theirs;
		if (choice === 'mine') {
			await dropConflict(db, core.group, thing);
		} else {
			// the group's version written here (its conflict row goes with it)
			await writeVersionHere(core, theirs, {
				seq,
				msgId: conflict.theirsMsgId,
				hash: digest(theirs)
			});
			// a seal's copy stays one (take-track.ts): sealed again over it, never versioned
			if (here.synced?.onWire) {
				const record = recordOf(here.synced);
				await db.synced.update([core.group, thing], { onWire: true, record });
			}
		}
		// the choice is written to the group over its newest version, so every phone settles
		const revision = (await db.matches.get(thing.slice(thing.indexOf('.') + 1)))?.revision;
		await queueVersion(
			core,
			thing,
			{ ...chosen, ...core.stamp(chosen.id) },
			digest(chosen),
			choice === 'mine' ? -2 : (revision ?? -1),
			true
		);
		core.stale.delete(thing);
		return copy ? { ok: true, copy } : { ok: true };
	});
}
