/**
 * The group's messages refused on this phone, kept on the group's row (docs/group.md, "What is
 * written where on the phone"): the page words them after a reload, before the phone connects.
 */
import type { PasspadDb } from './db';
import type { RefusedNote } from './schema';

/** Refused messages kept for the group's page, newest last. */
export const REFUSED_KEPT = 20;

/** Adds a note (one per stream sequence: a message taken twice is said once), the last few kept. */
export function withNote(notes: readonly RefusedNote[], note: RefusedNote): RefusedNote[] {
	return [...notes.filter((one) => one.seq !== note.seq), note]
		.sort((a, b) => a.seq - b.seq)
		.slice(-REFUSED_KEPT);
}

/** Keeps a refusal on the group's row; a group this phone no longer has keeps nothing. */
export async function keepRefused(db: PasspadDb, group: string, note: RefusedNote): Promise<void> {
	await db.transaction('rw', db.groups, async () => {
		const row = await db.groups.get(group);
		if (row) await db.groups.update(group, { refused: withNote(row.refused ?? [], note) });
	});
}

/** The notes kept for the group, newest last. */
export async function refusedOf(db: PasspadDb, group: string): Promise<RefusedNote[]> {
	return (await db.groups.get(group))?.refused ?? [];
}
