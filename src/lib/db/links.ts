import type { PasspadDb } from './db';
import type { LinkRow, MatchRow, PenSaid, SendChange, SendRow } from './schema';
import { DEVICE_KEY, HOST_KEY } from './links-v9';
import { TRACKED, trackHeard } from './changed';

/**
 * Live play's state between phones, in IndexedDB (schema v9; docs/wire.md, "On the phone: one
 * replicator"): each match's links and where its pen was (`links`), the outbox (`sends`), the
 * host credential and the phone's id (`settings`). Every function takes the phone's database,
 * so a test runs two phones in one process. live/saved.ts checks what is read.
 */

export function linkOf(db: PasspadDb, match: string): Promise<LinkRow | undefined> {
	return db.links.get(match);
}

/**
 * A row with nothing left in it goes. Live play's say on the match moved: a group that heard of
 * it looks at it again (changed.ts), in the same transaction.
 */
async function putRow(db: PasspadDb, row: LinkRow): Promise<void> {
	if (row.live || row.pen || row.synced !== undefined) await db.links.put(row);
	else await db.links.delete(row.match);
	await trackHeard(db, row.match);
}

/**
 * A match's live link(s) kept, or (null) live play stopped here: then what waits to be sent
 * goes with it in the same transaction (no table will take it), and where the pen was is
 * forgotten unless it was another phone's (that word outlives live play, docs/group.md).
 */
export function putLive(
	db: PasspadDb,
	match: string,
	live: NonNullable<LinkRow['live']> | null
): Promise<void> {
	return db.transaction('rw', [db.links, db.sends, ...TRACKED(db)], async () => {
		const row: LinkRow = (await db.links.get(match)) ?? { match };
		if (live) {
			// a new table of the match: what the last one said of its pen is over
			if (row.live?.link.t !== live.link.t) delete row.pen;
			row.live = live;
			return putRow(db, row);
		}
		delete row.live;
		delete row.synced;
		if (row.pen !== 'elsewhere') delete row.pen;
		await db.sends.where('match').equals(match).delete();
		return putRow(db, row);
	});
}

/** Where the pen is, as the table last said; "done" is changed only by the pen coming here. */
export function putPen(db: PasspadDb, match: string, pen: PenSaid): Promise<void> {
	return db.transaction('rw', [db.links, ...TRACKED(db)], async () => {
		const row: LinkRow = (await db.links.get(match)) ?? { match };
		if (pen === 'elsewhere' && row.pen === 'done') return;
		row.pen = pen;
		return putRow(db, row);
	});
}

/**
 * The log this phone agrees with the table on: whatever the outbox still held is there, or was
 * overtaken (this phone took the table's log), so it goes in the same transaction.
 */
export function putSynced(db: PasspadDb, match: string, synced: string): Promise<void> {
	return db.transaction('rw', [db.links, db.sends, db.matches, ...TRACKED(db)], async () => {
		const gone = await db.sends.where('match').equals(match).delete();
		const row = await db.links.get(match);
		// live play stopped meanwhile: nothing to agree with any more
		if (row?.live) await db.links.put({ ...row, synced });
		if (gone > 0) await heldWhole(db, match);
	});
}

/**
 * The table holds every step of a match over (its outbox empty): the groups that heard of it
 * look at it again, and its pen seals it there (group/entries.ts; docs/group.md, "On the
 * phone: what leaves"). Inside the caller's transaction.
 */
async function heldWhole(db: PasspadDb, match: string): Promise<void> {
	const status = (await db.matches.get(match))?.status;
	if (status !== 'finished' && status !== 'abandoned') return;
	if ((await db.sends.where('match').equals(match).count()) === 0) await trackHeard(db, match);
}

export async function hostOf(db: PasspadDb): Promise<unknown> {
	return (await db.settings.get(HOST_KEY))?.value ?? null;
}
export async function putHost(db: PasspadDb, host: Record<string, string>): Promise<void> {
	await db.settings.put({ key: HOST_KEY, value: host });
}

/** This phone's id on the wire, made once (the same in every tab: made in one transaction). */
export function deviceOf(db: PasspadDb, make: () => string, valid: RegExp): Promise<string> {
	return db.transaction('rw', db.settings, async () => {
		const known = (await db.settings.get(DEVICE_KEY))?.value;
		if (typeof known === 'string' && valid.test(known)) return known;
		const id = make();
		await db.settings.put({ key: DEVICE_KEY, value: id });
		return id;
	});
}

/**
 * Inside the store's own transaction (db/log.ts): the change goes to the outbox when the match
 * is live here with a player's link, or when it is a group's match not live here (the group's
 * entries, docs/wire.md, "On the phone: one replicator"; group/entries.ts sends them), so
 * nothing committed can go unsent. A follower's link never writes; a match in no group (or in
 * a group this phone left) and not live sends nothing.
 */
export async function queueSend(
	db: PasspadDb,
	match: Pick<MatchRow, 'id' | 'group'>,
	pos: number,
	changes: readonly SendChange[]
): Promise<void> {
	const row = await db.links.get(match.id);
	const live = row?.live?.link.r === 'w';
	if (!live && (row?.live || match.group === null)) return;
	// a group this phone left reads and sends nothing more (docs/group.md, "Removing")
	if (!live && (await db.groups.get(match.group!))?.left) return;
	await db.sends.bulkAdd(changes.map((change, at) => ({ match: match.id, pos: pos + at, change })));
}

/**
 * A group left (docs/group.md, "Removing"): its matches' steps that waited go, in the
 * transaction that marks it left; a match live at a table keeps its own (the table's, not
 * the group's). The tracked changes stay, one row a thing, for a phone that joins again.
 */
export function leave(db: PasspadDb, group: string): Promise<void> {
	return db.transaction('rw', [db.groups, db.matches, db.links, db.sends], async () => {
		await db.groups.update(group, { left: true });
		const waiting = await db.sends.toArray();
		const matches = [...new Set(waiting.map((row) => row.match))];
		const [rows, links] = await Promise.all([
			db.matches.bulkGet(matches),
			db.links.bulkGet(matches)
		]);
		const gone = new Set(
			matches.filter((_, at) => rows[at]?.group === group && links[at]?.live?.link.r !== 'w')
		);
		await db.sends.bulkDelete(waiting.filter((row) => gone.has(row.match)).map((row) => row.seq!));
	});
}

/** The match's steps waiting to be sent, in the order they were made. */
export function sendsOf(db: PasspadDb, match: string): Promise<SendRow[]> {
	return db.sends.where('match').equals(match).sortBy('seq');
}

/**
 * Steps the server's log already holds (a group's match, group/entries.ts): those read, by
 * `seq`, and no other, so a step committed since the outbox was read is still sent.
 */
export async function dropSends(db: PasspadDb, seqs: readonly number[]): Promise<void> {
	if (seqs.length > 0) await db.sends.bulkDelete([...seqs]);
}

/** The keeper refused the step: it stays, with its refusal (never sent again blind). */
export async function refuseSend(
	db: PasspadDb,
	seq: number,
	refused: NonNullable<SendRow['refused']>
): Promise<void> {
	await db.sends.update(seq, { refused });
}

/**
 * The table stored the step: its row goes, and the log this phone now agrees with the table
 * on is kept, in one transaction, so a crash between them cannot send it twice or lose it.
 */
export function sendDone(db: PasspadDb, seq: number, match: string, synced: string | null) {
	return db.transaction('rw', [db.links, db.sends, db.matches, ...TRACKED(db)], async () => {
		await db.sends.delete(seq);
		const row = await db.links.get(match);
		if (row?.live && synced !== null) await db.links.put({ ...row, synced });
		await heldWhole(db, match);
	});
}
