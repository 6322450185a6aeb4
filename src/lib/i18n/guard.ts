import {
	baseLocale,
	extractLocaleFromNavigator,
	overwriteGetLocale,
	overwriteSetLocale
} from '$lib/paraglide/runtime';
import { siteDataAllowed } from '$lib/db/site';

/**
 * The language runtime (scripts/messages.mjs) keeps the chosen language in localStorage and
 * reads it unguarded: where site data is blocked that read throws, and the whole app would be
 * a blank page. There the language follows the browser, and a choice applies to this visit
 * only.
 */
export function guardLanguage(): void {
	if (siteDataAllowed()) return;
	let locale = extractLocaleFromNavigator() ?? baseLocale;
	overwriteGetLocale(() => locale);
	overwriteSetLocale((next) => {
		locale = next;
		document.documentElement.lang = next;
	});
}
