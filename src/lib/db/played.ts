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

/**
 * A round entered on the score pad (a `tally`; Pass Pass: cards won) is entered at the round's
 * end, so the time since the entry before it is that round's play, minutes by nature: counted
 * up to PAD_ROUND_MS (longer is a table that went quiet), and the first one counts from the
 * match's start on the new-match screen (docs/architecture.md, "Time played").
 */
export const PAD_ROUND_MS = 60 * 60_000;
const PAD_ACTIONS = new Set(['tally', 'won']);

export function padEntry(action: unknown): boolean {
	return PAD_ACTIONS.has((action as { type?: unknown } | null)?.type as string);
}

/** What the gap before one entry adds: a pad round's length, or a move's gap (gapPlayed). */
export function entryPlayed(action: unknown, from: number | null, to: number): number {
	if (from === null) return 0;
	if (!padEntry(action)) return gapPlayed(from, to);
	const gap = to - from;
	return gap > 0 && gap <= PAD_ROUND_MS ? gap : 0;
}

/**
 * The time played of a whole log as its entries were written: each refereed move from the one
 * before it, each pad round from the entry before it or, first, from the match's start.
 */
export function measuredPlay(
	entries: readonly { readonly action: unknown; readonly at: number }[],
	createdAt: number
): number {
	let total = 0;
	for (const [index, entry] of entries.entries()) {
		const from = index > 0 ? entries[index - 1].at : padEntry(entry.action) ? createdAt : null;
		total += entryPlayed(entry.action, from, entry.at);
	}
	return total;
}
