import type { ScoreSheet } from '$lib/rules/common';
import { sideName } from './summary';
import { unisolate } from './names';

type Label = (code: string, params?: Readonly<Record<string, string | number>>) => string;

/**
 * A spreadsheet cell: quoted when it holds a separator, a quote or a line break (RFC 4180).
 * Text that begins like a formula (= + - @, tab, carriage return) gets a leading apostrophe,
 * so a player named =HYPERLINK(…) is read as text, never run (OWASP, CSV injection).
 * Scores are numbers and stay numbers, negative ones too.
 */
function cell(value: string | number | null): string {
	let text = value === null ? '' : String(value);
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
	return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** U+FEFF first: spreadsheets then read the file as UTF-8 ("Chloé", not "ChloÃ©"). */
const BOM = '\uFEFF';

/** The score sheet as CSV: one column a side, one row a round (or line), totals last. */
export function sheetCsv(sheet: ScoreSheet, shown: readonly string[], label: Label, total: string) {
	const names = shown.map(unisolate);
	const rows: (string | number | null)[][] = [
		['', ...sheet.sides.map((side) => sideName(side.seats, names))],
		...sheet.rows.map((row) => [label(row.label.code, row.label.params), ...row.cells]),
		[total, ...sheet.totals]
	];
	return BOM + rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
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
