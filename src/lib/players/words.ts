import { m } from '$lib/paraglide/messages';
import type { ColourKey } from './colours';

/** Each colour's name, in the players' words ("Teal", "Sarcelle"). */
export const COLOUR_NAMES: Record<ColourKey, typeof m.colour_red> = {
	red: m.colour_red,
	orange: m.colour_orange,
	yellow: m.colour_yellow,
	green: m.colour_green,
	teal: m.colour_teal,
	blue: m.colour_blue,
	purple: m.colour_purple,
	pink: m.colour_pink,
	brown: m.colour_brown
};
