/**
 * The seal of each group's match this phone's copy is as (schema v12, `seals`; docs/wire.md,
 * "Reading a group's matches from the wire"): a change made here is sealed over it, so the
 * keeper's compare-and-set refuses it when another phone sealed a change this phone never had,
 * instead of writing over that change in silence. Let go when the copy is written from the
 * group's version or a conflict is settled: the copy is then another phone's, or chosen knowing
 * it, and the next change is sealed over the newest seal the group holds, as a phone that never
 * had one does.
 */
import type { PasspadDb } from '../db';
import type { SealRow, Subject } from '../schema';

/** Which seal: its entry id and its position in the match's log. */
export type KeptSeal = Pick<SealRow, 'id' | 'pos'>;

/** The seal this phone's copy of the match is as, if it knows one. */
export function sealHad(db: PasspadDb, group: string, match: string): Promise<SealRow | undefined> {
	return db.seals.get([group, match]);
}

/** The copy is as this seal: stored from here, or found to say what the copy says. */
export async function keepSeal(
	db: PasspadDb,
	group: string,
	match: string,
	place: KeptSeal
): Promise<void> {
	await db.seals.put({ group, match, id: place.id, pos: place.pos });
}

/**
 * The copy of a thing is written from the group's version, or its conflict settled: a match's
 * seal had here is let go (in the caller's transaction when there is one).
 */
export async function letSealGo(db: PasspadDb, group: string, subject: Subject): Promise<void> {
	if (subject.startsWith('match.')) await db.seals.delete([group, subject.slice(6)]);
}
