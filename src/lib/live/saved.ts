/**
 * What this browser keeps of live play (docs/live.md, "On the phone"): the host credential, each
 * live match's link, this phone's id and name. Small and free of the NATS client, so any screen
 * can ask "is this match live?" without loading it.
 */
import { readHostLink, readLiveLink, type HostLink, type LiveLink } from './link';
import { GROUP_ID } from '$lib/wire/names.js';

const HOST = 'passpad.live.host';
const DEVICE = 'passpad.live.device';
const match = (id: string) => `passpad.live.match.${id}`;
const synced = (id: string) => `passpad.live.synced.${id}`;
const pen = (id: string) => `passpad.live.pen.${id}`;

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

/** Where these words are kept: the browser's localStorage (a test gives each phone its own). */
export type Keeping = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function get(key: string, store?: Keeping): string | null {
	try {
		return (store ?? localStorage).getItem(key);
	} catch {
		return null;
	}
}
function set(key: string, value: string | null, store?: Keeping) {
	try {
		if (value === null) (store ?? localStorage).removeItem(key);
		else (store ?? localStorage).setItem(key, value);
	} catch {
		// storage refused (private mode): live play then lasts as long as the page
	}
}

export function savedHost(): HostLink | null {
	const text = get(HOST);
	return text ? readHostLink(text) : null;
}
export function saveHost(host: HostLink) {
	set(HOST, new URLSearchParams(host).toString());
}

export function savedLive(id: string, store?: Keeping): SavedLive | null {
	try {
		const saved = JSON.parse(get(match(id), store) ?? 'null');
		const link = saved && readLiveLink(new URLSearchParams(saved.link).toString());
		if (!link || typeof saved.name !== 'string') return null;
		const readers = saved.readers && readLiveLink(new URLSearchParams(saved.readers).toString());
		const group = typeof saved.group === 'string' && GROUP_ID.test(saved.group) && saved.group;
		return {
			link,
			name: saved.name,
			...(readers ? { readers } : {}),
			...(group ? { group } : {})
		};
	} catch {
		return null;
	}
}
export function saveLive(id: string, live: SavedLive | null, store?: Keeping) {
	// a new table of the match: what the last one said of its pen is over
	if (live && savedLive(id, store)?.link.t !== live.link.t) set(pen(id), null, store);
	set(match(id), live && JSON.stringify(live), store);
	if (!live) {
		set(synced(id), null, store);
		// live play stops here while another phone holds the pen: the word stays, so this
		// copy never writes over the pen phone's in the group (docs/group.md)
		if (savedPen(id, store) !== false) set(pen(id), null, store);
	}
}

/** The pen's word once the group's version of the match, over, is this phone's copy. */
const DONE = 'done';

/**
 * Whether this phone held the pen at the match's table when it last read it (null: never told,
 * or done with): the pen phone sends a group's live match to the group (docs/group.md). "Not
 * here" outlives live play here, until `penDone`.
 */
export function savedPen(id: string, store?: Keeping): boolean | null {
	const text = get(pen(id), store);
	return text === null || text === DONE ? null : text === '1';
}
export function savePen(id: string, mine: boolean, store?: Keeping) {
	// the table read again after the match is over here says nothing more of who sends it,
	// unless the pen comes to this phone
	if (!mine && get(pen(id), store) === DONE) return;
	set(pen(id), mine ? '1' : '0', store);
}
/**
 * The group's version of the match, over, is this phone's copy (docs/group.md): where the pen
 * was no longer says who sends it, even when the table is read again.
 */
export function penDone(id: string, store?: Keeping) {
	set(pen(id), DONE, store);
}

/** The table's log as this phone last agreed with it (sync.ts key), to tell its own entries. */
export function savedSynced(id: string): string | null {
	return get(synced(id));
}
export function saveSynced(id: string, key: string) {
	set(synced(id), key);
}

/** This phone's id on the wire, made once. */
export function deviceId(make: () => string): string {
	const known = get(DEVICE);
	if (known && /^[A-Za-z0-9_-]{8,40}$/.test(known)) return known;
	const id = make();
	set(DEVICE, id);
	return id;
}
