import type { ScoreSheet } from '$lib/rules/common';
import { sideName } from './summary';

type Label = (code: string, params?: Readonly<Record<string, string | number>>) => string;

/** A spreadsheet cell: quoted when it holds a separator, a quote or a line break (RFC 4180). */
function cell(value: string | number | null): string {
	const text = value === null ? '' : String(value);
	return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The score sheet as CSV: one column a side, one row a round (or line), totals last. */
export function sheetCsv(sheet: ScoreSheet, names: readonly string[], label: Label, total: string) {
	const rows: (string | number | null)[][] = [
		['', ...sheet.sides.map((side) => sideName(side.seats, names))],
		...sheet.rows.map((row) => [label(row.label.code, row.label.params), ...row.cells]),
		[total, ...sheet.totals]
	];
	return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A result to share as text: the winner line, then each side's total, best first. */
export function resultText(
	game: string,
	sheet: ScoreSheet,
	names: readonly string[],
	winnerLine: string
): string {
	const order = sheet.sides
		.map((side, index) => ({ name: sideName(side.seats, names), total: sheet.totals[index] }))
		.sort((a, b) => (sheet.lowerWins ? a.total - b.total : b.total - a.total));
	return [
		`${game}: ${winnerLine}`,
		...order.map((row) => `${row.name} ${row.total}`),
		'',
		'Passpad'
	].join('\n');
}
