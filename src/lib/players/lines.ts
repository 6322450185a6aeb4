import { COLOURS, type ColourKey } from './colours';

/**
 * How each side of a match is drawn in the running-score chart and its legend: a colour, a
 * dash pattern and a marker shape, so two lines differ by more than their colour (WCAG 1.4.1).
 * Sides whose players chose a colour keep it; the others take palette colours nobody at the
 * table chose, in an order that keeps neighbouring hues apart (then any, once all are taken).
 */
const DEFAULTS: readonly ColourKey[] = [
	'blue',
	'orange',
	'green',
	'purple',
	'red',
	'teal',
	'pink',
	'yellow',
	'brown'
];
export const DASHES = ['', '8 4', '2 4', '10 4 2 4', '4 3', '12 3 2 3 2 3'] as const;
export const MARKERS = ['circle', 'square', 'triangle', 'diamond', 'down', 'plus'] as const;
export type Marker = (typeof MARKERS)[number];

export interface SideStyle {
	colour: ColourKey;
	/** an SVG stroke-dasharray ('' for a solid line) */
	dash: string;
	marker: Marker;
}

export function sideStyles(chosen: readonly (ColourKey | null)[]): SideStyle[] {
	const free = DEFAULTS.filter((colour) => !chosen.includes(colour));
	let next = 0;
	return chosen.map((colour, side) => ({
		colour:
			colour ?? (free.length > 0 ? free[next++ % free.length] : COLOURS[side % COLOURS.length]),
		dash: DASHES[side % DASHES.length],
		marker: MARKERS[side % MARKERS.length]
	}));
}

/** A marker centred on (x, y), r its half-size, as SVG path data (Path2D takes it too). */
export function markerPath(marker: Marker, x: number, y: number, r: number): string {
	const f = (value: number) => Math.round(value * 100) / 100;
	const at = (points: [number, number][]) =>
		`M${points.map(([dx, dy]) => `${f(x + dx)},${f(y + dy)}`).join('L')}Z`;
	switch (marker) {
		case 'circle':
			return `M${f(x - r)},${f(y)}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0Z`;
		case 'square':
			return at([
				[-r * 0.85, -r * 0.85],
				[r * 0.85, -r * 0.85],
				[r * 0.85, r * 0.85],
				[-r * 0.85, r * 0.85]
			]);
		case 'triangle':
			return at([
				[0, -r * 1.1],
				[r, r * 0.8],
				[-r, r * 0.8]
			]);
		case 'down':
			return at([
				[-r, -r * 0.8],
				[r, -r * 0.8],
				[0, r * 1.1]
			]);
		case 'diamond':
			return at([
				[0, -r * 1.2],
				[r * 1.2, 0],
				[0, r * 1.2],
				[-r * 1.2, 0]
			]);
		case 'plus': {
			const t = r * 0.4;
			return at([
				[-t, -r],
				[t, -r],
				[t, -t],
				[r, -t],
				[r, t],
				[t, t],
				[t, r],
				[-t, r],
				[-t, t],
				[-r, t],
				[-r, -t],
				[-t, -t]
			]);
		}
	}
}

/** A side's chosen colour: its player's, or on a team the first team-mate's who chose one. */
export function sideColour(
	seats: readonly number[],
	colours: readonly (ColourKey | null)[]
): ColourKey | null {
	for (const seat of seats) if (colours[seat]) return colours[seat];
	return null;
}
