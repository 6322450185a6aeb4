/**
 * A player's name as the screens show it, isolated from the text around it when it could
 * change that text's direction: U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE.
 * A right-to-left name, or one holding a control such as U+202E RIGHT-TO-LEFT OVERRIDE, can
 * then never reverse the rest of a line ("Ana passed", a score sheet's header, the picture).
 * Names in left-to-right and neutral scripts cannot: they are shown as typed, with no
 * invisible characters, so what a person reads, copies or searches stays the same.
 */
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * Characters that can change direction: the right-to-left and Arabic-letter blocks (Hebrew,
 * Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation forms, and the
 * historic right-to-left scripts of the supplementary planes), and every explicit bidi
 * control (RLM, ALM, LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI).
 */
const DIRECTIONAL =
	/[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u200f\u061c\u202a-\u202e\u2066-\u2069\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

export function isolate(name: string): string {
	return DIRECTIONAL.test(name) ? `${FSI}${name}${PDI}` : name;
}

/** The name as typed, for files (CSV) where the marks would be stray invisible characters. */
export function unisolate(name: string): string {
	return name.length >= 2 && name.startsWith(FSI) && name.endsWith(PDI) ? name.slice(1, -1) : name;
}
