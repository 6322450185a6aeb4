/**
 * A group's record on this phone's storage side (docs/group.md, "What is written where"):
 * what the sync (src/lib/group/sync.ts) reads of a thing, and how a version from the group is
 * written, like an import or a hand-over: already proven by the caller, each thing in one
 * transaction with its `synced` row, so an open match's store follows it as another tab's
 * write. Every function takes the database, so two phones can run in one test.
 */
import { Dexie } from 'dexie';
import type { PasspadDb } from './db';
import { deleteEntries, readEntries, writeEntries, writeEntriesOf } from './entries';
import { mergePlayers, nameKey } from './players';
import { retally } from './totals';
import type { BackupFile } from './backup-validate';
import type {
	ConflictRow,
	LogEntry,
	GroupRow,
	MatchRow,
	OutboxRow,
	PlayerRow,
	Subject,
	SyncedRow
} from './schema';

/** A proven match (the backup's proof: status and result from the replay). */
export type ProvenEntry = BackupFile['matches'][number];

/** The group's version of a roster player, as written here. */
export interface PlayerFields {
	id: string;
	name: string;
	colour: string | null;
	hidden: boolean;
	mergedInto: string | null;
	at: number;
}

/** Where the group's version of a thing stands after a write. */
export type SyncedFields = Pick<SyncedRow, 'seq' | 'msgId' | 'hash'>;

const idOf = (subject: Subject) => subject.slice(subject.indexOf('.') + 1);

/** What this phone has of one thing of a group, read in one transaction. */
export interface ThingHere {
	synced: SyncedRow | undefined;
	conflict: ConflictRow | undefined;
	outbox: OutboxRow[];
	/** a match's row, and its log unless the row is as the group last had it */
	match?: MatchRow;
	log?: LogEntry[];
	player?: PlayerRow;
}

export async function readThing(
	db: PasspadDb,
	group: string,
	subject: Subject
): Promise<ThingHere> {
	const id = idOf(subject);
	return db.transaction(
		'r',
		[db.synced, db.conflicts, db.outbox, db.matches, db.logs, db.players],
		async () => {
			const synced = await db.synced.get([group, subject]);
			const conflict = await db.conflicts.get([group, subject]);
			const outbox = await db.outbox.where('[group+subject]').equals([group, subject]).toArray();
			if (subject.startsWith('player.')) {
				return { synced, conflict, outbox, player: await db.players.get(id) };
			}
			const match = await db.matches.get(id);
			const clean = match && synced && match.revision === synced.revision;
			const log = match && !clean ? await readEntries(db, id) : undefined;
			return { synced, conflict, outbox, match, log };
		}
	);
}

/**
 * A match here that belongs to another group (or none): the group's version never replaces it.
 * Said as a value, not thrown: a write that fails inside a caller's transaction would end it.
 */
export const OTHER_GROUP = 'other-group';

/** Every table a version from the group may write: one transaction may hold many of them. */
export const RECORD_TABLES = (db: PasspadDb) => [
	db.players,
	db.matches,
	db.logs,
	db.totals,
	db.synced,
	db.outbox,
	db.conflicts
];

/** The thing is as the group's version says: its synced row, its pending versions dropped. */
async function agreed(
	db: PasspadDb,
	group: string,
	subject: Subject,
	fields: SyncedFields,
	revision: number,
	mergedInto?: string
) {
	const row: SyncedRow = { group, subject, ...fields, revision };
	if (mergedInto) row.mergedInto = mergedInto;
	await db.synced.put(row);
	await db.outbox.where('[group+subject]').equals([group, subject]).delete();
	// a conflict settled by taking the group's version ends with it
	await db.conflicts.delete([group, subject]);
}

/** Whether a player of this phone was ever part of a group's record (any group). */
async function inAnyGroup(db: PasspadDb, playerId: string): Promise<boolean> {
	return (await db.synced.where('subject').equals(`player.${playerId}`).count()) > 0;
}

/**
 * The roster row of a group's player: made with the group's id when missing. A player here of
 * the same name who is in no group yet is the same person: merged into the group's id
 * (docs/group.md). Inside the caller's transaction.
 */
async function groupPlayer(db: PasspadDb, id: string, name: string, at: number) {
	const here = await db.players.get(id);
	if (here) return here;
	const key = nameKey(name);
	const row: PlayerRow = { id, name, nameKey: key, hidden: false, createdAt: at, colour: null };
	await db.players.add(row);
	const namesakes = await db.players
		.where('nameKey')
		.equals(key)
		.filter((player) => player.id !== id)
		.toArray();
	for (const local of namesakes) {
		if (await inAnyGroup(db, local.id)) continue;
		const merged = await mergePlayers(id, local.id, db);
		if (merged.ok && local.colour && !row.colour) {
			row.colour = local.colour;
			await db.players.put(row);
		}
	}
	return row;
}

/** Players merged in the group into `into` whose rows were waiting for it here. */
async function waitingMerges(db: PasspadDb, group: string, into: string) {
	const waiting = await db.synced
		.where('group')
		.equals(group)
		.filter((row) => row.mergedInto === into)
		.toArray();
	for (const row of waiting) {
		const id = idOf(row.subject);
		if (await db.players.get(id)) await mergePlayers(into, id, db);
	}
}

/**
 * A roster player's version from the group, in one transaction: the row and the seats' names
 * of its matches (a rename, as renamePlayer does, no match revision moved), or a merge into
 * another player once both are here.
 */
export async function writePlayer(
	db: PasspadDb,
	group: string,
	player: PlayerFields,
	fields: SyncedFields
): Promise<void> {
	const subject: Subject = `player.${player.id}`;
	await db.transaction('rw', RECORD_TABLES(db), async () => {
		if (player.mergedInto) {
			const keep = await db.players.get(player.mergedInto);
			if (keep && (await db.players.get(player.id))) {
				await mergePlayers(keep.id, player.id, db);
			}
			await agreed(db, group, subject, fields, -1, player.mergedInto);
			return;
		}
		const row = await groupPlayer(db, player.id, player.name, player.at);
		const next: PlayerRow = {
			...row,
			name: player.name,
			nameKey: nameKey(player.name),
			colour: player.colour,
			hidden: player.hidden
		};
		await db.players.put(next);
		if (row.name !== next.name) {
			await db.matches
				.where('playerIds')
				.equals(player.id)
				.modify((match) => {
					match.seats = match.seats.map((seat) =>
						seat.playerId === player.id ? { ...seat, name: next.name } : seat
					);
				});
		}
		await agreed(db, group, subject, fields, -1);
		await waitingMerges(db, group, player.id);
	});
}

/** The player a seat of the group names here: through the group's merges, a few steps deep. */
async function seatPlayer(db: PasspadDb, group: string, id: string, name: string, at: number) {
	let current = id;
	for (let step = 0; step < 8; step++) {
		const synced = await db.synced.get([group, `player.${current}`]);
		if (!synced?.mergedInto || (await db.players.get(current))) break;
		current = synced.mergedInto;
	}
	return current === id
		? groupPlayer(db, id, name, at)
		: ((await db.players.get(current)) ?? groupPlayer(db, id, name, at));
}

/**
 * A match's version from the group, proven by the caller, in one transaction: this phone's
 * copy and its log replaced whole, its revision moved on (an open store follows it as another
 * tab's write), who wins what moved, the synced row written. A match here of another group is
 * never replaced (OTHER_GROUP, nothing written).
 */
export async function writeMatch(
	db: PasspadDb,
	group: string,
	match: ProvenEntry,
	fields: SyncedFields
): Promise<MatchRow | typeof OTHER_GROUP> {
	const subject: Subject = `match.${match.id}`;
	return db.transaction('rw', RECORD_TABLES(db), async () => {
		const old = await db.matches.get(match.id);
		// a copy in no group (a followed match) may become the group's: reconcile.ts decides
		if (old && old.group !== group && old.group != null) return OTHER_GROUP;
		const seats = [];
		for (const seat of match.seats) {
			const player = await seatPlayer(db, group, seat.playerId, seat.name, match.createdAt);
			seats.push({ playerId: player.id, name: player.name });
		}
		// a merge may have made two seats one player: the group's ids stay apart then
		const ids = seats.map((seat) => seat.playerId);
		const apart = new Set(ids).size === ids.length;
		const seated = apart
			? seats
			: match.seats.map((seat) => ({ playerId: seat.playerId, name: seat.name }));
		const { log, ...rest } = match;
		const next: MatchRow = {
			...rest,
			seats: seated,
			playerIds: seated.map((seat) => seat.playerId),
			length: log.length,
			redo: [],
			revision: old ? old.revision + 1 : 0,
			group
		};
		await db.matches.put(next);
		await writeEntries(db, match.id, log);
		await retally(db.totals, [[old, next]]);
		await agreed(db, group, subject, fields, next.revision);
		return next;
	});
}

/** A match the group deleted, in one transaction: its row and its log go together. */
export async function writeDeleted(
	db: PasspadDb,
	group: string,
	matchId: string,
	fields: SyncedFields
): Promise<void | typeof OTHER_GROUP> {
	return db.transaction('rw', RECORD_TABLES(db), async () => {
		const old = await db.matches.get(matchId);
		if (old && old.group !== group) return OTHER_GROUP;
		if (old) {
			await deleteEntries(db, matchId);
			await db.matches.delete(matchId);
			await retally(db.totals, [[old, undefined]]);
		}
		await agreed(db, group, `match.${matchId}`, fields, -1);
	});
}

/** The synced row alone (a version that says what this phone has, a refused message's sequence). */
export async function writeSynced(db: PasspadDb, row: SyncedRow): Promise<void> {
	await db.synced.put(row);
}

/** Moves the subject's last sequence on, keeping what was last taken. */
export async function moveSeq(
	db: PasspadDb,
	group: string,
	subject: Subject,
	seq: number
): Promise<void> {
	await db.transaction('rw', db.synced, async () => {
		const row = await db.synced.get([group, subject]);
		if (row && row.seq >= seq) return;
		await db.synced.put(
			row ? { ...row, seq } : { group, subject, seq, msgId: '', revision: -1, hash: null }
		);
	});
}

/** Both versions kept: the conflict row, the subject's pending versions dropped. */
export async function writeConflict(db: PasspadDb, row: ConflictRow): Promise<void> {
	await db.transaction('rw', db.conflicts, db.outbox, db.synced, async () => {
		await db.conflicts.put(row);
		await db.outbox.where('[group+subject]').equals([row.group, row.subject]).delete();
		const synced = await db.synced.get([row.group, row.subject]);
		if (synced && synced.seq < row.theirsSeq)
			await db.synced.put({ ...synced, seq: row.theirsSeq });
		if (!synced) {
			await db.synced.put({
				group: row.group,
				subject: row.subject,
				seq: row.theirsSeq,
				msgId: '',
				revision: -1,
				hash: null
			});
		}
	});
}

export function conflictsOf(db: PasspadDb, group: string): Promise<ConflictRow[]> {
	return db.conflicts.where('group').equals(group).toArray();
}

/** The group's matches here as (id, revision) pairs, from the index alone. */
export async function groupRevisions(db: PasspadDb, group: string): Promise<Map<string, number>> {
	const revisions = new Map<string, number>();
	await db.matches
		.where('[group+revision]')
		.between([group, Dexie.minKey], [group, Dexie.maxKey])
		.eachKey((key, cursor) => {
			revisions.set(cursor.primaryKey as string, (key as [string, number])[1]);
		});
	return revisions;
}

/** A match's row and log, read together. */
export async function matchWithLog(db: PasspadDb, id: string) {
	return db.transaction('r', db.matches, db.logs, async () => {
		const match = await db.matches.get(id);
		return { match, log: match ? await readEntries(db, id) : [] };
	});
}

/**
 * A version built here joins the outbox: after the last one of its thing, or in its place
 * while that one was never sent (so a match played offline leaves one version, not one a tap).
 */
export async function enqueue(
	db: PasspadDb,
	entry: Omit<OutboxRow, 'seq' | 'attempted'>,
	/** a contest or a settlement: sent even while the thing is in conflict */
	force = false
) {
	await db.transaction('rw', db.outbox, db.conflicts, async () => {
		if (!force && (await db.conflicts.get([entry.group, entry.subject]))) return;
		const pending = await db.outbox
			.where('[group+subject]')
			.equals([entry.group, entry.subject])
			.sortBy('seq');
		const last = pending.at(-1);
		if (!force && last?.hash === entry.hash) return;
		if (last && !last.attempted) {
			// the new version keeps the old one's place, so the order players-then-matches holds
			await db.outbox.put({ ...last, ...entry, attempted: false });
			return;
		}
		await db.outbox.add({ ...entry, attempted: false });
	});
}

export function firstPending(db: PasspadDb, group: string): Promise<OutboxRow | undefined> {
	return db.outbox.where('group').equals(group).first();
}

export function pendingCount(db: PasspadDb, group: string): Promise<number> {
	return db.outbox.where('group').equals(group).count();
}

export async function markAttempted(db: PasspadDb, seq: number): Promise<void> {
	await db.outbox.update(seq, { attempted: true });
}

/** The group acknowledged a version written here: it is the group's, the entry leaves the outbox. */
export async function acknowledged(db: PasspadDb, entry: OutboxRow, seq: number): Promise<void> {
	await db.transaction('rw', db.outbox, db.synced, async () => {
		const synced = await db.synced.get([entry.group, entry.subject]);
		const merged = (entry.body as { mergedInto?: string | null }).mergedInto;
		const row: SyncedRow = {
			group: entry.group,
			subject: entry.subject,
			seq: Math.max(seq, synced?.seq ?? 0),
			msgId: entry.msgId,
			revision: entry.revision,
			hash: entry.hash
		};
		if (merged) row.mergedInto = merged;
		else if (synced?.mergedInto && entry.subject.startsWith('player.')) {
			row.mergedInto = synced.mergedInto;
		}
		if ((synced?.seq ?? 0) <= seq) await db.synced.put(row);
		if (entry.seq !== undefined) await db.outbox.delete(entry.seq);
	});
}

export async function dropPending(db: PasspadDb, seq: number): Promise<void> {
	await db.outbox.delete(seq);
}

/**
 * Keep both (docs/group.md): this phone's version of a match becomes a new match of the group
 * (a new id, its log copied), in one transaction; the caller then takes the group's version.
 */
export async function copyMatch(db: PasspadDb, id: string, newId: string): Promise<MatchRow> {
	return db.transaction('rw', db.matches, db.logs, db.totals, async () => {
		const match = await db.matches.get(id);
		if (!match) throw new Error(`Match ${id} is not here.`);
		const copy: MatchRow = { ...match, id: newId, revision: 0 };
		await db.matches.add(copy);
		await writeEntries(db, newId, await readEntries(db, id));
		await retally(db.totals, [[undefined, copy]]);
		return copy;
	});
}

export async function dropConflict(db: PasspadDb, group: string, subject: Subject) {
	await db.conflicts.delete([group, subject]);
}

export function groupsHere(db: PasspadDb): Promise<GroupRow[]> {
	return db.groups.toArray();
}

/** How far this phone has taken the group's stream (0: nothing yet). */
export async function readToOf(db: PasspadDb, group: string): Promise<number> {
	return (await db.groups.get(group))?.readTo ?? 0;
}

/**
 * Everything up to `seq` has been taken (its transaction committed): a later start reads on
 * from there. Only ever forward; a group this phone no longer has keeps nothing.
 */
export async function keepReadTo(db: PasspadDb, group: string, seq: number): Promise<void> {
	await db.transaction('rw', db.groups, async () => {
		const row = await db.groups.get(group);
		if (row && (row.readTo ?? 0) < seq) await db.groups.update(group, { readTo: seq });
	});
}

/** What a batch of the group's messages finds here, read at once (a joining phone's catch-up). */
export interface BatchHere {
	/** things this phone has nothing of: no synced row, conflict, pending version nor match row */
	fresh: Set<Subject>;
	/** the roster here, by id */
	players: Map<string, PlayerRow>;
}

/** Reads, in a few bulk reads, which of these things are new here, and the roster. */
export async function readBatch(
	db: PasspadDb,
	group: string,
	subjects: readonly Subject[]
): Promise<BatchHere> {
	return db.transaction('r', RECORD_TABLES(db), async () => {
		const keys = subjects.map((subject): [string, Subject] => [group, subject]);
		const synced = await db.synced.bulkGet(keys);
		const conflicts = await db.conflicts.bulkGet(keys);
		const pending = new Set(
			(await db.outbox.where('group').equals(group).toArray()).map((entry) => entry.subject)
		);
		const matches = await db.matches.bulkGet(subjects.map(idOf));
		const fresh = new Set<Subject>();
		for (const [at, subject] of subjects.entries()) {
			if (synced[at] || conflicts[at] || pending.has(subject) || matches[at]) continue;
			fresh.add(subject);
		}
		return { fresh, players: await rosterHere(db) };
	});
}

/** The roster here, by id. */
export async function rosterHere(db: PasspadDb): Promise<Map<string, PlayerRow>> {
	return new Map((await db.players.toArray()).map((player) => [player.id, player]));
}

/** A proven match new here whose seats all name players here, with its synced fields. */
export interface NewMatch {
	match: ProvenEntry;
	fields: SyncedFields;
}

/**
 * Matches new here (readBatch's `fresh`), each proven by the caller and seating only players
 * here, written together in one transaction (the caller's, when it has one): their rows, logs
 * and synced rows in bulk, who wins what moved once for them all. What writeMatch does for
 * one, without a read per match: nothing here to replace, no player to make or follow.
 */
export async function writeNewMatches(
	db: PasspadDb,
	group: string,
	matches: readonly NewMatch[],
	players: ReadonlyMap<string, PlayerRow>
): Promise<void> {
	if (matches.length === 0) return;
	await db.transaction('rw', RECORD_TABLES(db), async () => {
		const rows: MatchRow[] = [];
		const logs: { matchId: string; entries: LogEntry[] }[] = [];
		const synced: SyncedRow[] = [];
		for (const { match, fields } of matches) {
			const { log, ...rest } = match;
			const seats = match.seats.map((seat) => ({
				playerId: seat.playerId,
				name: players.get(seat.playerId)!.name
			}));
			rows.push({
				...rest,
				seats,
				playerIds: seats.map((seat) => seat.playerId),
				length: log.length,
				redo: [],
				revision: 0,
				group
			});
			logs.push({ matchId: match.id, entries: log });
			synced.push({ group, subject: `match.${match.id}`, ...fields, revision: 0 });
		}
		// bulkAdd: a row here after all (another tab) fails the whole transaction, never replaced
		await db.matches.bulkAdd(rows);
		// a log is one row (schema v6): the batch's logs in one request
		await writeEntriesOf(db, logs);
		await db.synced.bulkAdd(synced);
		await retally(
			db.totals,
			rows.map((row) => [undefined, row])
		);
	});
}
