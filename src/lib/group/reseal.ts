/**
 * A sealed match sealed again from what it is here (docs/wire.md, "What travels": after `seal`;
 * "Reading a group's matches from the wire"): over the seal this phone's copy is as
 * (db/group/seals.ts), so the keeper's compare-and-set refuses it (`moved`) when another phone
 * sealed a change since that this phone never had, rather than this one writing over it in
 * silence; over the newest seal the group holds when this phone knows none (a phone that did
 * not seal the match, or whose copy is another phone's version since), as the group's versions
 * still carry a conflict then (docs/group.md, "On the phone: what leaves"). The match is sealed
 * as it is, over or not: a move taken back after its end reaches the group by this seal, as it
 * does by a version. Nothing is sealed while the match is in conflict here: the person's choice
 * is sealed once made.
 */
import type { JetStreamClient } from '@nats-io/jetstream';
import type { PasspadDb } from '$lib/db/db';
import type { MatchRow } from '$lib/db/schema';
import { keepSeal, sealHad } from '$lib/db/group/seals';
import { canonicalJson } from '$lib/wire/canonical';
import { newId, type SealEntry } from '$lib/wire/entry';
import { heldSeal } from './held';
import { deletedSeal, sealAsIs } from './seal-of';

/** How long a read of the match's newest seal waits for it (none: a match not sealed). */
const READ_MS = 1_000;

/** What sealing a match again would write, unsigned, or why nothing is. */
export type NextSeal =
	| { readonly kind: 'offline' }
	/** a seal this phone never had: sealed once it read the group's wire (`overNewest`) */
	| { readonly kind: 'waits' }
	/** the group holds no seal of the match */
	| { readonly kind: 'none' }
	/** the newest seal says what this copy says: kept as the seal the copy is as */
	| { readonly kind: 'same' }
	/** both versions are kept here until a person settles (docs/group.md) */
	| { readonly kind: 'in-conflict' }
	| { readonly kind: 'seal'; readonly seal: SealEntry };

export interface Resealing {
	readonly db: PasspadDb;
	readonly js: JetStreamClient;
	readonly group: string;
	/** this phone's id on the wire */
	readonly by: string;
	/**
	 * whether a match this phone knows no seal of may be sealed over the group's newest; not
	 * while it has not read the group's wire to its end (group/core.ts `waitsForWire`)
	 */
	readonly overNewest?: boolean;
}

/** The seal of match `id` (`match`: its row here, none when deleted here) written next. */
export async function nextSeal(
	{ db, js, group, by, overNewest = true }: Resealing,
	id: string,
	match: MatchRow | undefined
): Promise<NextSeal> {
	const held = await heldSeal(js, group, id, READ_MS);
	if (held === 'offline') return { kind: 'offline' };
	if (!held) return { kind: 'none' };
	if (await db.conflicts.get([group, `match.${id}`])) return { kind: 'in-conflict' };
	// this phone's own seal is one it had, kept or not (its answer lost, the phone stopped)
	const had = held.by === by ? held : await sealHad(db, group, id);
	if (!had && !overNewest) return { kind: 'waits' };
	const over = had ?? held;
	const place = { id: newId(), match: id, pos: over.pos + 1, prev: over.id, by, at: Date.now() };
	// as the match is, over or not: a move taken back after its end is sealed too
	const seal = match
		? await sealAsIs(db, match, held.change.start, place)
		: deletedSeal(held, place);
	if (canonicalJson(seal.change) !== canonicalJson(held.change)) return { kind: 'seal', seal };
	// what the group's newest seal says already: the copy is as that seal from now on
	if (over.id !== held.id) await keepSeal(db, group, id, held);
	return { kind: 'same' };
}
