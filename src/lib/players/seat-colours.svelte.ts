import { getContext, setContext } from 'svelte';
import { liveQuery } from 'dexie';
import { getPlayer } from '$lib/db';
import type { SeatRow } from '$lib/db/schema';
import { colourOf, type ColourKey } from './colours';
import { sideColour } from './lines';

/**
 * The colours of a match's seats, given once by the match screen (MatchView) to everything
 * inside it through Svelte context: the score sheet, the chart, each game's seat names.
 */
export interface SeatColours {
	/** per seat, clockwise: the player's colour, or null */
	readonly all: readonly (ColourKey | null)[];
	of(seat: number): ColourKey | null;
	/** a side's colour (a team's: its first player who chose one) */
	side(seats: readonly number[]): ColourKey | null;
}

const KEY = Symbol('seat colours');

function seatColours(read: () => readonly (ColourKey | null)[]): SeatColours {
	return {
		get all() {
			return read();
		},
		of: (seat) => read()[seat] ?? null,
		side: (seats) => sideColour(seats, read())
	};
}

const NONE = seatColours(() => []);

/** The seats' players' colours, read from the roster; a player since removed has none. */
export async function loadSeatColours(playerIds: readonly string[]): Promise<(ColourKey | null)[]> {
	const players = await Promise.all(playerIds.map((id) => getPlayer(id)));
	return players.map((player) => colourOf(player?.colour));
}

/**
 * In a match screen's setup: its seats' colours, given to its children and followed live, as
 * every change is (docs/architecture.md, "Following another tab"): a colour chosen in another
 * tab shows here at once.
 */
export function provideSeatColours(seats: () => readonly SeatRow[]): SeatColours {
	let colours = $state.raw<(ColourKey | null)[]>([]);
	// read again only when the seated players change, not on every write to the match row
	const ids = $derived(
		seats()
			.map((seat) => seat.playerId)
			.join('\n')
	);
	$effect(() => {
		const subscription = liveQuery(() => loadSeatColours(ids.split('\n'))).subscribe({
			next: (next) => {
				// a new array only when a colour changed: the sheet and chart redraw only then
				if (next.join() !== colours.join()) colours = next;
			},
			error: () => {} // colours are a nicety: the match plays on without them
		});
		return () => subscription.unsubscribe();
	});
	const value = seatColours(() => colours);
	setContext(KEY, value);
	return value;
}

/** The colours of the match around a component; none outside a match screen. */
export function useSeatColours(): SeatColours {
	return getContext<SeatColours | undefined>(KEY) ?? NONE;
}
