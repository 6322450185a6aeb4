import type { ScoreSheet } from '$lib/rules/common';
import { sideName } from './summary';
import { unisolate } from './names';
import { durationText, timeToSay } from './duration';
import { m } from '$lib/paraglide/messages';

/** What a match keeps beside its score: the players' note and the time played. */
export interface MatchRecord {
	notes: string;
	playedMs: number;
}

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

/**
 * The score sheet as CSV: one column a side, one row a round (or line), totals last; then,
 * given the match's record, a row for the time played (from a minute) and one for the note (in the first
 * side's column, the other cells empty, so every row has as many cells).
 */
export function sheetCsv(
	sheet: ScoreSheet,
	shown: readonly string[],
	label: Label,
	total: string,
	record?: MatchRecord
) {
	const names = shown.map(unisolate);
	const blanks = sheet.sides.slice(1).map(() => null);
	const rows: (string | number | null)[][] = [
		['', ...sheet.sides.map((side) => sideName(side.seats, names))],
		...sheet.rows.map((row) => [label(row.label.code, row.label.params), ...row.cells]),
		[total, ...sheet.totals]
	];
	if (record && timeToSay(record.playedMs)) {
		rows.push([m.played_label(), durationText(record.playedMs), ...blanks]);
	}
	if (record?.notes) rows.push([m.notes_csv(), record.notes, ...blanks]);
	return BOM + rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * A result to share as text: the winner line, then each side's total, best first; given the
 * match's record, the time played (from a minute) and the note below them.
 */
export function resultText(
	game: string,
	sheet: ScoreSheet,
	names: readonly string[],
	winnerLine: string,
	record?: MatchRecord
): string {
	const order = sheet.sides
		.map((side, index) => ({ name: sideName(side.seats, names), total: sheet.totals[index] }))
		.sort((a, b) => (sheet.lowerWins ? a.total - b.total : b.total - a.total));
	const kept = [
		...(record && timeToSay(record.playedMs)
			? [m.played_line({ time: durationText(record.playedMs) })]
			: []),
		...(record?.notes ? [m.notes_line({ note: record.notes })] : [])
	];
	return [
		`${game}: ${winnerLine}`,
		...order.map((row) => `${row.name} ${row.total}`),
		...kept,
		'',
		'Passpad'
	].join('\n');
}
