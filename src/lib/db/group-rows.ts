// The rows of a group's record between phones (schema.ts: SCHEMA[5], [10] and [12]), read and
// written by db/group/ and db/changed.ts.

/** A thing of a group's record: its kind and id, as in its subject (`player.<id>`), or `settings`. */
export type Subject = `player.${string}` | `match.${string}` | `evening.${string}` | 'settings';

/** v5: the group's version of one thing this phone last had (docs/group.md). */
export interface SyncedRow {
	group: string;
	subject: Subject;
	/**
	 * the stream sequence of the last message read or written on the subject: the next
	 * version written here expects it (a refused message moves it too, so it cannot block)
	 */
	seq: number;
	/** the message id of the last version taken (read or acknowledged), '' when none */
	msgId: string;
	/** the match row's revision when it last agreed with the group (-1: none) */
	revision: number;
	/** a digest of the last version taken (record.ts, digest), null when none */
	hash: string | null;
	/** a player merged here into another: the version to send says so (players.ts) */
	mergedInto?: string;
	/**
	 * a match's copy taken from its seal on the group's wire (group/take-track.ts): `seq` and
	 * `msgId` are the seal's, a change made here is sealed over it and no version is sent; a
	 * version taken over it writes the row anew, without this
	 */
	onWire?: true;
	/**
	 * for a row `onWire`: the record subject's last version as read here (its sequence, and its
	 * digest when known), which a version sent of the match expects should the group turn back
	 * to the versions (group/turn-back.ts); absent on a row written before it was kept
	 */
	record?: { seq: number; hash: string | null };
}

/** v5: a version written here, waiting for the group's acknowledgement, sent in `seq` order. */
export interface OutboxRow {
	seq?: number;
	group: string;
	subject: Subject;
	/** its Nats-Msg-Id: a retried send is stored once */
	msgId: string;
	/** the version, as sent (record.ts) */
	body: unknown;
	hash: string;
	/** the match row's revision it was built from (-1 for a player) */
	revision: number;
	/** it was sent at least once: it may be stored already, so it is never rewritten */
	attempted: boolean;
	/**
	 * v10: the tracked change it was built from (changed.ts, its `n`): done with when the group
	 * acknowledges it. No index: rows queued before v10 have none
	 */
	changed?: number;
}

/** v5: a thing changed here and in the group since they last agreed: both kept (docs/group.md). */
export interface ConflictRow {
	group: string;
	subject: Subject;
	/** this phone's version when the conflict was seen */
	mine: unknown;
	/** the group's newest version, its sequence and message id */
	theirs: unknown;
	theirsSeq: number;
	theirsMsgId: string;
	at: number;
}

/** v10: a thing of a group changed here, its version still to send (db/changed.ts). */
export interface ChangedRow {
	group: string;
	subject: Subject;
	/** moved on by every write of the thing: the row goes only with the write it was built from */
	n: number;
}

/**
 * v12: the seal of a group's match this phone's copy is as: one it stored, or (once the wire is
 * read) one it took. Let go when the copy is written from another phone's version, which may
 * carry a seal this phone never had (db/group/seals.ts).
 */
export interface SealRow {
	group: string;
	match: string;
	/** the seal's entry id: a seal written over it names it `prev` */
	id: string;
	/** its position in the match's log: the next seal is at the one after */
	pos: number;
}
