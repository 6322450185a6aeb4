import { getLocale, locales, setLocale, type Locale } from '$lib/paraglide/runtime';
import { deviceDateTime } from '$lib/dates';

export { getLocale, locales, type Locale };

/**
 * The language follows the browser until the player picks one; the pick is remembered (in
 * localStorage, by the runtime scripts/messages.mjs writes) and the page reloads so every
 * string is redrawn.
 */
export function chooseLanguage(locale: Locale): void {
	setLocale(locale);
}

/** `<html lang>` must say what the page is written in, for screen readers and hyphenation. */
export function applyLanguage(): void {
	document.documentElement.lang = getLocale();
}

/** A day and time as the device writes them, whatever the app's language (dates.ts). */
export function formatDate(time: number): string {
	return deviceDateTime(time);
}
