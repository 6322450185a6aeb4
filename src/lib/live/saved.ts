/**
 * What this browser keeps of live play (docs/live.md, "On the phone"): the host credential, each
 * live match's link, this phone's id and name. Small and free of the NATS client, so any screen
 * can ask "is this match live?" without loading it.
 */
import { readHostLink, readLiveLink, type HostLink, type LiveLink } from './link';
import { GROUP_ID } from './names.js';

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

function get(key: string): string | null {
	try {
		return localStorage.getItem(key);
	} catch {
		return null;
	}
}
function set(key: string, value: string | null) {
	try {
		if (value === null) localStorage.removeItem(key);
		else localStorage.setItem(key, value);
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

export function savedLive(id: string): SavedLive | null {
	try {
		const saved = JSON.parse(get(match(id)) ?? 'null');
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
export function saveLive(id: string, live: SavedLive | null) {
	set(match(id), live && JSON.stringify(live));
	if (!live) {
		set(synced(id), null);
		set(pen(id), null);
	}
}

/**
 * Whether this phone held the pen at the match's table when it last read it (null: never told):
 * the pen phone sends a group's live match to the group (docs/group.md).
 */
export function savedPen(id: string): boolean | null {
	const text = get(pen(id));
	return text === null ? null : text === '1';
}
export function savePen(id: string, mine: boolean) {
	set(pen(id), mine ? '1' : '0');
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
