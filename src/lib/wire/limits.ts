/**
 * Every limit of what a phone keeps and sends, defined once (docs/architecture.md, "Layers":
 * the wire is shared by the app and the server). The live wire (docs/live.md), the group's record
 * (docs/group.md), a backup and a hand-over link read and write a match with these same numbers,
 * so a match played live always fits the group's record and a backup. A limit moves only up:
 * what an older phone wrote must still be read.
 */

/**
 * The longest log a match has between phones: in one live `rewrite` and in a group's version of
 * a match (a backup reads longer: MAX_KEPT_LOG). Longer than any match of the four games; a
 * longer log is not a match but a flood. It was 5,000 on the live wire and 2,000 in the group's
 * record: a live match of 2,001 actions would have played and then never reached its group, so
 * the record took the wire's number. A version's bytes (MAX_VERSION_BYTES) still bind first,
 * near 1,500 actions (docs/group.md, "One stream per group").
 */
export const MAX_LOG = 5_000;

/**
 * The longest log read from a backup or a hand-over link: a phone never refused a long match
 * while it was played, and backups were read up to this since their first version, so a file an
 * older phone wrote is still read whole. Past it, the file is not a phone's (MAX_BACKUP_BYTES
 * bounds it anyway).
 */
export const MAX_KEPT_LOG = 100_000;

/** The most seats a game has (Pass Pass, 6); a start, a table or a version with more is not a match. */
export const MAX_SEATS = 6;

/**
 * A player's name, as the new-match screen and the roster take it, and so as a seat's name
 * travels on the live wire (the start, the pen), in the group's record and in a backup. The live
 * wire read up to 60 and the server up to 40, but a seat's name always came from the roster.
 */
export const NAME_MAX_LENGTH = 30;

/** The longest note a match keeps (the match screen cuts a longer one). */
export const NOTES_MAX_LENGTH = 2_000;

/** A group's name and a phone's label in it (docs/group.md, "Requests"), as a person types them. */
export const LABEL_MAX_LENGTH = 60;

/** One live entry: a few hundred bytes; the table's stream refuses more (docs/live.md). */
export const MAX_ENTRY_BYTES = 16 * 1024;

/**
 * One version of a group's thing: a match of 1,000 actions is about 40 KiB; the group's stream
 * refuses more (docs/group.md, "One stream per group").
 */
export const MAX_VERSION_BYTES = 60 * 1024;

/** A request to the server (a group, a member, a table): a few hundred bytes. */
export const MAX_REQUEST_BYTES = 4_096;

/**
 * The largest backup file read: a year of weekly games is well under 5 MB, and 10,000 matches
 * about 45 MB; past this it is not a Passpad backup, or more than a phone should hold in memory
 * at once. In this small module: the settings screen checks a file's size before loading the
 * backup code.
 */
export const MAX_BACKUP_BYTES = 50 * 1024 * 1024;

/**
 * A hand-over link's match, decompressed (share/handover.ts; docs/architecture.md, "Who writes
 * what"): any match of the four games is far less; past it the link is not ours.
 */
export const MAX_HANDOVER_BYTES = 4_000_000;

/**
 * The deepest a match of a backup or a hand-over link may nest (its setup, actions, redo stack):
 * the four games' matches nest 6 levels at most. Past this it is not a match, and it would
 * overflow the stack of whatever copies it (IndexedDB's structured clone, JSON.stringify).
 */
export const MAX_MATCH_DEPTH = 24;

/**
 * What the server's keeper takes from one live table in a minute (docs/live.md, "Who writes: the keeper":
 * `slow-down` past it). A table writes an entry every few seconds; the most it sends at once is
 * a pen phone back from a cut sending each action it entered offline as its own entry (a whole
 * match is under 300), so this is several matches' worth, while a leaked link's flood is held
 * to a trickle.
 */
export const TABLE_ENTRIES_PER_MINUTE = 600;

/** The bytes a live table may send the keeper in a minute: 600 entries of a few hundred bytes. */
export const TABLE_BYTES_PER_MINUTE = 1024 * 1024;

/**
 * The pen's silence (docs/live.md, "The pen"): how long the holder must have said nothing (no
 * entry, no signed `here`) since the later of those and the last `pen` entry before another
 * phone may take the pen without an answer. The phones' "Take the pen" waits for it on their
 * own clock (live/pen.ts); the server's keeper refuses a `pen` entry from another key before it
 * (`pen-held`), so the phones' wait is the screen's and the keeper's is the proof.
 */
export const PEN_SILENCE_MS = 30_000;

/**
 * The pages of a table's entries the keeper's `read` service answers in a minute (docs/live.md,
 * "Who writes: the keeper"; `slow-down` past it, which the phone waits out). A page carries up
 * to PAGE_BYTES of entries, and an entry is at least 200 bytes (its ids, key and signature),
 * so a phone catching up a whole match of MAX_LOG entries reads at most 31 pages; this is
 * that for twenty phones joining at once, while a leaked link's loop of reads is held to ten
 * a second.
 */
export const TABLE_READS_PER_MINUTE = 600;

/**
 * The `here`s of one table the keeper checks in a minute (docs/live.md, "The pen"): a pen phone
 * says 12 (every 5 s); past this a flood's signatures cost the keeper nothing more, and the
 * table's holder keeps the pen by playing (its entries always count) until the minute is over.
 */
export const TABLE_HERES_PER_MINUTE = 60;

/**
 * What one group keeps on the server: its stream's bytes, and its own NATS account's file store
 * (docs/wire.md, "Where it is stored"), the same number: ~10,000 matches of a few KiB with a few
 * versions each. Full, a new version is refused (the phone keeps it and says so) rather than an
 * old match dropped. nats-server reserves it twice from its `max_file_store` (once for the
 * account, once for the stream): 16 GB holds 64 groups (docs/group.md, "Credentials").
 */
export const GROUP_STORE_BYTES = 256 * 1024 * 1024;

/**
 * The public keys one group member's record names at most (docs/wire.md, "Keys"): a member
 * credential is one phone's or one person's, and a phone keeps one key pair, so a few cover a
 * person's phones; past it the keeper refuses another (`full`) rather than forget a key that
 * signed the group's entries. A credential's key only grows: what it signed stays attributed.
 */
export const MAX_MEMBER_KEYS = 8;

/**
 * How long the server remembers a request's name and its answer (docs/group.md, "Requests":
 * asked again), and how many it remembers at most: a phone asks again within its own wait
 * (15 s), so two minutes covers a slow network; the oldest go first past the count, so a
 * leaked credential's flood of names costs the server a bounded memory.
 */
export const ASKED_REMEMBERED_MS = 120_000;
export const MAX_ASKED_REMEMBERED = 2_000;

/**
 * The wire this build reads its groups' matches from, said when it registers its key
 * (docs/wire.md, "Reading a group's matches from the wire: the switch", step 4): 1, the whole
 * versions only; 2, the entries and seals. A group switches when every member not removed has
 * a key that reads 2 (`group/switch.ts`). This build reads them: its keeper takes `reads` and
 * a seal of a move taken back after the end, so the keeper is updated before the phones.
 */
export const WIRE_READS = 2;

/**
 * How long a phone waits before asking a server that did not answer again, the wait doubling
 * from the first to the most (docs/live.md, "The client"): the stream readers (live/ordered.ts
 * `readings`) and the live table's reads, one retry path. Dialling has its own, longer
 * (live/connection.ts `RETRY`).
 */
export const ASK_AGAIN_MS = { first: 250, most: 4_000 } as const;
