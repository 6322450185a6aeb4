// A group and its board for the board's test and bench, made by the server's own provisioning
// (server/live.ts's startLive: createGroup, openGroupTable, closeGroupTable), so the
// board reads with the permissions the product gives it (docs/group.md, "Credentials and
// permissions"): a table opened after the board connected reaches it at the config's reload.

/**
 * A new group on the live server, and its board's link.
 * @param {Awaited<ReturnType<typeof import('../server/live').startLive>>} live
 * @param {string} [name]
 */
export async function boardGroup(live, name = 'Club') {
	const made = await live.createGroup(name, 'First phone');
	return {
		group: made.group,
		member: made.member,
		board: made.board,
		name: made.name,
		/** The group's first member's link, as the phone that made the group keeps it. @param {string} origin */
		memberLink: (origin) =>
			`${origin}/group#${new URLSearchParams({ g: made.group, n: made.name, u: made.member.user, p: made.member.pass })}`,
		/** The board's link (docs/group.md, "Links"): the credential in the fragment. @param {string} origin */
		link: (origin) =>
			`${origin}/board#${new URLSearchParams({ g: made.group, n: made.name, u: made.board.user, p: made.board.pass })}`,
		/**
		 * A live table of the group, as a member's `table` request opens it: its record says
		 * `open: true` once the board may read it.
		 * @param {import('../src/lib/wire/provision').TableAsked} table
		 */
		open: (table) => live.openGroupTable(made.group, table),
		/** The table's record says `open: false`, then the board loses its permissions. @param {string} table */
		close: (table) => live.closeGroupTable(made.group, table)
	};
}
