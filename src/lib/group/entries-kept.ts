/**
 * What the group's page says of a match's entries, kept on this phone (docs/group.md, "On the
 * phone: what leaves"): a refusal or a conflict stays said after a reload or when the app opens
 * again, until a later send of that match is done (group/sync.ts looks at a conflict again with
 * each look at the entries). One `settings` row per group (no new schema
 * version), holding only what is worth saying; a send with no answer (offline, slowed down,
 * waiting for the group's wire) changes nothing said. Written when an answer is known, read
 * when the sync starts.
 */
import * as v from 'valibot';
import type { PasspadDb } from '$lib/db/db';
import { getValue, removeValue, setValue } from '$lib/db/settings';
import { unanswered, type Sent } from './sent';
import type { EntriesNote } from './status';

/** The `settings` row of a group's kept notes. */
export const entriesKeptOf = (group: string) => `entries-said.${group}`;

/** A refusal or a conflict: said on the group's page until the match goes. */
export const worthSaying = (sent: Sent): boolean =>
	sent.kind === 'refused' || sent.kind === 'moved';

/** What is said of a match after a send: its answer, or what was said before when none came. */
export function said(before: Sent | undefined, sent: Sent): Sent {
	return unanswered(sent) && before && worthSaying(before) ? before : sent;
}

/** The notes kept after a round of sends: a done send clears its match's. */
export function nextNotes(
	kept: ReadonlyMap<string, Sent>,
	results: ReadonlyMap<string, Sent>
): Map<string, Sent> {
	const next = new Map(kept);
	for (const [match, sent] of results) {
		const now = said(kept.get(match), sent);
		if (worthSaying(now)) next.set(match, now);
		else next.delete(match);
	}
	return next;
}

const Kept = v.array(
	v.object({
		match: v.string(),
		sent: v.union([
			v.object({ kind: v.literal('moved') }),
			v.object({ kind: v.literal('refused'), why: v.string(), code: v.optional(v.string()) })
		])
	})
);

/** The notes kept for the group (none when the row is missing or not of its shape). */
export async function keptNotes(db: PasspadDb, group: string): Promise<EntriesNote[]> {
	const read = v.safeParse(Kept, await getValue<unknown>(entriesKeptOf(group), [], db));
	return read.success ? read.output : [];
}

/** Keeps the group's notes; none left, the row goes. */
export async function keepNotes(
	db: PasspadDb,
	group: string,
	kept: ReadonlyMap<string, Sent>
): Promise<void> {
	if (kept.size === 0) return removeValue(entriesKeptOf(group), db);
	const notes: EntriesNote[] = [...kept].map(([match, sent]) => ({ match, sent }));
	await setValue(entriesKeptOf(group), notes, db);
}

/** The group's kept notes gone (the group left): a phone invited again starts with none. */
export function forgetNotes(db: PasspadDb, group: string): Promise<void> {
	return removeValue(entriesKeptOf(group), db);
}
