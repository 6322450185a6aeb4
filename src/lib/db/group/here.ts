/**
 * What this phone has of a group's things (docs/group.md, "What is written where"): a thing's
 * synced row, conflict, pending versions and copy, read in one transaction; a batch's at once.
 */
import type { PasspadDb } from '../db';
import { readEntries } from '../entries';
import type {
	ConflictRow,
	LogEntry,
	MatchRow,
	OutboxRow,
	PlayerRow,
	Subject,
	SyncedRow
} from '../schema';

export const idOf = (subject: Subject) => subject.slice(subject.indexOf('.') + 1);

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

/** Every table a version from the group may write: one transaction may hold many of them. */
export const RECORD_TABLES = (db: PasspadDb) => [
	db.players,
	db.matches,
	db.logs,
	db.totals,
	db.synced,
	db.outbox,
	db.conflicts,
	// the club's things (db/group/club.ts): an evening, the group's ratings switch
	db.evenings,
	db.settings,
	// where the pen was (links.ts): a match followed here is told over (group/role.ts), which
	// its groups track (changed.ts)
	db.links,
	db.changed,
	// the seal a match's copy is as, let go when the group's version is written (seals.ts)
	db.seals
];

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

/** A match's row and log, read together. */
export async function matchWithLog(db: PasspadDb, id: string) {
	return db.transaction('r', db.matches, db.logs, async () => {
		const match = await db.matches.get(id);
		return { match, log: match ? await readEntries(db, id) : [] };
	});
}
