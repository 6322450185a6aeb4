import { getLocale } from '$lib/paraglide/runtime';

/**
 * Names joined as the language joins them: "Léa, Inès et Manon", "Ana and Cleo". Every team
 * name on screen and in the records is joined here, so the words never differ between them.
 */
export function joinNames(names: readonly string[], locale: string = getLocale()): string {
	return format(locale).format(names);
}

/**
 * The same, in pieces, for a screen that marks each name (a colour dot before it): `at` is the
 * name's place in `names`, null for the words between them.
 */
export function joinedParts(
	names: readonly string[],
	locale: string = getLocale()
): { at: number | null; text: string }[] {
	let next = 0;
	return format(locale)
		.formatToParts(names)
		.map((part) => ({ at: part.type === 'element' ? next++ : null, text: part.value }));
}

const formats = new Map<string, Intl.ListFormat>();
function format(locale: string): Intl.ListFormat {
	let found = formats.get(locale);
	if (!found) {
		found = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
		formats.set(locale, found);
	}
	return found;
}
