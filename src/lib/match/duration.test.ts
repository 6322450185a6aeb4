import { describe, expect, it } from 'vitest';
import {
	durationText,
	firstLine,
	fromHoursAndMinutes,
	hoursAndMinutes,
	timeToSay
} from './duration';

const minute = 60_000;
const nbsp = '\u00a0';

describe('time played in words, the same everywhere', () => {
	it.each([
		[0, '0 minutes', '0 minute'],
		[minute, '1 minute', '1 minute'],
		[29_000, '0 minutes', '0 minute'], // to the nearest minute
		[90_000, '2 minutes', '2 minutes'],
		[59 * minute, '59 minutes', '59 minutes'],
		[60 * minute, `1${nbsp}h${nbsp}00`, `1${nbsp}h${nbsp}00`],
		[65 * minute, `1${nbsp}h${nbsp}05`, `1${nbsp}h${nbsp}05`],
		[(12 * 60 + 30) * minute, `12${nbsp}h${nbsp}30`, `12${nbsp}h${nbsp}30`]
	])('%i ms: "%s" in English, "%s" in French (plurals by count)', (ms, en, fr) => {
		expect(durationText(ms, 'en')).toBe(en);
		expect(durationText(ms, 'fr')).toBe(fr);
	});

	it('hours and minutes as the players enter them, and back', () => {
		expect(hoursAndMinutes(65 * minute)).toEqual({ hours: 1, minutes: 5 });
		expect(fromHoursAndMinutes(1, 5)).toBe(65 * minute);
		expect(fromHoursAndMinutes(0, 90)).toBe(90 * minute);
		expect(fromHoursAndMinutes(Number.NaN, 7)).toBe(7 * minute); // a blank field is 0
		expect(fromHoursAndMinutes(-2, 3)).toBe(3 * minute);
	});

	it("a note's first line for lists", () => {
		expect(firstLine('  At the café\nSam late')).toBe('At the café');
		expect(firstLine('')).toBe('');
	});
});

describe('a time played is said in lists and shares from a minute on', () => {
	it.each([
		[0, false],
		[59_999, false],
		[60_000, true]
	])('%i ms: %s', (ms, said) => {
		expect(timeToSay(ms)).toBe(said);
	});
});
