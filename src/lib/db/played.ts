/**
 * Time played: the time between one action and the next counts, unless the table
 * went quiet for longer than IDLE_GAP_MS (a meal, a night, the match left open on a phone).
 */
export const IDLE_GAP_MS = 10 * 60_000;

/** What one gap between two actions adds to the time played. */
export function gapPlayed(from: number, to: number): number {
	const gap = to - from;
	return gap > 0 && gap <= IDLE_GAP_MS ? gap : 0;
}

/** The time played of a whole log, from its actions' times in log order. */
export function timePlayed(times: readonly number[]): number {
	let total = 0;
	for (let at = 1; at < times.length; at++) total += gapPlayed(times[at - 1], times[at]);
	return total;
}
