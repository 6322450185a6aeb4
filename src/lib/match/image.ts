import { PALETTE, type ColourKey } from '$lib/players/colours';
import { markerPath, sideStyles } from '$lib/players/lines';

/**
 * A match result as a picture to share in a chat: the score sheet drawn on a canvas, PNG.
 * Loaded only when someone asks for it, so the match screen stays light.
 */
export interface ResultPicture {
	/** "I'll Pass · 21 Nov 2026" */
	title: string;
	/** "Ana wins!" */
	winnerLine: string;
	/** one column a side */
	sides: string[];
	rows: { label: string; cells: (number | null)[] }[];
	totalLabel: string;
	totals: number[];
	/** side indexes that won, highlighted */
	winners: number[];
	/** each side's colour, its players' choice, or null: drawn as a band and a marker */
	colours?: (ColourKey | null)[];
}

const SCALE = 2; // sharp on phone screens
const MAX_TITLE = 900;
const PAD = 24;
const ROW = 40;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const INK = '#1b1f24';
const MUTED = '#56606b';
const LINE = '#d5dae0';
const WIN = '#e3f4e8';
const WIN_INK = '#17693a';

/** Width of the widest text in a font, so the columns fit their names and numbers. */
function widest(context: CanvasRenderingContext2D, font: string, texts: string[]): number {
	context.font = font;
	return Math.max(0, ...texts.map((text) => context.measureText(text).width));
}

export async function resultPicture(picture: ResultPicture): Promise<Blob> {
	const canvas = document.createElement('canvas');
	const context = canvas.getContext('2d');
	if (!context) throw new Error('no 2d canvas');
	const body = `500 17px ${FONT}`;
	const bold = `700 17px ${FONT}`;
	const labelWidth = Math.min(
		260,
		widest(context, body, [...picture.rows.map((row) => row.label), picture.totalLabel]) + 16
	);
	const column = Math.min(
		200,
		Math.max(
			72,
			widest(context, bold, [
				...picture.sides,
				...picture.totals.map(String),
				...picture.rows.flatMap((row) => row.cells.map((cell) => String(cell ?? '')))
			]) +
				20 +
				// room for a side's marker before its name
				(picture.colours?.some(Boolean) ? 18 : 0)
		)
	);
	// a very long name is squeezed, never a picture thousands of pixels wide
	const titleWidth = Math.min(
		MAX_TITLE,
		widest(context, `700 24px ${FONT}`, [picture.title, picture.winnerLine])
	);
	const width = Math.ceil(
		Math.max(labelWidth + column * picture.sides.length, titleWidth) + PAD * 2
	);
	const tableTop = PAD + 78;
	const height = tableTop + ROW * (picture.rows.length + 2) + PAD + 22;

	canvas.width = width * SCALE;
	canvas.height = height * SCALE;
	context.scale(SCALE, SCALE);
	context.fillStyle = '#ffffff';
	context.fillRect(0, 0, width, height);
	context.textBaseline = 'middle';
	// the lines read left to right; names arrive isolated (names.ts), so one written right to
	// left, or holding an override, stays inside its own cell
	context.direction = 'ltr';

	context.fillStyle = INK;
	context.font = `700 24px ${FONT}`;
	context.fillText(picture.winnerLine, PAD, PAD + 14, width - PAD * 2);
	context.fillStyle = MUTED;
	context.font = `500 17px ${FONT}`;
	context.fillText(picture.title, PAD, PAD + 48, width - PAD * 2);

	const x = (side: number) => PAD + labelWidth + column * side;
	// the winners' columns, shaded behind the whole table
	context.fillStyle = WIN;
	for (const side of picture.winners) {
		context.fillRect(x(side), tableTop, column, ROW * (picture.rows.length + 2));
	}
	const line = (y: number) => {
		context.fillStyle = LINE;
		context.fillRect(PAD, y, width - PAD * 2, 1);
	};
	const cellText = (text: string, side: number, y: number, font: string, room = column - 16) => {
		context.font = font;
		context.fillStyle = picture.winners.includes(side) ? WIN_INK : INK;
		context.textAlign = 'right';
		context.fillText(text, x(side) + column - 10, y, room);
		context.textAlign = 'left';
	};

	// a side's colour under its name, with the chart's marker for that side: never colour alone
	const styles = sideStyles(picture.colours ?? []);
	(picture.colours ?? []).forEach((colour, side) => {
		if (!colour) return;
		context.fillStyle = PALETTE[colour].light;
		context.fillRect(x(side) + 6, tableTop + ROW - 5, column - 12, 4);
		context.fill(new Path2D(markerPath(styles[side].marker, x(side) + 14, tableTop + ROW / 2, 5)));
	});
	let y = tableTop + ROW / 2;
	// a name beside a marker is squeezed clear of it
	picture.sides.forEach((name, side) =>
		cellText(name, side, y, bold, picture.colours?.[side] ? column - 34 : column - 16)
	);
	line(tableTop + ROW);
	for (const row of picture.rows) {
		y += ROW;
		context.font = body;
		context.fillStyle = MUTED;
		context.fillText(row.label, PAD, y, labelWidth - 8);
		row.cells.forEach((cell, side) => cellText(cell === null ? '–' : String(cell), side, y, body));
		line(y + ROW / 2);
	}
	y += ROW;
	context.font = bold;
	context.fillStyle = INK;
	context.fillText(picture.totalLabel, PAD, y, labelWidth - 8);
	picture.totals.forEach((total, side) => cellText(String(total), side, y, bold));

	context.font = `600 14px ${FONT}`;
	context.fillStyle = MUTED;
	context.textAlign = 'right';
	context.fillText('Passpad', width - PAD, height - PAD);

	return new Promise((resolve, reject) =>
		canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/png')
	);
}
