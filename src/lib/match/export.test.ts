import { describe, expect, it } from 'vitest';
import type { ScoreSheet } from '$lib/rules/common';
import { resultText, sheetCsv } from './export';

const sheet: ScoreSheet = {
	sides: [{ seats: [0, 2] }, { seats: [1, 3] }],
	rows: [
		{ label: { code: 'deal', params: { deal: 1 } }, cells: [0, 12] },
		{ label: { code: 'deal', params: { deal: 2 } }, cells: [7, null] }
	],
	totals: [7, 12],
	lowerWins: true
};
const names = ['Léa', 'Sam "the hand"', 'Noor', 'Ben, Jr.'];
const label = (code: string, params?: Readonly<Record<string, string | number>>) =>
	`${code} ${params?.deal}`;

describe('a match for a spreadsheet and for sharing', () => {
	it('CSV: a column a side, a row a deal, totals; quotes what needs quoting', () => {
		expect(sheetCsv(sheet, names, label, 'Total')).toBe(
			',Léa & Noor,"Sam ""the hand"" & Ben, Jr."\r\n' +
				'deal 1,0,12\r\n' +
				'deal 2,7,\r\n' +
				'Total,7,12\r\n'
		);
	});

	it('shared text: the winner line, then totals best first (lowest when lower wins)', () => {
		expect(resultText('Pass-Pass', sheet, names, 'Léa & Noor win!')).toBe(
			'Pass-Pass: Léa & Noor win!\nLéa & Noor 7\nSam "the hand" & Ben, Jr. 12\n\nPasspad'
		);
		expect(resultText('X', { ...sheet, lowerWins: false }, names, 'w').split('\n')[1]).toBe(
			'Sam "the hand" & Ben, Jr. 12'
		);
	});
});
