import { isTile, type Tile } from '$lib/rules/dominoes';

/**
 * What a player has tapped but not yet confirmed (the tiles picked on the count screen, a tile
 * waiting for its end) is kept on this device, so a reload loses nothing. A draft belongs to
 * the moment it was made in: `at`, the number of actions in the log; any other moment ignores it.
 */
export type DraftKind = 'count' | 'end';

interface Stored {
	readonly at: number;
	readonly tiles: readonly Tile[];
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const key = (kind: DraftKind, match: string) => `dominoes:${kind}:${match}`;

function store(): Storage | null {
	try {
		return globalThis.localStorage ?? null;
	} catch {
		return null; // storage blocked: entries are still made, just not kept across a reload
	}
}

/** Keeps the tiles of a draft for this moment of the match; an empty list forgets it. */
export function saveDraft(
	kind: DraftKind,
	match: string,
	at: number,
	tiles: readonly Tile[],
	storage: Storage | null = store()
): void {
	try {
		if (tiles.length === 0) storage?.removeItem(key(kind, match));
		else storage?.setItem(key(kind, match), JSON.stringify({ at, tiles } satisfies Stored));
	} catch {
		// a full or blocked storage only loses the draft, never an action
	}
}

/** The draft's tiles when it was made at this moment, else []. */
export function loadDraft(
	kind: DraftKind,
	match: string,
	at: number,
	storage: Storage | null = store()
): Tile[] {
	try {
		const stored = JSON.parse(storage?.getItem(key(kind, match)) ?? 'null') as Stored | null;
		if (!stored || stored.at !== at || !Array.isArray(stored.tiles)) return [];
		return stored.tiles.filter(isTile).map((tile): Tile => [tile[0], tile[1]]);
	} catch {
		return [];
	}
}
