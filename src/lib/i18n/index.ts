import { getLocale, locales, setLocale, type Locale } from '$lib/paraglide/runtime';

export { getLocale, locales, type Locale };

/**
 * The language follows the browser until the player picks one; the pick is remembered
 * (Paraglide's localStorage strategy) and the page reloads so every string is redrawn.
 */
export function chooseLanguage(locale: Locale): void {
	setLocale(locale);
}

/** `<html lang>` must say what the page is written in, for screen readers and hyphenation. */
export function applyLanguage(): void {
	document.documentElement.lang = getLocale();
}

export function formatDate(time: number): string {
	return new Intl.DateTimeFormat(getLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
		time
	);
}
