/**
 * What a phone does with one message of its group (docs/group.md, "Every write says what it
 * replaces"): the message is read and proven first, then set against what this phone has of
 * the thing and what it last had from the group. Pure: the same messages give the same
 * decisions on every phone; a version written over one this phone has not seen, while this
 * phone changed the thing too, is a conflict, never applied in silence.
 */
import type { Refusal } from '$lib/rules/common';
import {
	digest,
	proveMatch,
	readVersion,
	thingOf,
	type ProvenMatch,
	type RefusedWhy,
	type Thing,
	type Version
} from './record';
import { relate } from '$lib/live/sync';
import { canonicalJson } from '$lib/wire/canonical';
import type { LogEntry, MatchRow } from '$lib/db/schema';

/** This phone's copy of the thing, as the digest of the version it would send (record.ts). */
export interface LocalCopy {
	/** null: nothing here (never had it, or the group's delete taken) */
	readonly hash: string | null;
	/**
	 * This phone's copy when it follows the match live (/follow takes it like a hand-over, same
	 * id, in no group) or is in no group: its setup and log, to tell the group's version of the
	 * same match from a real conflict (docs/group.md, "What is written where on the phone").
	 */
	readonly follower?: {
		readonly game: string;
		readonly config: unknown;
		readonly log: readonly unknown[];
	};
}

/** The group's version this phone last had of the thing (db SyncedRow). */
export interface SyncedCopy {
	readonly seq: number;
	readonly hash: string | null;
}

/** One message of the group's stream, on the subject of `thing`. */
export interface Incoming {
	readonly thing: Thing;
	readonly seq: number;
	readonly msgId: string;
	readonly data: Uint8Array;
}

export type Decision =
	/** a message at or before the last one read on the subject: nothing to do */
	| { readonly kind: 'known' }
	/** this phone's own version come back (its acknowledgement may have been lost) */
	| { readonly kind: 'ours'; readonly version: Version; readonly hash: string }
	/** nothing changed here since the group's last version: this one is taken */
	| {
			readonly kind: 'apply';
			readonly version: Version;
			readonly hash: string;
			/** a kept match, proven (its status and result from the replay) */
			readonly match?: ProvenMatch;
	  }
	/** the group's version says what this phone already has: nothing to write */
	| { readonly kind: 'same'; readonly version: Version; readonly hash: string }
	/**
	 * the group's version says what this phone last had (written again): this phone's change
	 * stands and is sent over it
	 */
	| { readonly kind: 'keep-mine-and-send'; readonly version: Version; readonly hash: string }
	/**
	 * the group's version of a match this phone follows live, not yet finished (or behind this
	 * phone's copy): the copy follows its table; nothing written, nothing sent
	 */
	| { readonly kind: 'follow'; readonly version: Version; readonly hash: string }
	/** both changed the thing: both kept until a person settles */
	| {
			readonly kind: 'conflict';
			readonly version: Version;
			readonly hash: string;
			readonly match?: ProvenMatch;
	  }
	| { readonly kind: 'refused'; readonly why: RefusedWhy; readonly refusal?: Refusal };

/**
 * The follower's part of LocalCopy: set for a match here in no group, or one this phone follows
 * live (`following`: another phone's pen writes it), when its log was read (it changed here
 * since the group's last version).
 */
export function followerOf(
	match: Pick<MatchRow, 'game' | 'config' | 'group'> | undefined,
	log: readonly Pick<LogEntry, 'action'>[] | undefined,
	following: boolean
): Pick<LocalCopy, 'follower'> {
	if (!match || !log || (match.group != null && !following)) return {};
	return {
		follower: { game: match.game, config: match.config, log: log.map((row) => row.action) }
	};
}

const refused = (why: RefusedWhy, refusal?: Refusal): Decision =>
	refusal ? { kind: 'refused', why, refusal } : { kind: 'refused', why };

/**
 * The decision for one message. `ours` holds the message ids of this phone's versions not yet
 * acknowledged. A refused message changes nothing here; the caller still moves the subject's
 * sequence on, so the next version written expects it and a hostile message cannot block.
 */
export function reconcile(
	local: LocalCopy,
	synced: SyncedCopy | undefined,
	incoming: Incoming,
	ours: ReadonlySet<string> = new Set()
): Decision {
	if (synced && incoming.seq <= synced.seq) return { kind: 'known' };
	const read = readVersion(incoming.data);
	if (!read.ok) return refused(read.why);
	const version = read.version;
	if (thingOf(version) !== incoming.thing) return refused('wrong-subject');
	const hash = digest(version);
	if (ours.has(incoming.msgId)) return { kind: 'ours', version, hash };
	let match: ProvenMatch | undefined;
	if (version.kind === 'match' && !version.deleted) {
		const proof = proveMatch(version);
		if (!proof.ok) return refused(proof.why, proof.refusal);
		match = proof.match;
	}
	const last = synced?.hash ?? null;
	const withMatch = match ? { match } : {};
	// a followed copy is the group's match at another moment when the logs agree: it follows
	// its table, and becomes the group's once the group's version is finished and not behind
	const follower = local.follower;
	if (follower && match && version.kind === 'match' && !version.deleted && !version.contest) {
		const sameSetup =
			follower.game === version.game &&
			canonicalJson(follower.config) === canonicalJson(version.config);
		const relation = relate(
			follower.log,
			version.log.map((entry) => entry.action)
		);
		if (sameSetup && relation.kind !== 'diverged') {
			if (match.status !== 'active' && relation.kind !== 'ahead') {
				return { kind: 'apply', version, hash, match };
			}
			return { kind: 'follow', version, hash };
		}
	}
	// a version that contests another: shown beside this phone's until a person settles,
	// unless this phone has nothing of the thing yet or says the same
	if (version.contest !== null && version.contest !== undefined && local.hash !== null) {
		if (local.hash === hash) return { kind: 'same', version, hash };
		return { kind: 'conflict', version, hash, ...withMatch };
	}
	// this phone changed nothing since the group's last version (or never had the thing)
	if (local.hash === last || local.hash === null) {
		if (local.hash === hash) return { kind: 'same', version, hash };
		return { kind: 'apply', version, hash, ...withMatch };
	}
	if (local.hash === hash) return { kind: 'same', version, hash };
	if (last !== null && hash === last) return { kind: 'keep-mine-and-send', version, hash };
	return { kind: 'conflict', version, hash, ...withMatch };
}
