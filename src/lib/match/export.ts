import type { ScoreSheet } from '$lib/rules/common';
import { sideName } from './summary';
import { unisolate } from './names';
import { durationText, timeToSay } from './duration';
import { m } from '$lib/paraglide/messages';
import { getLocale } from '$lib/paraglide/runtime';
import { sidesCounted, type Verdict } from './verdict';

/** What a match keeps beside its score: the players' note and the time played. */
export interface MatchRecord {
	notes: string;
	playedMs: number;
}

type Label = (code: string, params?: Readonly<Record<string, string | number>>) => string;

/**
 * How a spreadsheet in the player's language reads a file: English ones split on commas and
 * read 1.5; French ones (Excel, LibreOffice set to French) split on semicolons and read 1,5.
 */
export interface CsvDialect {
	readonly separator: ',' | ';';
	readonly decimal: '.' | ',';
}

export function csvDialect(language: string = getLocale()): CsvDialect {
	return language.startsWith('fr')
		? { separator: ';', decimal: ',' }
		: { separator: ',', decimal: '.' };
}

/**
 * A spreadsheet cell: quoted when it holds the separator, a quote or a line break (RFC 4180).
 * Text that begins like a formula (= + - @, tab, carriage return) gets a leading apostrophe,
 * so a player named =HYPERLINK(…) is read as text, never run (OWASP, CSV injection).
 * Scores are numbers and stay numbers, negative ones too, with the language's decimal mark.
 */
function cell(value: string | number | null, dialect: CsvDialect): string {
	let text =
		value === null
			? ''
			: typeof value === 'number'
				? String(value).replace('.', dialect.decimal)
				: value;
	if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
	const quote = text.includes(dialect.separator) || /["\n\r]/.test(text);
	return quote ? `"${text.replaceAll('"', '""')}"` : text;
}

/** U+FEFF first: spreadsheets then read the file as UTF-8 ("Chloé", not "ChloÃ©"). */
const BOM = '\uFEFF';

/** The match above its sheet: what a spreadsheet shows before the scores. */
export interface CsvHeading {
	/** the game's name and what it is: "Pass Pass (cards, Funnyfox)" */
	readonly game: string;
	/** the day, as the device writes it */
	readonly date: string;
	readonly players: readonly string[];
	readonly verdict: Verdict;
}

/**
 * The score sheet as CSV: given a heading, the match first (game, date, players, winner, how it
 * was won, Pass Pass ticks) and a blank row; then one column a side, one row a round (or line),
 * totals; then, given the match's record, a row for the time played (from a minute) and one
 * for the note (in the first side's column, the other cells empty, so every row has as many
 * cells). Separator and decimal mark follow the language (csvDialect).
 */
export function sheetCsv(
	sheet: ScoreSheet,
	shown: readonly string[],
	label: Label,
	total: string,
	record?: MatchRecord,
	heading?: CsvHeading,
	dialect: CsvDialect = csvDialect()
) {
	const names = shown.map(unisolate);
	const blanks = sheet.sides.slice(1).map(() => null);
	const rows: (string | number | null)[][] = [];
	if (heading) {
		const { verdict } = heading;
		const line = (name: string, value: string) => rows.push([name, value, ...blanks]);
		line(m.csv_game(), heading.game);
		line(m.csv_date(), heading.date);
		line(m.csv_players(), heading.players.map(unisolate).join(', '));
		if (verdict.winners.length === 0) line(m.csv_winner(), unisolate(verdict.winnerLine));
		else
			line(
				verdict.winners.length > 1 ? m.csv_winners() : m.csv_winner(),
				verdict.winners.map(unisolate).join(', ')
			);
		if (verdict.why) line(m.csv_how(), verdict.why);
		if (verdict.ticks) {
			line(m.csv_ticks(), sidesCounted(verdict.ticks, names));
		}
		rows.push(['', ...blanks]);
	}
	rows.push(
		['', ...sheet.sides.map((side) => sideName(side.seats, names))],
		...sheet.rows.map((row) => [label(row.label.code, row.label.params), ...row.cells]),
		[total, ...sheet.totals]
	);
	if (record && timeToSay(record.playedMs)) {
		rows.push([m.played_label(), durationText(record.playedMs), ...blanks]);
	}
	if (record?.notes) rows.push([m.notes_csv(), record.notes, ...blanks]);
	const written = rows.map((row) =>
		row.map((value) => cell(value, dialect)).join(dialect.separator)
	);
	return BOM + written.join('\r\n') + '\r\n';
}

/**
 * A result to share as text: the winner line, why it was won and the Pass Pass ticks where the
 * game keeps them, then each side's total, the winners first as on the final standing (a tie on
 * points decided by ticks, a third Pass Pass), the others best first; given the match's record,
 * the time played (from a minute) and the note below them.
 */
export function resultText(
	game: string,
	sheet: ScoreSheet,
	names: readonly string[],
	verdict: Pick<Verdict, 'winnerLine' | 'why' | 'ticksLine'> &
		Partial<Pick<Verdict, 'winnerSides'>>,
	record?: MatchRecord
): string {
	const won = new Set(verdict.winnerSides ?? []);
	const order = sheet.sides
		.map((side, index) => ({
			name: sideName(side.seats, names),
			total: sheet.totals[index],
			won: won.has(index)
		}))
		.sort(
			(a, b) =>
				Number(b.won) - Number(a.won) || (sheet.lowerWins ? a.total - b.total : b.total - a.total)
		);
	const kept = [
		...(record && timeToSay(record.playedMs)
			? [m.played_line({ time: durationText(record.playedMs) })]
			: []),
		...(record?.notes ? [m.notes_line({ note: record.notes })] : [])
	];
	return [
		// a message, not a colon in code: French wants its narrow no-break space before it
		m.share_headline({ game, winner: verdict.winnerLine }),
		...[verdict.why, verdict.ticksLine].filter(Boolean),
		...order.map((row) => `${row.name} ${row.total}`),
		...kept,
		'',
		'Passpad'
	].join('\n');
}
