import { m } from '$lib/paraglide/messages';
import type { Locale } from '$lib/paraglide/runtime';

const MINUTE = 60_000;

/** A time played split as the players set it: whole hours and minutes, to the nearest minute. */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
	const total = Math.round(Math.max(0, ms) / MINUTE);
	return { hours: Math.floor(total / 60), minutes: total % 60 };
}

/** Hours and minutes as the players enter them, back in milliseconds (blank fields are 0). */
export function fromHoursAndMinutes(hours: number, minutes: number): number {
	const whole = (value: number) => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);
	return (whole(hours) * 60 + whole(minutes)) * MINUTE;
}

/**
 * A time played in words, the same everywhere (match, history, share text, CSV): under an hour
 * in minutes by count ("1 minute", "25 minutes"), from an hour on as "1 h 05".
 */
export function durationText(ms: number, locale?: Locale): string {
	const { hours, minutes } = hoursAndMinutes(ms);
	if (hours === 0) return m.played_minutes({ count: minutes }, { locale });
	return m.played_hours({ hours, minutes: String(minutes).padStart(2, '0') }, { locale });
}

/** Whether a time played is worth saying in a list or a share: a minute or more, not "0 minutes". */
export function timeToSay(ms: number): boolean {
	return ms >= MINUTE;
}

/** A note's first line, for lists: the rest is on the match screen. */
export function firstLine(note: string): string {
	return note.trim().split(/\r?\n/, 1)[0] ?? '';
}
