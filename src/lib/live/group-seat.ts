/**
 * This phone's member credential in the group a match belongs to (docs/group.md): "Play live"
 * on a group's match opens the table with it, so the group's board follows the table.
 */
import type { MatchRow } from '$lib/db/schema';

/** A member's credential, as its group link gives it (`s`: another server than the page's). */
export interface GroupSeat {
	g: string;
	u: string;
	p: string;
	s?: string;
}

/**
 * The credential to open `match`'s table with, or null: a match of no group, or of a group this
 * phone left. Until this phone keeps groups (the group record's database), none.
 */
export async function groupSeatOf(match: MatchRow): Promise<GroupSeat | null> {
	void match;
	return null;
}
