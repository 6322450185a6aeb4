// The names the live server and the phones agree on (docs/live.md, "Subjects, streams, permissions").
// Plain JavaScript so that the server (node, no build step) and the app import the same file:
// a subject spelled twice is a permission that silently stops matching.

/** A table's id: letters and digits only, so it is safe in a subject, a stream and a user name. */
export const TABLE_ID = /^[a-z0-9]{6,24}$/;
/** A match's id on the wire: the app's ids (UUIDs) with only letters, digits and dashes. */
export const MATCH_ID = /^[A-Za-z0-9-]{1,64}$/;

/** @param {string} table */
export const streamOf = (table) => `PASSPAD_${table}`;
/** Every match of a table is one subject of the table's stream. @param {string} table */
export const matchesOf = (table) => `passpad.${table}.m.>`;
/** @param {string} table @param {string} match */
export const matchSubject = (table, match) => `passpad.${table}.m.${match}`;
/**
 * Where a phone sends an entry for the server's keeper to check and append (docs/wire.md, "Who
 * writes"): a core NATS request, answered with the stream sequence or a refusal word. Phones
 * never publish to the stream itself. @param {string} table
 */
export const appendsOf = (table) => `passpad.${table}.append.>`;
/** @param {string} table @param {string} match */
export const appendSubject = (table, match) => `passpad.${table}.append.${match}`;
/** Every table's appends, as the keeper listens to them. */
export const ALL_APPENDS = 'passpad.*.append.*';
/**
 * Where a phone asks the keeper for a page of a match's stored entries (docs/wire.md, "Where it
 * is stored"): phones never touch JetStream, their account has none. @param {string} table
 */
export const readsOf = (table) => `passpad.${table}.read.>`;
/** @param {string} table @param {string} match */
export const readSubject = (table, match) => `passpad.${table}.read.${match}`;
/** Every table's reads, as the keeper listens to them. */
export const ALL_READS = 'passpad.*.read.*';
/**
 * Each stored entry of a table, republished by its stream (or the keeper) for the table's
 * phones to hear as it is stored. @param {string} table
 */
export const feedsOf = (table) => `passpad.${table}.feed.>`;
/** @param {string} table @param {string} match */
export const feedSubject = (table, match) => `passpad.${table}.feed.${match}`;
/**
 * The NATS account of the server's own users (the keeper, the host, the groups): it holds every
 * stream, and exports each table its append and read services and its feed (docs/wire.md).
 */
export const KEEPER_ACCOUNT = 'PASSPAD';
/** A table's own account: its phones' users only, no JetStream. @param {string} table */
export const tableAccountOf = (table) => `T_${table}`;
/** "May I take the pen?": plain messages, not kept in the stream. @param {string} table */
export const asksOf = (table) => `passpad.${table}.ask.>`;
/** @param {string} table @param {string} match */
export const askSubject = (table, match) => `passpad.${table}.ask.${match}`;
/** The pen phone's "still here" every few seconds, not kept. @param {string} table */
export const heresOf = (table) => `passpad.${table}.here.>`;
/** @param {string} table @param {string} match */
export const hereSubject = (table, match) => `passpad.${table}.here.${match}`;
/**
 * Every table's "still here", as the keeper hears them (imported from each table's account):
 * a signed one proves the holder is playing, so its pen is not taken (docs/live.md, "The pen").
 */
export const ALL_HERES = 'passpad.*.here.*';
/** Where a phone holding the host credential asks for a new table. */
export const PROVISION_SUBJECT = 'passpad.provision.table';
/** Each credential's own inbox prefix: replies to one phone reach no other. @param {string} user */
export const inboxOf = (user) => `_I.${user}`;
/** The path on the app's own origin that scripts/serve.mjs passes to the server's WebSocket. */
export const LIVE_PATH = '/nats';
/**
 * The query a connection adds to LIVE_PATH to have its messages deflated (server/proxy.ts
 * passes the browser's permessage-deflate offer on for it only): a group's record, read whole
 * by a joining phone and by the board, not a live table's small entries (docs/group.md,
 * "Figures").
 */
export const DEFLATE_QUERY = 'deflate';
/** Where a phone whose link the server refused asks whether its table was closed (server/closed.ts). */
/** @param {string} table */
export const closedPath = (table) => `${LIVE_PATH}/closed/${table}`;
/** Where any phone asks an open server (`--open`) for a new table, without the host link (server/open.ts). */
export const OPEN_PATH = `${LIVE_PATH}/open`;

// A group (a club's record, docs/group.md): one stream per group, one subject per thing it
// keeps, so the newest message of each subject is that thing's current version.

/** A group's id: the same alphabet as a table's. */
export const GROUP_ID = /^[a-z0-9]{6,24}$/;
/** A player's or a match's id on the wire: the app's ids. */
export const THING_ID = MATCH_ID;
/**
 * A group's own NATS account (docs/wire.md, "Where it is stored"): JetStream on, its stream, its
 * members', board's and the server's users in it, so nothing a group's link sends through
 * JetStream can reach another group or a table. @param {string} group
 */
export const groupAccountOf = (group) => `G_${group}`;
/**
 * The server's own user in a group's account: it makes the group's stream and writes its members'
 * and tables' records; its password lives in the running server only. @param {string} group
 */
export const clerkOf = (group) => `${group}-s`;
/** @param {string} group */
export const groupStreamOf = (group) => `PASSPAD_G_${group}`;
/** Every subject of a group's stream. @param {string} group */
export const groupSubjectsOf = (group) => `passpad.g.${group}.>`;
/** A roster player's newest version. @param {string} group @param {string} player */
export const playerSubject = (group, player) => `passpad.g.${group}.player.${player}`;
/** A match's newest version (whole: setup, log, notes, status). @param {string} group @param {string} match */
export const recordSubject = (group, match) => `passpad.g.${group}.match.${match}`;
/** The group's settings (ratings on or off): one subject. @param {string} group */
export const clubSettingsSubject = (group) => `passpad.g.${group}.settings`;
/** A club evening's definition, whole. @param {string} group @param {string} evening */
export const eveningSubject = (group, evening) => `passpad.g.${group}.evening.${evening}`;
/** A live table of the group, for the board. @param {string} group @param {string} table */
export const boardTableSubject = (group, table) => `passpad.g.${group}.table.${table}`;
/** A member of the group (written by the server only). @param {string} group @param {string} user */
export const memberSubject = (group, user) => `passpad.g.${group}.member.${user}`;
/**
 * A group's matches as logs of entries and seals (docs/wire.md, "Where it is stored"), a second
 * subject space of the group's stream, outside `groupSubjectsOf`: a phone reading the group's
 * record (its versions) and the board are not sent a match's entries nor its seal, so a joining
 * phone reads one message per thing, as before sealing. Written by the keeper only.
 * @param {string} group
 */
export const groupWireOf = (group) => `passpad.gw.${group}.>`;
/**
 * Each entry of a match in play its own subject, by its position, so the group's stream keeps
 * every one (it keeps GROUP_VERSIONS messages a subject, server/streams.ts) and the keeper's
 * compare-and-set on the position's subject stores one entry a position.
 * @param {string} group @param {string} match @param {number | '*'} pos
 */
export const groupEntrySubject = (group, match, pos) => `passpad.gw.${group}.m.${match}.${pos}`;
/** Every entry of a group's match in play. @param {string} group @param {string} match */
export const groupEntriesOf = (group, match) => groupEntrySubject(group, match, '*');
/**
 * A finished match's seal: its whole log and row in one message, written by the keeper, so a
 * new phone reads one message per finished match (`last_per_subject` on `s.>`).
 * @param {string} group @param {string} match
 */
export const sealSubject = (group, match) => `passpad.gw.${group}.s.${match}`;
/**
 * Where the build of 27 November 2026 stored a group's entries and seals, inside the record's
 * subjects: still read (and written, for a match whose entries are there) by the keeper and the
 * phones, so a match in play or sealed then goes on (docs/wire.md, "Where it is stored").
 * @param {string} group @param {string} match @param {number | '*'} pos
 */
export const legacyEntrySubject = (group, match, pos) => `passpad.g.${group}.m.${match}.${pos}`;
/** @param {string} group @param {string} match */
export const legacySealSubject = (group, match) => `passpad.g.${group}.s.${match}`;
/**
 * Where a group's member sends an entry of a match for the keeper to check and store (docs/wire.md,
 * "Who writes"): outside the group stream's subjects, so a request is never stored as it is.
 * @param {string} group @param {string} match
 */
export const groupAppendSubject = (group, match) => `passpad.append.g.${group}.${match}`;
/** Every match's appends of a group, as its account imports them. @param {string} group */
export const groupAppendsOf = (group) => `passpad.append.g.${group}.*`;
/** Every group's appends, as the keeper listens to them. */
export const ALL_GROUP_APPENDS = 'passpad.append.g.*.*';
/**
 * Where a member's phone registers its public key with the keeper (docs/wire.md, "Keys"): the
 * subject names the member's own user, and each member's credential may publish to its own
 * only (server/config.ts), so the server, not the message, says whose key it is.
 * @param {string} group @param {string} user
 */
export const registerSubject = (group, user) => `passpad.register.g.${group}.${user}`;
/** Every member's registration of a group, as its account imports them. @param {string} group */
export const registersOf = (group) => `passpad.register.g.${group}.*`;
/** Every group's registrations, as the keeper listens to them. */
export const ALL_REGISTERS = 'passpad.register.g.*.*';
/** Where the host credential asks for a new group. */
export const PROVISION_GROUP_SUBJECT = 'passpad.provision.group';
/**
 * Where a member asks for things in its own group (docs/group.md, "Requests"): another member,
 * a live table, closing it, removing a credential.
 * @param {string} group @param {'invite' | 'table' | 'close' | 'remove'} what
 */
export const groupProvisionSubject = (group, what) => `passpad.provision.g.${group}.${what}`;
/** Every request a member of the group may make. @param {string} group */
export const groupProvisionsOf = (group) => `passpad.provision.g.${group}.>`;
