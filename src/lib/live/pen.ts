/**
 * When a phone may take the pen without an answer (docs/live.md, "The protocol"): the holder's
 * phone says "still here" every few seconds while it is connected; after the pen's silence
 * (PEN_SILENCE_MS, src/lib/wire/limits.ts: the server's keeper holds the same number) without
 * a word from it, "Take the pen" takes it at once instead of asking.
 */
import { PEN_SILENCE_MS } from '$lib/wire/limits';

export const HERE_EVERY_MS = 5_000;
export const SILENT_MS = PEN_SILENCE_MS;

/** Whether the holder is silent: nothing heard for SILENT_MS (or ever, since we joined). */
export function holderSilent(lastHeard: number | null, joinedAt: number, now: number): boolean {
	return now - (lastHeard ?? joinedAt) >= SILENT_MS;
}
