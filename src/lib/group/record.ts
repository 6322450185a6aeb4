/**
 * A group's record on the wire (docs/group.md, "One stream per group"): one message a version
 * of one thing, a roster player or a whole match, on the thing's own subject. Every message
 * read is validated here, and a match's log replayed through the game's reducer (the backup's
 * own proof, db/backup-validate.ts), before anything is written. Pure: no Dexie, no network.
 */
import * as v from 'valibot';
import { GAME_IDS, type Refusal } from '$lib/rules/common';
import {
	BackupRefused,
	replayMatch,
	type BackupFile,
	type ReadMatch
} from '$lib/db/backup-validate';
import { deeperThan } from '$lib/db/depth';
import type { LogEntry, MatchRow, PlayerRow } from '$lib/db/schema';
import { canonicalJson } from '$lib/wire/canonical';
import { readJson } from '$lib/wire/json';
import {
	MAX_LOG,
	MAX_MATCH_DEPTH,
	MAX_SEATS,
	MAX_VERSION_BYTES,
	NOTES_MAX_LENGTH
} from '$lib/wire/limits';
import { GROUP_ID } from '$lib/wire/names.js';
import { EveningVersion, SettingsVersion } from './club-record';
import { RECORD_VERSION, Written } from './written';
import { ColourKey, PasspadId as Id, PlayerName as Name, Time } from '$lib/wire/schemas';
import type { RefusedWhy } from '$lib/wire/refused';

export type { RefusedWhy };

export { RECORD_VERSION };

/** A roster player's newest version. */
export const PlayerVersion = v.object({
	...Written,
	kind: v.literal('player'),
	name: Name,
	colour: v.nullable(ColourKey),
	hidden: v.boolean(),
	/** merged into another player of the group: their matches are that player's */
	mergedInto: v.nullable(Id)
});
export type PlayerVersion = v.InferOutput<typeof PlayerVersion>;

/** A match deleted: the version says so, and nothing else. */
const MatchDeleted = v.object({
	...Written,
	kind: v.literal('match'),
	deleted: v.literal(true)
});

/** A match, whole: its setup, seats, log with times, note, time played, abandoned or not. */
const MatchKept = v.object({
	...Written,
	kind: v.literal('match'),
	deleted: v.literal(false),
	game: v.picklist(GAME_IDS),
	config: v.unknown(),
	seats: v.pipe(
		v.array(v.object({ player: Id, name: Name })),
		v.minLength(2),
		v.maxLength(MAX_SEATS)
	),
	notes: v.pipe(v.string(), v.maxLength(NOTES_MAX_LENGTH)),
	playedMs: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(8.64e15)),
	playedByHand: v.boolean(),
	/** when the players abandoned it, or null */
	abandonedAt: v.nullable(Time),
	createdAt: Time,
	updatedAt: Time,
	log: v.pipe(v.array(v.object({ action: v.unknown(), at: Time })), v.maxLength(MAX_LOG))
});

export const MatchVersion = v.variant('deleted', [MatchDeleted, MatchKept]);
export type MatchVersion = v.InferOutput<typeof MatchVersion>;
export type KeptMatch = v.InferOutput<typeof MatchKept>;

export const Version = v.variant('kind', [
	PlayerVersion,
	MatchVersion,
	SettingsVersion,
	EveningVersion
]);
export type Version = v.InferOutput<typeof Version>;

/** The part of a version its writer stamps: who and when. */
export type Stamp = Pick<Version, 'v' | 'id' | 'by' | 'at' | 'contest'>;

export type Read =
	| { readonly ok: true; readonly version: Version }
	| { readonly ok: false; readonly why: 'too-large' | 'not-json' | 'malformed' };

/** Bytes from the group as a version, or why not: nothing else is ever trusted. */
export function readVersion(bytes: Uint8Array): Read {
	const read = readJson(bytes, MAX_VERSION_BYTES);
	if (!read.ok) return read;
	const parsed = v.safeParse(Version, read.data);
	return parsed.success ? { ok: true, version: parsed.output } : { ok: false, why: 'malformed' };
}

export function writeVersion(version: Version): Uint8Array {
	return new TextEncoder().encode(JSON.stringify(version));
}

/**
 * A thing of the record as its subject's tail: `player.<id>`, `match.<id>`, `evening.<id>`, or
 * the group's `settings` (one subject: docs/wire.md, "Where it is stored").
 */
export type Thing = `player.${string}` | `match.${string}` | `evening.${string}` | 'settings';

export const thingOf = (version: Pick<Version, 'kind' | 'id'>): Thing =>
	version.kind === 'settings' ? 'settings' : `${version.kind}.${version.id}`;

/**
 * A subject of the group's stream as the thing it carries, or null for the subjects that are
 * not the record (the board's tables, the members) or not this group's.
 */
export function thingOfSubject(group: string, subject: string): Thing | null {
	const prefix = `passpad.g.${group}.`;
	if (!GROUP_ID.test(group) || !subject.startsWith(prefix)) return null;
	const tail = subject.slice(prefix.length);
	const match = /^(player|match|evening)\.([^.]+)$|^settings$/.exec(tail);
	return match ? (tail as Thing) : null;
}

/** cyrb53: a 53-bit digest, enough to tell versions apart (never a secret). */
function cyrb53(text: string): string {
	let h1 = 0xdeadbeef;
	let h2 = 0x41c6ce57;
	for (let at = 0; at < text.length; at++) {
		const code = text.charCodeAt(at);
		h1 = Math.imul(h1 ^ code, 2654435761);
		h2 = Math.imul(h2 ^ code, 1597334677);
	}
	h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
	h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
	return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * What a version says, whoever wrote it and when: two versions with one digest say the same.
 * A match's seat names are left out (a rename is the player's version, not the match's).
 */
export function digest(version: Version): string {
	if (version.kind === 'settings' || version.kind === 'evening') {
		const { v: _v, id: _id, by: _by, at: _at, contest: _contest, ...said } = version;
		return cyrb53(canonicalJson(said));
	}
	if (version.kind === 'player') {
		const { name, colour, hidden, mergedInto } = version;
		// a merged player is only where it went
		if (mergedInto !== null) return cyrb53(canonicalJson({ mergedInto }));
		return cyrb53(canonicalJson({ name, colour, hidden, mergedInto }));
	}
	if (version.deleted) return 'deleted';
	const {
		v: _v,
		id: _id,
		by: _by,
		at: _at,
		contest: _contest,
		updatedAt: _updated,
		seats,
		...said
	} = version;
	return cyrb53(canonicalJson({ ...said, seats: seats.map((seat) => seat.player) }));
}

/** A roster row as the group's version of it. */
export function playerVersion(row: PlayerRow, stamp: Stamp): PlayerVersion {
	return {
		...stamp,
		kind: 'player',
		name: row.name,
		colour: row.colour,
		hidden: row.hidden,
		mergedInto: null
	};
}

/** A player merged here into another: the version that tells the group. */
export function mergedVersion(
	last: Pick<PlayerVersion, 'name' | 'colour'> | null,
	into: string,
	stamp: Stamp
): PlayerVersion {
	return {
		...stamp,
		kind: 'player',
		name: last?.name ?? 'Merged',
		colour: last?.colour ?? null,
		hidden: true,
		mergedInto: into
	};
}

/**
 * When the players abandoned the match, as the group's version and its seal both say it (null:
 * not abandoned); a row without the time says its last write's, as the version always did.
 */
export const abandonedAtOf = (row: Pick<MatchRow, 'status' | 'abandonedAt' | 'updatedAt'>) =>
	row.status === 'abandoned' ? (row.abandonedAt ?? row.updatedAt) : null;

/**
 * A match row and its log as the group's version. A match handed over is the same match for
 * the group (the other phone goes on with it): its status here is not sent.
 */
export function matchVersion(row: MatchRow, log: readonly LogEntry[], stamp: Stamp): KeptMatch {
	return {
		...stamp,
		kind: 'match',
		deleted: false,
		game: row.game,
		config: row.config,
		seats: row.seats.map((seat) => ({ player: seat.playerId, name: seat.name })),
		notes: row.notes,
		playedMs: row.playedMs,
		playedByHand: row.playedByHand,
		abandonedAt: abandonedAtOf(row),
		createdAt: row.createdAt,
		updatedAt: row.updatedAt,
		log: log.map(({ action, at }) => ({ action, at }))
	};
}

export function deletedVersion(stamp: Stamp): MatchVersion {
	return { ...stamp, kind: 'match', deleted: true };
}

/** A match version proven: the backup's proof of one match, with the status the rules give. */
export type ProvenMatch = BackupFile['matches'][number];

export type Proof =
	| { readonly ok: true; readonly match: ProvenMatch }
	| {
			readonly ok: false;
			readonly why: 'illegal' | 'invalid';
			readonly refusal?: Refusal;
	  };

/**
 * A match version through the backup's proof (db/backup-validate.ts, replayMatch): no deeper
 * than a match can be, seats name each player once, config and every action replayed through
 * the game's reducer, status and result from the replay. The version's fields were read by its
 * own schema (readVersion), so they are not read again (a joining phone proves thousands).
 * Writes nothing.
 */
export function proveMatch(version: KeptMatch): Proof {
	if (deeperThan(version, MAX_MATCH_DEPTH) !== null) return { ok: false, why: 'invalid' };
	const read: ReadMatch = {
		id: version.id,
		game: version.game,
		config: version.config,
		seats: version.seats.map((seat) => ({ playerId: seat.player, name: seat.name })),
		status: version.abandonedAt === null ? 'active' : 'abandoned',
		...(version.abandonedAt === null ? {} : { abandonedAt: version.abandonedAt }),
		notes: version.notes,
		playedMs: version.playedMs,
		playedByHand: version.playedByHand,
		createdAt: version.createdAt,
		updatedAt: version.updatedAt,
		revision: 0,
		redo: [],
		result: null,
		log: version.log,
		group: null
	};
	try {
		return { ok: true, match: replayMatch(read, 0) };
	} catch (error) {
		if (!(error instanceof BackupRefused)) return { ok: false, why: 'invalid' };
		const problem = error.problem;
		if (problem.code === 'bad-action') {
			return { ok: false, why: 'illegal', refusal: problem.refusal };
		}
		return { ok: false, why: 'invalid' };
	}
}
