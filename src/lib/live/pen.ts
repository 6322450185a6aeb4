/**
 * When a phone may take the pen without an answer (docs/live.md, "The protocol"): the holder's
 * phone says "still here" every few seconds while it is connected; after SILENT_MS without a
 * word from it, "Take the pen" takes it at once instead of asking.
 */
export const HERE_EVERY_MS = 5_000;
export const SILENT_MS = 30_000;

/** Whether the holder is silent: nothing heard for SILENT_MS (or ever, since we joined). */
export function holderSilent(lastHeard: number | null, joinedAt: number, now: number): boolean {
	return now - (lastHeard ?? joinedAt) >= SILENT_MS;
}
