import type { Aggregate, GameId, Refusal } from '../rules/common';
import type { RefusedWhy } from '../wire/refused';
import type { DrawnRound } from '../evening/types';
import type { Scale } from '../evening/tag';
import type { Subject } from './group-rows';

/**
 * Cumulative schema, one entry a version (lobe-chat's habit). A version that has shipped is
 * never edited: a change is a new version with its own upgrader in db.ts and its own test in
 * migrations.test.ts.
 */
export const SCHEMA = {
	/** v1: the roster, matches, their action logs, settings. */
	1: {
		players: 'id, nameKey',
		matches: 'id, game, status, updatedAt',
		actions: '[matchId+seq]',
		settings: 'key'
	},
	/**
	 * v2: history filters. A multi-entry index needs a flat array, so matches gain `playerIds`
	 * (derived from `seats` by the upgrader), and compound indexes keep filtered lists ordered
	 * by date without loading everything.
	 */
	2: {
		matches: 'id, game, status, updatedAt, *playerIds, [game+updatedAt], [status+updatedAt]'
	},
	/**
	 * v3: a match can be abandoned (status 'abandoned', with `abandonedAt`). No index changes:
	 * [status+updatedAt] already keeps abandoned matches off the home page's list to continue
	 * and out of who wins what. The version is raised because backups written from now on may
	 * hold abandoned matches: an older Passpad refuses them as newer, not as damaged.
	 */
	3: {},
	/**
	 * v4: the record a player expects and kept figures. Matches gain
	 * `notes` and the time played (`playedMs`, `playedByHand`), and a status 'handed' (with
	 * `handedAt`) for a match handed over to another phone; players gain `colour`. The upgrader
	 * (db.ts) backfills every new field, so none stays optional: nor do `revision` and the
	 * result's `lowerWins` and `feats`, which rows saved before they were kept lacked (the
	 * upgrader replays those matches' logs). `totals`: who wins what, kept per player and game
	 * as matches finish, change or go (totals.ts), so the players' page reads a few rows, not
	 * every match.
	 */
	4: {
		totals: '[playerId+game]'
	},
	/**
	 * v5: a group's record on every member's phone (docs/group.md). `groups`: the groups this
	 * phone belongs to. Matches gain `group` (the group it is recorded for, or null; the
	 * upgrader sets null), indexed, and `[group+revision]` so the sync reads which of a group's
	 * matches moved from the index alone. `synced`: per group and thing, the group's version
	 * this phone last had. `outbox`: versions written here, not yet acknowledged, in order.
	 * `conflicts`: both versions of a thing changed here and in the group, until a person settles.
	 */
	5: {
		matches:
			'id, game, status, updatedAt, *playerIds, [game+updatedAt], [status+updatedAt], group, [group+revision]',
		groups: 'id',
		synced: '[group+subject], group, subject',
		outbox: '++seq, group, [group+subject]',
		conflicts: '[group+subject], group'
	},
	/**
	 * v6: a match's log is one row (`logs`, keyed by the match's id), no longer a row per action
	 * (`actions`, removed). A new phone of a group catching up 10,000 matches wrote 1.2 million
	 * rows, and IndexedDB takes about as long per row whatever the row holds (docs/group.md,
	 * "Figures"). Every log, live or finished, has this one form; a match with no actions has no
	 * row. The upgrader (db.ts) packs each match's old rows into its log a few thousand rows at a
	 * time, in order, times kept; Dexie drops `actions` after it.
	 */
	6: {
		logs: 'matchId',
		actions: null
	},
	/**
	 * v7: no index changes. Pass Pass matches won by a third Pass Pass were kept with that
	 * round's points in their totals, which the rules never count (docs/rulings.md, Pass Pass 8),
	 * and team matches without the ticks written for each team (Pass Pass 11). The upgrader (db.ts)
	 * counts every finished Pass Pass result again from its log, so a phone's statistics, best
	 * scores and exports read the right totals; backups and a group's versions are counted from
	 * their logs when read, so they come in right by themselves.
	 */
	7: {},
	/**
	 * v8: a club evening run on this phone (docs/evening.md): who is here, the rounds drawn and
	 * which match each table started, the points' scale. `evenings`, by id, indexed by group. No
	 * other table changes: a match of an evening says so in its config, so the upgrader writes
	 * nothing.
	 */
	8: {
		evenings: 'id, group'
	},
	/**
	 * v9: live play's state between phones in IndexedDB, none left in localStorage
	 * (docs/wire.md, "On the phone: one replicator"). `links`: per match, its live link(s) with
	 * their passwords, where the pen was as its table last said, and the log as the phone last
	 * agreed with the table. `sends`: live play's outbox, an entry to send written in the same
	 * transaction as the change it carries, in order (group's `outbox` stays the group's). The
	 * host credential and the phone's id are rows of `settings`. The upgrader (db.ts,
	 * `movedLive`) moves what localStorage held.
	 */
	9: {
		links: 'match',
		sends: '++seq, match'
	},
	/**
	 * v10: what changed here of a group's record, tracked in the transaction that changes it
	 * (docs/group.md, "On the phone: what leaves"): `changed`, one row a thing of a group, by
	 * `[group+subject]`, until the group acknowledges its version. Before, a scan compared every
	 * match and `synced` row of the group after each burst of writes. The upgrader (db.ts,
	 * `trackedBefore`) writes a row for each thing that scan would have looked at, once.
	 */
	10: {
		changed: '[group+subject], group'
	},
	/**
	 * v11: no index changes. A match's log row is written as one JSON string (`json`), no longer
	 * as its entries' objects: IndexedDB clones each row on the page's main thread, and a phone
	 * joining a group of 10,000 matches spent about a quarter of that thread there (docs/group.md,
	 * "Figures"). No upgrader: a row in the v6 form is read as it is (db/log-row.ts) and written
	 * anew when its log changes, so opening the new build costs nothing. The version itself tells
	 * a tab of an older build, which knows only the v6 form, to close its database (db.ts).
	 */
	11: {},
	/**
	 * v12: `seals`, per group's match, the seal this phone's copy is as (one it stored, or read):
	 * a change made here is sealed over it, so the keeper refuses it over a seal this phone never
	 * had (docs/wire.md, "Reading a group's matches from the wire"). Nothing to upgrade: a phone
	 * that knows no seal of a match seals over the newest the group holds, as before.
	 */
	12: {
		seals: '[group+match]'
	}
} as const;

export const DB_NAME = 'passpad';
export const SCHEMA_VERSION = 12;

export interface PlayerRow {
	id: string;
	name: string;
	/** name folded for duplicate checks and search ("Léa" and "léa " are one player) */
	nameKey: string;
	hidden: boolean;
	createdAt: number;
	/** v4: the colour the player chose, a key of the palette (players/colours.ts), or none */
	colour: string | null;
}

export interface SeatRow {
	playerId: string;
	/** the player's name, kept on the seat for lists; renamePlayer and mergePlayers rewrite it */
	name: string;
}

/** What the rules say of a log: still being played, or over. */
export type PlayStatus = 'active' | 'finished';

/**
 * v3: a match the players stopped for good is 'abandoned' (kept, counted in no result).
 * v4: a match handed over to another phone, which goes on with it, is 'handed' here (kept,
 * counted in no result, off the list to continue).
 */
export type MatchStatus = PlayStatus | 'abandoned' | 'handed';

/** A finished match's result, kept on the row so history and statistics need no replay. */
export interface MatchResult {
	/** side indexes (seats, or teams) that won */
	winners: number[];
	shared: boolean;
	reason: string;
	/** the sides' seats and final totals, in sheet order */
	sides: number[][];
	totals: number[];
	/** whether the lowest total is the best (I'll Pass, dominoes); v4 backfills older rows */
	lowerWins: boolean;
	/** the game's feats, a figure per seat; v4 backfills older rows */
	feats: FeatRecord[];
}

/** One feat of a finished match (GameDefinition.feats): its figure for each seat. */
export interface FeatRecord {
	id: string;
	/** kept with the figures so statistics combine them without loading the game's rules */
	aggregate: Aggregate;
	seats: number[];
}

export interface MatchRow {
	id: string;
	game: GameId;
	config: unknown;
	/** players in seat order, clockwise from seat 0 */
	seats: SeatRow[];
	/** v2: seats' player ids, for the multi-entry index */
	playerIds: string[];
	status: MatchStatus;
	/** v3: when the players abandoned it; only on an abandoned match */
	abandonedAt?: number;
	/** v4: when it was handed over to another phone; only on a handed match */
	handedAt?: number;
	/** v4: the players' free-text note (where, what happened); '' when none */
	notes: string;
	/**
	 * v4: time played in milliseconds: from the first action to the last, idle gaps longer
	 * than IDLE_GAP_MS left out (played.ts), or what the players set by hand
	 */
	playedMs: number;
	/** v4: the players corrected the time played: new actions no longer add to it */
	playedByHand: boolean;
	createdAt: number;
	updatedAt: number;
	/**
	 * Counts the log's writes, so a reader can tell a newer log from an older one even within
	 * one millisecond (v4 backfills 0 on rows written before it was kept).
	 */
	revision: number;
	/** number of actions in the log, which is also the next action's seq */
	length: number;
	/** undone actions, the next one to redo last; cleared by any new action */
	redo: unknown[];
	result: MatchResult | null;
	/** v5: the group this match is recorded for (docs/group.md), or null: this phone only */
	group: string | null;
}

/**
 * v4: who wins what, kept (totals.ts): one player's finished matches of one game, in the
 * same transaction as every write that changes a match's result or status. A row exists only
 * while `played` > 0.
 */
export interface TotalRow {
	playerId: string;
	game: GameId;
	/** finished matches the player sat in */
	played: number;
	/** of those, the ones their side won (a shared victory counts) */
	won: number;
	/** of the ones won, those shared with another side */
	shared: number;
}

/** v1 to v5: one action of a match's log, a row each (`actions`); v6 reads them once, to pack them. */
export interface ActionRow {
	matchId: string;
	seq: number;
	action: unknown;
	at: number;
}

/** One action of a match's log and when it was written (the time played comes from these: played.ts). */
export interface LogEntry {
	action: unknown;
	at: number;
}

/**
 * A match's whole log, in order, in one row (entries.ts reads and writes it, log-row.ts knows its
 * forms): its entries as objects (v6 to v10), or as one JSON string (v11 on). A row written
 * before v11 is read as it is and written in the new form the next time its log changes.
 */
export type LogRow = { matchId: string; entries: LogEntry[] } | { matchId: string; json: string };

export interface SettingRow {
	key: string;
	value: unknown;
}

/** v5: a group this phone belongs to (docs/group.md). */
export interface GroupRow {
	id: string;
	name: string;
	/** the server's address as the group's link gave it ('' for the page's own origin) */
	server: string;
	/** this phone's credential in the group */
	user: string;
	pass: string;
	/** a member writes the record; a board only reads it */
	role: 'member' | 'board';
	/** the phone left the group: its copies stay, nothing is read or sent any more */
	left: boolean;
	/** when this phone joined or made it */
	joinedAt: number;
	/**
	 * The group's messages this phone refused, the last few, newest last (db/refused.ts): kept
	 * so the group's page still says why after a reload, since a refused message is passed over
	 * and never read again. Optional, no index: a row written before it has none, so the schema
	 * version stays; never in a backup (backup-export.ts).
	 */
	refused?: RefusedNote[];
	/**
	 * The group stream's sequence up to which this phone has taken every message (written,
	 * refused or already had here): a start reads on from there, not the whole record again
	 * (docs/group.md, "On the phone: the wire"). Optional, no index, as `refused`; never in a backup.
	 */
	readTo?: number;
	/**
	 * The same for the group's wire (`passpad.gw.<group>.>`, its matches' entries and seals), once
	 * the group reads its matches there (docs/wire.md, "Reading a group's matches from the wire").
	 */
	wireReadTo?: number;
}

/** A message of a group refused on this phone, as the group's page words it (group/words.ts). */
export interface RefusedNote {
	readonly thing: Subject;
	readonly seq: number;
	readonly why: RefusedWhy | 'other-group';
	readonly refusal?: Refusal;
	readonly at: number;
}

/** v8: one table of an evening's round, and the match it started (null until started). */
export interface EveningTableRow {
	readonly seats: readonly string[];
	readonly start: number;
	readonly match: string | null;
}

/** v8: one round of an evening, drawn for one game. */
export interface EveningRoundRow extends DrawnRound {
	readonly game: GameId;
	readonly tables: readonly EveningTableRow[];
}

/**
 * v8: a club evening run on this phone (docs/evening.md). Players are named by a key: a roster
 * player's id, or `guest:<name>` for a guest typed in (a player once their first match makes one).
 */
export interface EveningRow {
	id: string;
	group: string;
	createdAt: number;
	updatedAt: number;
	/** the draw's seed, drawn once when the evening starts */
	seed: number;
	/** rounds the evening plans */
	rounds: number;
	/** the game the next round is drawn for */
	game: GameId;
	scale: Scale;
	/** everyone who came this evening, by key, with the name the screen shows */
	players: { key: string; name: string }[];
	/** who is here for the next round drawn */
	present: string[];
	drawn: EveningRoundRow[];
}

// v5's, v10's and v12's rows: a group's record between phones (group-rows.ts)
export type { ChangedRow, ConflictRow, OutboxRow, SealRow, Subject, SyncedRow } from './group-rows';
// v9's rows: live play's links and outbox (link-rows.ts)
export type { LinkRow, PenSaid, SendChange, SendRow } from './link-rows';
