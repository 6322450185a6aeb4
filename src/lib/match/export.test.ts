import { describe, expect, it } from 'vitest';
import type { ScoreSheet } from '$lib/rules/common';
import { csvDialect, resultText, sheetCsv } from './export';

const sheet: ScoreSheet = {
	sides: [{ seats: [0, 2] }, { seats: [1, 3] }],
	rows: [
		{ label: { code: 'deal', params: { deal: 1 } }, cells: [0, 12] },
		{ label: { code: 'deal', params: { deal: 2 } }, cells: [7, null] }
	],
	totals: [7, 12],
	lowerWins: true
};
/** a verdict with nothing but its winner line */
const said = (winnerLine: string) => ({ winnerLine, why: '', ticksLine: '' });
const names = ['Léa', 'Sam "the hand"', 'Noor', 'Ben, Jr.'];
const label = (code: string, params?: Readonly<Record<string, string | number>>) =>
	`${code} ${params?.deal}`;

describe('a match for a spreadsheet and for sharing', () => {
	it('CSV: a column a side, a row a deal, totals; quotes what needs quoting', () => {
		expect(sheetCsv(sheet, names, label, 'Total')).toBe(
			'\uFEFF,Léa and Noor,"Sam ""the hand"" and Ben, Jr."\r\n' +
				'deal 1,0,12\r\n' +
				'deal 2,7,\r\n' +
				'Total,7,12\r\n'
		);
	});

	it('shared text: the winner line, then totals best first (lowest when lower wins)', () => {
		expect(resultText('Pass-Pass', sheet, names, said('Léa and Noor win!'))).toBe(
			'Pass-Pass: Léa and Noor win!\nLéa and Noor 7\nSam "the hand" and Ben, Jr. 12\n\nPasspad'
		);
		expect(resultText('X', { ...sheet, lowerWins: false }, names, said('w')).split('\n')[1]).toBe(
			'Sam "the hand" and Ben, Jr. 12'
		);
	});
});

describe('CSV: hostile names and spreadsheets', () => {
	const two: ScoreSheet = {
		sides: [{ seats: [0] }, { seats: [1] }],
		rows: [{ label: { code: 'deal', params: { deal: 1 } }, cells: [-3, 12] }],
		totals: [-3, 12],
		lowerWins: false
	};
	const lines = (csv: string) => csv.replace(/^\uFEFF/, '').split('\r\n');

	it('starts with a byte-order mark, so a spreadsheet reads "Chloé" in UTF-8', () => {
		const csv = sheetCsv(two, ['Chloé', 'Ben'], label, 'Total');
		expect(csv.charCodeAt(0)).toBe(0xfeff);
		expect(lines(csv)[0]).toBe(',Chloé,Ben');
	});

	it.each([
		['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
		['+1+1', "'+1+1"],
		['-2+3', "'-2+3"],
		['@SUM(A1)', "'@SUM(A1)"],
		['\tTab', "'\tTab"],
		['\rCR', `"'\rCR"`]
	])('a name that begins like a formula is written as text: %j', (name, written) => {
		const csv = sheetCsv(two, [name, 'Ben'], label, 'Total');
		expect(csv.startsWith(`\uFEFF,${written},Ben\r\n`)).toBe(true);
	});

	it('scores stay numbers, negative ones too', () => {
		expect(lines(sheetCsv(two, ['Ana', 'Ben'], label, 'Total')).slice(1, 3)).toEqual([
			'deal 1,-3,12',
			'Total,-3,12'
		]);
	});

	it('names isolated for the screen (U+2068 … U+2069) are written raw', () => {
		const csv = sheetCsv(two, ['\u2068Ana\u2069', '\u2068\u202eBen\u2069'], label, 'Total');
		expect(lines(csv)[0]).toBe(',Ana,\u202eBen');
	});
});

describe('the time played and the note go with the result', () => {
	const record = { notes: 'At the café, "big" night\nSam arrived late', playedMs: 65 * 60_000 };

	it('shared text: the time played and the note below the totals', () => {
		const text = resultText('Pass-Pass', sheet, names, said('Léa and Noor win!'), record);
		expect(text.split('\n').slice(3)).toEqual([
			'Time played: 1\u00a0h\u00a005',
			'Note: At the café, "big" night',
			'Sam arrived late',
			'',
			'Passpad'
		]);
		expect(resultText('X', sheet, names, said('w'), { notes: '', playedMs: 60_000 })).toContain(
			'Time played: 1 minute\n\nPasspad'
		);
		// under a minute and no note: the result alone, not "0 minutes"
		expect(resultText('X', sheet, names, said('w'), { notes: '', playedMs: 59_000 })).toBe(
			resultText('X', sheet, names, said('w'))
		);
	});

	it('CSV: a row for the time played and one for the note, as many cells as every row, the note quoted', () => {
		const csv = sheetCsv(sheet, names, label, 'Total', record);
		const rows = csv.replace(/^\uFEFF/, '').split('\r\n');
		expect(rows.slice(3)).toEqual([
			'Total,7,12',
			'Time played,1\u00a0h\u00a005,',
			'Note,"At the café, ""big"" night\nSam arrived late",',
			''
		]);
		// no note and under a minute: nothing more than the sheet
		expect(sheetCsv(sheet, names, label, 'Total', { notes: '', playedMs: 59_000 })).toBe(
			sheetCsv(sheet, names, label, 'Total')
		);
	});

	it('a note that begins like a formula is written as text', () => {
		const csv = sheetCsv(sheet, names, label, 'Total', { notes: '=1+1', playedMs: 0 });
		expect(csv).toContain("Note,'=1+1,");
	});
});

describe('CSV in the language of the spreadsheet that opens it', () => {
	const two: ScoreSheet = {
		sides: [{ seats: [0] }, { seats: [1] }],
		rows: [{ label: { code: 'deal', params: { deal: 1 } }, cells: [-3, 2.5] }],
		totals: [-3, 2.5],
		lowerWins: false
	};

	it('English: commas between cells, a decimal point', () => {
		expect(csvDialect('en')).toEqual({ separator: ',', decimal: '.' });
		const csv = sheetCsv(
			two,
			['Ana', 'Ben; Jr.'],
			label,
			'Total',
			undefined,
			undefined,
			csvDialect('en')
		);
		expect(csv).toBe('\uFEFF,Ana,Ben; Jr.\r\ndeal 1,-3,2.5\r\nTotal,-3,2.5\r\n');
	});

	it('French: semicolons between cells, a decimal comma; a cell holding a semicolon quoted; the mark and the formula guard kept', () => {
		expect(csvDialect('fr')).toEqual({ separator: ';', decimal: ',' });
		const csv = sheetCsv(
			two,
			['=Ana', 'Ben; Jr.'],
			label,
			'Total',
			undefined,
			undefined,
			csvDialect('fr')
		);
		expect(csv).toBe('\uFEFF;\'=Ana;"Ben; Jr."\r\ndeal 1;-3;2,5\r\nTotal;-3;2,5\r\n');
	});
});

describe('the share text in French', () => {
	it('a narrow no-break space before the colon after the game, as every French message has', async () => {
		const { overwriteGetLocale, getLocale } = await import('$lib/paraglide/runtime');
		const original = getLocale;
		overwriteGetLocale(() => 'fr');
		try {
			expect(resultText('Pass Pass', sheet, names, said('Léa gagne\u202f!')).split('\n')[0]).toBe(
				'Pass Pass\u202f: Léa gagne\u202f!'
			);
		} finally {
			overwriteGetLocale(original);
		}
	});
});
