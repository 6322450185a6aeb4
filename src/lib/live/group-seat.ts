/**
 * This phone's member credential in the group a match belongs to (docs/group.md): "Play live"
 * on a group's match opens the table with it, so the group's board follows the table.
 */
import { database } from '$lib/db/db';
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
 * phone left (its copies stay, nothing is asked of the group any more) or only shows as a board.
 */
export async function groupSeatOf(match: MatchRow): Promise<GroupSeat | null> {
	if (!match.group) return null;
	const group = await database().groups.get(match.group);
	if (!group || group.left || group.role !== 'member') return null;
	return {
		g: group.id,
		u: group.user,
		p: group.pass,
		...(group.server ? { s: group.server } : {})
	};
}
