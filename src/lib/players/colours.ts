/**
 * The players' colours: a closed palette, kept on the player as its key.
 * Each colour has one shade per theme, chosen so a line, a marker or a swatch stands at least
 * 3:1 (WCAG's figure for graphics) against every background of that theme; colours.test.ts
 * measures it. A colour never carries meaning alone: the name, a marker and a dash go with it.
 */
export const COLOURS = [
	'red',
	'orange',
	'yellow',
	'green',
	'teal',
	'blue',
	'purple',
	'pink',
	'brown'
] as const;
export type ColourKey = (typeof COLOURS)[number];

export interface Shades {
	/** on the light theme, and on the result picture's white */
	light: string;
	/** on the dark theme */
	dark: string;
}

export const PALETTE: Record<ColourKey, Shades> = {
	red: { light: '#c0262d', dark: '#ff8a80' },
	orange: { light: '#b24a00', dark: '#ffa552' },
	yellow: { light: '#8a6300', dark: '#f2c94c' },
	green: { light: '#1b7a3e', dark: '#6fd69a' },
	teal: { light: '#00727c', dark: '#4fd1d9' },
	blue: { light: '#1f5fbf', dark: '#8ab8ff' },
	purple: { light: '#7b3aa8', dark: '#c9a0ff' },
	pink: { light: '#b3286f', dark: '#ff8cc6' },
	brown: { light: '#7a4b2a', dark: '#d9a77a' }
};

/** The themes' backgrounds (app.css: --bg, --surface, --surface-2), for the contrast test. */
export const BACKGROUNDS: Record<keyof Shades, string[]> = {
	light: ['#f7f7f4', '#ffffff', '#ecece6'],
	dark: ['#111216', '#1c1d23', '#2a2b33']
};

export function isColour(key: unknown): key is ColourKey {
	return typeof key === 'string' && (COLOURS as readonly string[]).includes(key);
}

/** A stored key as a palette colour; a key this version does not know counts as none. */
export function colourOf(key: string | null | undefined): ColourKey | null {
	return isColour(key) ? key : null;
}

/** The CSS value of a colour, following the page's theme (app.css sets color-scheme). */
export function colourCss(key: ColourKey): string {
	const { light, dark } = PALETTE[key];
	return `light-dark(${light}, ${dark})`;
}

function luminance(hex: string): number {
	const [r, g, b] = [1, 3, 5]
		.map((at) => parseInt(hex.slice(at, at + 2), 16) / 255)
		.map((value) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
	return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrast(a: string, b: string): number {
	const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (high + 0.05) / (low + 0.05);
}
