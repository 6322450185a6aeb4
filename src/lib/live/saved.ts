/**
 * What this phone keeps of live play (docs/live.md, "On the phone"): the host credential, each
 * live match's link, where its pen was, this phone's id. Kept in IndexedDB (schema v9,
 * db/links.ts), in the phone's database given (the app's own by default: a test gives each
 * phone its own), and checked here whenever it is read. Small and free of the NATS client, so
 * any screen can ask "is this match live?" without loading it.
 */
import { readHostLink, readLiveLink, type HostLink, type LiveLink } from './link';
import { GROUP_ID } from '$lib/wire/names.js';
import { database, type PasspadDb } from '$lib/db/db';
import { deviceOf, hostOf, linkOf, putHost, putLive, putPen, putSynced } from '$lib/db/links';

/** What a live match keeps here: its link(s), and whose phone this is at that table. */
export interface SavedLive {
	link: LiveLink;
	/** the followers' link, on the phone that started the match live */
	readers?: LiveLink;
	name: string;
	/**
	 * The group whose board shows the table: this phone opened it for a match of the group, and
	 * closes it for the board when the match ends (docs/group.md). Gone once closed.
	 */
	group?: string;
}

const fields = (link: Record<string, string>) =>
	new URLSearchParams(Object.entries(link).filter(([, value]) => typeof value === 'string'));

export async function savedHost(db: PasspadDb = database()): Promise<HostLink | null> {
	const host = await hostOf(db).catch(() => null);
	return host && typeof host === 'object'
		? readHostLink(fields(host as Record<string, string>).toString())
		: null;
}
export async function saveHost(host: HostLink, db: PasspadDb = database()): Promise<void> {
	await putHost(db, { ...host });
}

export async function savedLive(id: string, db: PasspadDb = database()): Promise<SavedLive | null> {
	const saved = (await linkOf(db, id).catch(() => undefined))?.live;
	if (!saved || typeof saved.name !== 'string') return null;
	const link = readLiveLink(fields(saved.link).toString());
	if (!link) return null;
	const readers = saved.readers && readLiveLink(fields(saved.readers).toString());
	const group = typeof saved.group === 'string' && GROUP_ID.test(saved.group) && saved.group;
	return {
		link,
		name: saved.name,
		...(readers ? { readers } : {}),
		...(group ? { group } : {})
	};
}
/** A match's live link kept, or (null) live play stopped here (db/links.ts, putLive). */
export function saveLive(
	id: string,
	live: SavedLive | null,
	db: PasspadDb = database()
): Promise<void> {
	return putLive(db, id, live && (JSON.parse(JSON.stringify(live)) as typeof live));
}

/**
 * Whether this phone held the pen at the match's table when it last read it (null: never told,
 * or done with): the pen phone sends a group's live match to the group (docs/group.md). "Not
 * here" outlives live play here, until `penDone`.
 */
export async function savedPen(id: string, db: PasspadDb = database()): Promise<boolean | null> {
	const pen = (await linkOf(db, id))?.pen;
	return pen === undefined || pen === 'done' ? null : pen === 'here';
}
export function savePen(id: string, mine: boolean, db: PasspadDb = database()): Promise<void> {
	// the table read again after the match is over here says nothing more of who sends it,
	// unless the pen comes to this phone
	return putPen(db, id, mine ? 'here' : 'elsewhere');
}
/**
 * The group's version of the match, over, is this phone's copy (docs/group.md): where the pen
 * was no longer says who sends it, even when the table is read again.
 */
export function penDone(id: string, db: PasspadDb = database()): Promise<void> {
	return putPen(db, id, 'done');
}

/** The table's log as this phone last agreed with it (sync.ts key), to tell its own entries. */
export async function savedSynced(id: string, db: PasspadDb = database()): Promise<string | null> {
	return (await linkOf(db, id))?.synced ?? null;
}
export function saveSynced(id: string, key: string, db: PasspadDb = database()): Promise<void> {
	return putSynced(db, id, key);
}

/** This phone's id on the wire, made once. */
export function deviceId(make: () => string, db: PasspadDb = database()): Promise<string> {
	return deviceOf(db, make, /^[A-Za-z0-9_-]{8,40}$/);
}
