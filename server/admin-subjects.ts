// Where `npm run server -- revoke…` asks the running server, which alone writes the registry
// (docs/live.md, "One owner of the registry"). The host credential may publish here: it is the
// server owner's (its link opens tables and groups; the host.secret file is the server's user's).

/** Every admin request of the running server. */
export const ADMIN_SUBJECTS = 'passpad.admin.>';

export type AdminRequest =
	| { what: 'revoke'; table: string }
	| { what: 'revoke-member'; group: string; user: string }
	| { what: 'revoke-group'; group: string };

export const adminSubject = (what: AdminRequest['what']) => `passpad.admin.${what}`;
