/**
 * This phone's groups without the NATS client (docs/group.md): joining and leaving write the
 * `groups` table; the sync (running.svelte.ts) is loaded only on a phone that belongs to one.
 */
import { database } from '$lib/db/db';
import { leave } from '$lib/db/links';
import type { GroupRow } from '$lib/db/schema';
import type { GroupLink } from './link';
import { markInAGroup } from './member-flag';
import { forgetNotes } from './entries-kept';

/** The group of a member's link, kept here (its credential never stays in the address bar). */
export async function joinGroup(link: GroupLink, now = Date.now()): Promise<GroupRow> {
	const db = database();
	const here = await db.groups.get(link.g);
	const row: GroupRow = {
		id: link.g,
		name: here?.name ?? link.n,
		server: link.s ?? '',
		user: link.u,
		pass: link.p,
		role: 'member',
		left: false,
		joinedAt: here?.joinedAt ?? now,
		...(here?.refused ? { refused: here.refused } : {}),
		// read on from where this phone was, when the link names the same server
		...(here?.readTo && here.server === (link.s ?? '') ? { readTo: here.readTo } : {})
	};
	await db.groups.put(row);
	markInAGroup(true);
	return row;
}

/**
 * Leaves a group: nothing more is read or sent; every match and player stays here, the
 * matches still marked as the group's (docs/group.md, "Removing").
 */
export async function leaveGroup(id: string): Promise<void> {
	await leave(database(), id);
	// what the group answered of its matches is said no more: its page is gone with it
	await forgetNotes(database(), id);
	markInAGroup((await memberGroups()).length > 0);
}

/** The groups a new match may be recorded for. */
export async function memberGroups(): Promise<GroupRow[]> {
	const groups = await database().groups.toArray();
	return groups.filter((group) => !group.left && group.role === 'member');
}

/** Starts the groups' sync when this phone belongs to one (the NATS client loads only then). */
export async function startGroups(): Promise<void> {
	const member = (await memberGroups()).length > 0;
	markInAGroup(member);
	if (!member) return;
	const { startAll } = await import('./running.svelte');
	await startAll();
}
