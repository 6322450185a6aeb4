/**
 * This phone's member credential in the group a match belongs to (docs/group.md): "Play live"
 * on a group's match opens the table with it, so the group's board follows the table.
 */
import { database } from '$lib/db/db';
import type { MatchRow } from '$lib/db/schema';
import { GROUP_ID } from './names.js';

/** A member's credential, as its group link gives it (`s`: another server than the page's). */
export interface GroupSeat {
	g: string;
	u: string;
	p: string;
	s?: string;
}

/** A row of the `groups` table (database version 5, docs/group.md), as read here. */
interface MemberRow {
	id: string;
	server: string;
	user: string;
	pass: string;
	role: 'member' | 'board';
	left: boolean;
}

/**
 * The credential to open `match`'s table with, or null: a match of no group, or of a group this
 * phone left (its copies stay, nothing is asked of the group any more) or only shows as a board.
 * Read by name, so a database before version 5 (no groups yet) answers null.
 */
export async function groupSeatOf(match: MatchRow): Promise<GroupSeat | null> {
	const id = (match as MatchRow & { group?: unknown }).group;
	if (typeof id !== 'string' || !GROUP_ID.test(id)) return null;
	const db = database();
	if (!db.tables.some((table) => table.name === 'groups')) return null;
	const group = (await db.table('groups').get(id)) as MemberRow | undefined;
	if (!group || group.left || group.role !== 'member') return null;
	return {
		g: group.id,
		u: group.user,
		p: group.pass,
		...(group.server ? { s: group.server } : {})
	};
}
