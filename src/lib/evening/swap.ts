/**
 * A table's draw changed by hand (docs/evening.md, "The draw"): two players change places, at two
 * tables, at one table, or one of them sitting out. Each keeps the other's seat; the seat that
 * starts stays the seat that starts.
 */
import type { DrawnRound } from './types';

export function swapPlayers(round: DrawnRound, a: string, b: string): DrawnRound | null {
	const everyone = [...round.tables.flatMap((table) => table.seats), ...round.out];
	if (a === b || !everyone.includes(a) || !everyone.includes(b)) return null;
	const other = (key: string) => (key === a ? b : key === b ? a : key);
	return {
		tables: round.tables.map((table) => ({ ...table, seats: table.seats.map(other) })),
		out: round.out.map(other)
	};
}
